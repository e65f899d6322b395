/**
 * Keeps the objects of a finished run reachable until the next run starts.
 *
 * V8 holds the hidden classes ("maps") of an engine's objects only weakly once every object that
 * uses them is gone, and compiled code that relies on a map is thrown away when the map is
 * collected. Without this, a full garbage collection between two runs of a sweep (or the bench,
 * which collects before each timed run) freed the finished run's engine, its maps with it, and so
 * the optimised code of the whole engine: the next run started again from the interpreter.
 * Measured on the 16x16 mesh with 8-flit buffers at load 0.04, repeated runs with a collection
 * before each: 8.5-10 M flit-hops/s without this, about 13 M with it (the speed of runs that follow
 * each other without a collection). The objects are let go as the next run starts, so they never
 * add to the memory of a run.
 */
const kept: unknown[] = [];

/** A run starts: the objects kept from the run before may go. */
export function newRun(): void {
  kept.length = 0;
}

/** Keeps an object of this run (its engine, its traffic source) until the next run starts. */
export function keepWarm(object: unknown): void {
  kept.push(object);
}

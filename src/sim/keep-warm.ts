/**
 * Keeps the objects of the latest run reachable until the next run replaces them.
 *
 * V8 holds the hidden classes ("maps") of an engine's objects only weakly once every object that
 * uses them is gone, and compiled code that relies on a map is thrown away when the map is
 * collected. Without this, a full garbage collection between two runs of a sweep (or the bench,
 * which collects before each timed run) freed the finished run's engine, its maps with it, and so
 * the optimised code of the whole engine: every run started again from the interpreter. Measured on
 * the 16x16 mesh with 8-flit buffers at load 0.04, repeated runs with a collection before each:
 * 8.5-10 M flit-hops/s without this, about 13 M with it (the speed of runs that follow each other
 * without a collection). The cost is the memory of one finished run, held until the next starts.
 */
const latest: unknown[] = [];

/** A run has built its engine: keep its objects, and let the previous run's go. */
export function keepWarm(engine: unknown): void {
  latest.length = 0;
  latest.push(engine);
}

/** Keeps an object a run makes as it goes (its traffic source) with the run's engine. */
export function keepWarmToo(object: unknown): void {
  latest.push(object);
}

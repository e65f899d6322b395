import { longer } from '../../util/longer.js';
/**
 * A set of worm ids in an array, with each one's place: added at the end, removed by moving the
 * last into its place. A visit from the last place to the first may remove the worm it is at.
 * The order is part of the results where a visit makes calls (streaming worms' deliveries), so it
 * is this and nothing else.
 */
export class WormList {
  ids: Int32Array<ArrayBuffer> = new Int32Array(16);
  count = 0;
  private pos: Int32Array<ArrayBuffer> = new Int32Array(64);

  add(w: number): void {
    if (w >= this.pos.length) this.pos = longer(this.pos, Math.max(2 * this.pos.length, w + 1));
    if (this.count === this.ids.length) this.ids = longer(this.ids, 2 * this.ids.length);
    this.pos[w] = this.count;
    this.ids[this.count++] = w;
  }

  remove(w: number): void {
    const p = this.pos[w]!;
    const last = this.ids[--this.count]!;
    this.ids[p] = last;
    this.pos[last] = p;
  }
}

/** A copy of `a` lengthened to n entries, the new ones set to `fill`. */
/**
 * What streaming and packed worms (streams.ts, packed.ts) keep per worm id, grown with the engine's
 * worm table: each is a chain of buffers from its oldest to its front that moves as a unit.
 */
export abstract class UnitRecords {
  /** The buffer at its front (where its header is), whose moves the chain follows. */
  protected front: Int32Array<ArrayBuffer> = new Int32Array(0);
  /** The oldest buffer it still holds (the next to be freed). */
  protected oldest: Int32Array<ArrayBuffer> = new Int32Array(0);
  /** When the tail leaves `oldest`: a cycle for a streaming worm, a shift for a packed one. */
  protected due: Int32Array<ArrayBuffer> = new Int32Array(0);
  /** Flits a step moves over network channels (its network buffers still receiving one). */
  protected rate: Int32Array<ArrayBuffer> = new Int32Array(0);
  /** Its injection buffer, taken off the processors' list meanwhile, or -1. */
  protected src: Int32Array<ArrayBuffer> = new Int32Array(0);
  /** The worms in the chain now. */
  protected readonly worms = new WormList();

  /** Room for worm id w: the records doubled (at least 64) when it is beyond them. */
  protected roomFor(w: number): void {
    if (w >= this.front.length) this.growRecords(Math.max(2 * this.front.length, w + 1, 64));
  }

  /** Room for worm ids below n; a subclass grows its own per-worm records here too. */
  protected growRecords(n: number): void {
    this.front = longer(this.front, n);
    this.oldest = longer(this.oldest, n);
    this.due = longer(this.due, n);
    this.rate = longer(this.rate, n);
    this.src = longer(this.src, n);
  }
}

/**
 * Min-heap of timed events keyed by (time, insertion order), so events at equal times come out in
 * the order they were scheduled: determinism does not depend on heap internals.
 */
export class EventHeap<T> {
  private times: number[] = [];
  private seqs: number[] = [];
  private items: T[] = [];
  private seq = 0;

  get size(): number {
    return this.items.length;
  }

  /** Time of the earliest event, or Infinity. */
  peekTime(): number {
    return this.items.length > 0 ? this.times[0]! : Number.POSITIVE_INFINITY;
  }

  push(time: number, item: T): void {
    const times = this.times;
    const seqs = this.seqs;
    const items = this.items;
    let i = items.length;
    const s = this.seq++;
    times.push(time);
    seqs.push(s);
    items.push(item);
    while (i > 0) {
      const p = (i - 1) >> 1;
      if (times[p]! < time || (times[p] === time && seqs[p]! < s)) break;
      times[i] = times[p]!;
      seqs[i] = seqs[p]!;
      items[i] = items[p]!;
      i = p;
    }
    times[i] = time;
    seqs[i] = s;
    items[i] = item;
  }

  pop(): T | undefined {
    const items = this.items;
    if (items.length === 0) return undefined;
    const top = items[0]!;
    const times = this.times;
    const seqs = this.seqs;
    const lastT = times.pop()!;
    const lastS = seqs.pop()!;
    const lastI = items.pop()!;
    const n = items.length;
    if (n > 0) {
      let i = 0;
      for (;;) {
        const l = 2 * i + 1;
        if (l >= n) break;
        const r = l + 1;
        let c = l;
        if (r < n && (times[r]! < times[l]! || (times[r] === times[l] && seqs[r]! < seqs[l]!))) c = r;
        if (times[c]! > lastT || (times[c] === lastT && seqs[c]! > lastS)) break;
        times[i] = times[c]!;
        seqs[i] = seqs[c]!;
        items[i] = items[c]!;
        i = c;
      }
      times[i] = lastT;
      seqs[i] = lastS;
      items[i] = lastI;
    }
    return top;
  }
}

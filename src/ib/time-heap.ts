/**
 * A binary min-heap of (time, kind, id) events in typed arrays, grown by doubling: the packet-level
 * path schedules a few events per packet and hop, with no object per event. Events of equal time
 * come out in no particular order; the packet path decides a cycle only after taking all its
 * events, so their order never matters.
 */
export class TimeHeap {
  private times = new Float64Array(1024);
  private tags = new Int32Array(1024);
  private n = 0;

  get size(): number {
    return this.n;
  }

  peekTime(): number {
    return this.n > 0 ? this.times[0]! : Number.POSITIVE_INFINITY;
  }

  /** Kind of the earliest event (0..7). */
  peekKind(): number {
    return this.tags[0]! & 7;
  }

  push(time: number, kind: number, id: number): void {
    if (this.n === this.times.length) this.grow();
    const tag = (id << 3) | kind;
    let i = this.n++;
    const times = this.times;
    const tags = this.tags;
    while (i > 0) {
      const p = (i - 1) >> 1;
      if (times[p]! <= time) break;
      times[i] = times[p]!;
      tags[i] = tags[p]!;
      i = p;
    }
    times[i] = time;
    tags[i] = tag;
  }

  /** Removes the earliest event and returns its id. */
  pop(): number {
    const times = this.times;
    const tags = this.tags;
    const top = tags[0]! >> 3;
    const n = --this.n;
    if (n > 0) {
      const time = times[n]!;
      const tag = tags[n]!;
      let i = 0;
      for (;;) {
        let c = 2 * i + 1;
        if (c >= n) break;
        if (c + 1 < n && times[c + 1]! < times[c]!) c++;
        if (times[c]! >= time) break;
        times[i] = times[c]!;
        tags[i] = tags[c]!;
        i = c;
      }
      times[i] = time;
      tags[i] = tag;
    }
    return top;
  }

  private grow(): void {
    const t = new Float64Array(this.times.length * 2);
    t.set(this.times);
    this.times = t;
    const g = new Int32Array(this.tags.length * 2);
    g.set(this.tags);
    this.tags = g;
  }
}

/**
 * The pipelines of 002's two input-buffer organisations that avoid a chunk-wide crossbar, cycle by
 * cycle, to show they match the chunk-wide crossbar's rate (002 sec. 5.2: "there is no loss in
 * performance"). Not used by the simulation, which times all three organisations alike; tests
 * reproduce 002 Fig. 12 (its table of the first cycles survives in the text) from these, and check
 * that split-RAM ports (sec. 5.2.2: each reads the flit-wide RAMs in sequence) started a cycle
 * apart never read one RAM together.
 *
 * Register staircase (sec. 5.2.1, Fig. 11-12): k registers R0..R(k-1) per input buffer. Output ports
 * that want the input take turns at its RAM, one chunk read per cycle, into R0; a port reading chunk
 * q at cycle c takes flit f of it from R_f at cycle c + 1 + f (moving the rest on to R_(f+1)) and puts
 * it on its link one cycle later; it reads its next chunk k cycles after the previous one.
 */
export interface StaircaseEvent {
  port: number;
  chunk: number;
  /** Cycle the chunk is read from the RAM into R0. */
  read: number;
  /** Cycle each flit of the chunk goes onto the port's link. */
  emit: number[];
}

/** Ports (indexed 0..) ready at `ready[j]`, each reading `chunks` chunks of one input, k-flit chunks. */
export function staircase(k: number, ready: readonly number[], chunks: number): StaircaseEvent[] {
  const next = ready.map((r) => r);
  const done = ready.map(() => 0);
  const lastServed = ready.map(() => -1);
  const out: StaircaseEvent[] = [];
  for (let c = Math.min(...ready); done.some((d) => d < chunks); c++) {
    // One RAM read per cycle: the least recently served waiting port (ties: lowest port).
    let pick = -1;
    for (let j = 0; j < ready.length; j++) {
      if (done[j]! >= chunks || next[j]! > c) continue;
      if (pick < 0 || lastServed[j]! < lastServed[pick]!) pick = j;
    }
    if (pick < 0) continue;
    const emit = Array.from({ length: k }, (_, f) => c + 2 + f);
    out.push({ port: pick, chunk: done[pick]!, read: c, emit });
    done[pick]!++;
    lastServed[pick] = c;
    next[pick] = c + k;
  }
  return out;
}

/** Which register each port's chunk occupies at each cycle: R_f at cycle read + f (f = 0..k-1). */
export function registerUse(k: number, events: readonly StaircaseEvent[]): Map<string, number> {
  const use = new Map<string, number>();
  for (const e of events)
    for (let f = 0; f < k; f++) {
      const key = `${e.read + f}:R${f}`;
      use.set(key, (use.get(key) ?? 0) + 1);
    }
  return use;
}

/**
 * Split RAM (sec. 5.2.2, Fig. 13): k flit-wide RAMs per input, flit i of a chunk in RAM i mod k. A
 * port starting at cycle s reads flit i from RAM (i mod k) at s + i, holds it in its register, moves
 * it to its output buffer at s + i + 1 and onto the link at s + i + 2. Returns per port the RAM read
 * at each cycle, to check that ports started one cycle apart never read the same RAM together.
 */
export function splitRamReads(
  k: number,
  starts: readonly number[],
  flits: number,
): Array<Map<number, number>> {
  return starts.map((s) => {
    const m = new Map<number, number>();
    for (let i = 0; i < flits; i++) m.set(s + i, i % k);
    return m;
  });
}

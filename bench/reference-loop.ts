import { performance } from 'node:perf_hooks';

const N = 1 << 16;
/** Passes per reading: some 35 ms on a quick machine of the project's kind. */
const PASSES = 100;

/**
 * A fixed piece of work timed beside the bench's runs, in the same process: how fast the machine
 * ran this process at that moment, so that a slow figure can be told from a slow engine.
 *
 * On the project's shared machines a process runs for seconds to minutes either at full speed or at
 * about half of it, whatever it runs, and the engine's figures follow (docs/bench.md, "A slow
 * machine or a slow engine"): a point whose reading here is high ran on a slow machine. The loop
 * has the engine's kind of work (typed arrays read at random and written, a branch on the data)
 * and nothing else: no allocation, no calls.
 */
export class ReferenceLoop {
  private readonly a = new Int32Array(N);
  private readonly b = new Int32Array(N);
  /** The checksum of the last reading: the same for every reading, since each starts from the same arrays. */
  checksum = 0;

  /** One reading: the milliseconds of PASSES passes over arrays reset to the same contents. */
  time(): number {
    this.reset();
    const t0 = performance.now();
    let s = 0;
    for (let r = 0; r < PASSES; r++) s = this.pass(s);
    const ms = performance.now() - t0;
    this.checksum = s;
    return ms;
  }

  private reset(): void {
    let x = 12345;
    for (let i = 0; i < N; i++) {
      x = (Math.imul(x, 1103515245) + 12345) | 0;
      this.a[i] = (x >>> 8) & (N - 1);
      this.b[i] = i;
    }
  }

  private pass(s: number): number {
    const a = this.a;
    const b = this.b;
    for (let i = 0; i < N; i++) {
      const j = a[i]!;
      s = (s + b[j]!) | 0;
      b[j] = s & (N - 1);
      if ((s & 3) === 0) a[i] = (j + i) & (N - 1);
    }
    return s;
  }
}

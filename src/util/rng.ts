/**
 * Seeded pseudo-random numbers: xoshiro128** (Blackman & Vigna), seeded through splitmix32.
 * Each (seed, stream) pair is an independent sequence, so every traffic source gets its own stream
 * and adding a node does not shift the numbers of the others. Bit-exact across platforms
 * (32-bit integer arithmetic only). No other source of randomness is used anywhere in mcsim.
 */
export class Rng {
  private a: number;
  private b: number;
  private c: number;
  private d: number;

  constructor(seed: number, stream = 0) {
    let s = (Math.imul(seed >>> 0, 0x9e3779b1) ^ Math.imul((stream + 1) >>> 0, 0x85ebca6b)) >>> 0;
    const next = (): number => {
      s = (s + 0x9e3779b9) >>> 0;
      let z = s;
      z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
      z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
      return (z ^ (z >>> 16)) >>> 0;
    };
    this.a = next();
    this.b = next();
    this.c = next();
    this.d = next();
    if ((this.a | this.b | this.c | this.d) === 0) this.a = 1;
  }

  /** Uniform 32-bit unsigned integer. */
  u32(): number {
    const result = Math.imul(rotl(Math.imul(this.b, 5), 7), 9) >>> 0;
    const t = this.b << 9;
    this.c ^= this.a;
    this.d ^= this.b;
    this.b ^= this.c;
    this.a ^= this.d;
    this.c ^= t;
    this.d = rotl(this.d, 11);
    return result;
  }

  /** Uniform in [0, 1) with 32 bits of resolution. */
  next(): number {
    return this.u32() / 4294967296;
  }

  /** Uniform integer in [0, n). Rejection sampling keeps it unbiased. */
  int(n: number): number {
    if (n <= 0) throw new RangeError(`Rng.int: n must be positive, got ${n}`);
    const limit = 4294967296 - (4294967296 % n);
    let x = this.u32();
    while (x >= limit) x = this.u32();
    return x % n;
  }

  /** Exponentially distributed with the given rate (mean 1/rate). */
  exp(rate: number): number {
    return -Math.log(1 - this.next()) / rate;
  }

  /** Standard normal deviate (Box-Muller, one value per call). */
  normal(): number {
    const u = 1 - this.next();
    const v = this.next();
    return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
  }

  /** k distinct values drawn uniformly from [0, n) excluding `exclude` (-1 for none), in draw order. */
  sample(n: number, k: number, exclude = -1): number[] {
    const pool: number[] = [];
    for (let i = 0; i < n; i++) if (i !== exclude) pool.push(i);
    if (k > pool.length) throw new RangeError(`Rng.sample: cannot draw ${k} of ${pool.length}`);
    for (let i = 0; i < k; i++) {
      const j = i + this.int(pool.length - i);
      const tmp = pool[i]!;
      pool[i] = pool[j]!;
      pool[j] = tmp;
    }
    return pool.slice(0, k);
  }
}

function rotl(x: number, k: number): number {
  return ((x << k) | (x >>> (32 - k))) >>> 0;
}

import { createHash } from 'node:crypto';
import { checkPath } from '../config/keys.js';
import { parseConfig } from '../config/load.js';
import type { McsimConfig } from '../config/schema.js';
import { McsimError } from '../util/errors.js';
import { VERSION } from '../version.js';
import type { Experiment } from './schema.js';

/** One simulation of a sweep: its parameters (path -> value), seed, and full config. */
export interface Point {
  /** Stable key of the point (parameters and seed): which point of the experiment it is. */
  key: string;
  /**
   * Hash of what shapes its result: the full resolved config and the mcsim version. A resumed
   * sweep reuses an earlier record of the same key only when this matches.
   */
  hash: string;
  index: number;
  params: Record<string, unknown>;
  seed: number;
  config: McsimConfig;
}

/** Deep merge of plain objects; arrays and scalars replace. */
export function merge(a: Record<string, unknown>, b: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = { ...a };
  for (const [k, v] of Object.entries(b)) {
    const cur = out[k];
    out[k] =
      v && typeof v === 'object' && !Array.isArray(v) && cur && typeof cur === 'object' && !Array.isArray(cur)
        ? merge(cur as Record<string, unknown>, v as Record<string, unknown>)
        : v;
  }
  return out;
}

function setPath(obj: Record<string, unknown>, path: string, value: unknown): void {
  checkPath(path, `axis "${path}"`);
  const keys = path.split('.');
  let cur = obj;
  for (const k of keys.slice(0, -1)) {
    if (!cur[k] || typeof cur[k] !== 'object') cur[k] = {};
    cur = cur[k] as Record<string, unknown>;
  }
  cur[keys[keys.length - 1]!] = value;
}

/** The experiment as run: with `quick`, its scaled-down overrides applied. */
export function effective(exp: Experiment, quick: boolean): Experiment {
  if (!quick || !exp.quick) return exp;
  return {
    ...exp,
    base: merge(exp.base, exp.quick.base),
    axes: exp.quick.axes ?? exp.axes,
    seeds: exp.quick.seeds ?? exp.seeds,
  };
}

/** Every point: series x axes (crossed, first axis slowest) x seeds, each validated as a config. */
export function expandPoints(exp: Experiment): Point[] {
  const dims = [...(exp.series ? [exp.series] : []), ...exp.axes];
  for (const d of dims)
    if (d.path === 'seed')
      throw new McsimError(
        `experiment ${exp.id}: axis "seed" would be overridden; list the seeds under "seeds"`,
      );
  const points: Point[] = [];
  const rec = (i: number, params: Record<string, unknown>) => {
    if (i === dims.length) {
      for (const seed of exp.seeds) {
        const obj = structuredClone(exp.base) as Record<string, unknown>;
        for (const [p, v] of Object.entries(params)) setPath(obj, p, v);
        obj.seed = seed;
        let config: McsimConfig;
        try {
          config = parseConfig(obj);
        } catch (e) {
          if (e instanceof McsimError)
            throw new McsimError(`experiment ${exp.id}, point ${JSON.stringify(params)}: ${e.message}`);
          throw e;
        }
        const key = JSON.stringify({ params, seed });
        const hash = pointHash(config);
        points.push({ key, hash, index: points.length, params: { ...params }, seed, config });
      }
      return;
    }
    for (const v of dims[i]!.values) rec(i + 1, { ...params, [dims[i]!.path]: v });
  };
  rec(0, {});
  return points;
}

/** sha256 (first 16 hex digits) of a point's resolved config and the version that simulates it. */
export function pointHash(config: McsimConfig): string {
  return createHash('sha256')
    .update(JSON.stringify({ version: VERSION, config }))
    .digest('hex')
    .slice(0, 16);
}

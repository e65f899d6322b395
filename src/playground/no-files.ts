import { McsimError } from '../util/errors.js';

/**
 * What `node:fs` is in the playground's browser bundle (scripts/build-playground.ts): the run path
 * reads no file, and a config that names one (a route table) gets one clear message instead.
 */
export function readFileSync(path: unknown): never {
  throw new McsimError(`cannot read "${String(path)}": the playground reads no files`);
}

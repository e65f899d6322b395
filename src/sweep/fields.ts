import type { PointRecord } from './record.js';

/** The value at a dotted path of an object, or undefined. */
export function getPath(obj: unknown, path: string): unknown {
  let cur = obj;
  for (const k of path.split('.')) {
    if (cur === null || typeof cur !== 'object') return undefined;
    cur = (cur as Record<string, unknown>)[k];
  }
  return cur;
}

/**
 * A sweep record's value at a path: a swept parameter (e.g. workload.load) or a field
 * (metrics.latency.mean). Paths joined by '+' name a compound value, the values joined by a space
 * (a plot series of several swept parameters, e.g. `workload.algorithm+network.switching`).
 */
export function valueAt(r: PointRecord, path: string): unknown {
  if (path.includes('+'))
    return path
      .split('+')
      .map((p) => String(valueAt(r, p)))
      .join(' ');
  return path in r.params ? r.params[path] : getPath(r, path);
}

/**
 * An error caused by the user's input (config field, node id, topology/routing mismatch, unreadable file).
 * The CLI prints `message` on one line and exits with code 2, without a stack trace.
 * Messages name what was wrong, where, and what is allowed, e.g.
 * `network.routing: "hc" does not fit topology mesh:4x4 (fits: ccc)`.
 */
export class McsimError extends Error {
  override readonly name = 'McsimError';
  /** Dotted path of the offending field, when there is one (e.g. `network.vcs`). */
  readonly field: string | undefined;
  constructor(message: string, field?: string) {
    super(field ? `${field}: ${message}` : message);
    this.field = field;
  }
}

/** Throws a McsimError when `cond` is false. */
export function check(cond: unknown, message: string, field?: string): asserts cond {
  if (!cond) throw new McsimError(message, field);
}

/** Prefixes a McsimError raised by `fn` with the config field it came from, unless it names one. */
export function withField<T>(field: string, fn: () => T): T {
  try {
    return fn();
  } catch (e) {
    if (e instanceof McsimError && e.field === undefined) throw new McsimError(e.message, field);
    throw e;
  }
}

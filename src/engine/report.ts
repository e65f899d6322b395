/** A deadlock as a run reports it (metrics.deadlock): when it was found, and what each worm in flight holds and waits for. */
export interface DeadlockReport {
  cycle: number;
  /** Cycles without any flit moving that triggered the report. */
  idleCycles: number;
  /** One entry per worm in flight. */
  worms: Array<{
    message: number;
    worm: number;
    source: string;
    holds: string[];
    waitsFor: string[];
  }>;
  /** Human-readable multi-line text of the same report. */
  text: string;
}

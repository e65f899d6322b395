import { appendFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { basename, extname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { parse as parseYaml } from 'yaml';
import type { RunMetrics } from '../metrics/types.js';
import { isObjectLine } from '../results/read.js';
import { appendJsonl, readJsonl, writeCsv } from '../results/writers.js';
import type { RunOutcome } from '../run/outcome.js';
import { McsimError } from '../util/errors.js';
import type { ClaimsOf } from './claims.js';
import { lockResults } from './lock.js';
import { effective, expandPoints, type Point } from './points.js';
import { latestPerKey, type PointRecord, recordOf, recordRows } from './record.js';
import { type Experiment, ExperimentSchema } from './schema.js';
import { reusedRecord, SharedPoints } from './shared-points.js';
import { summaryMarkdown } from './summary.js';

export interface SweepOptions {
  /** Worker threads (default: one per core). */
  workers?: number;
  outDir: string;
  quick?: boolean;
  /** Run only the points with index % count === index (one Slurm array task), into a shard file. */
  shard?: { index: number; count: number };
  /**
   * Draws the experiment's charts from its records (the CLI passes plot/from-records.ts's
   * plotExperiment: plots come after results, and sweep/ does not import plot/). Absent: no charts.
   */
  plot?: Plotter;
  /**
   * The claims the summary checks on the records (the CLI passes the paper reproduction's, which
   * src/ does not import). Absent: a summary without claims.
   */
  claims?: ClaimsOf;
  /** Called after each finished point with (done, total, failed). */
  progress?: (done: number, total: number, failed: number) => void;
}

/** Writes the charts of an experiment's records as PREFIX-1.svg/png, PREFIX-2...; returns their paths. */
export type Plotter = (
  exp: Experiment,
  records: PointRecord[],
  prefix: string,
) => Array<{ svg: string; png: string }>;

export interface SweepResult {
  file: string;
  csv: string;
  /** Markdown summary: tables of the plotted metrics and the claims checked on them. */
  md: string;
  /** Charts of the experiment's plot spec (SVG and PNG). */
  plots: Array<{ svg: string; png: string }>;
  records: PointRecord[];
  failed: number;
  /** Points simulated in this call. */
  ran: number;
  /** Points whose earlier record (same config, same mcsim version) was reused. */
  skipped: number;
  /** Of `ran`: points re-run because an earlier record had another config or mcsim version. */
  changed: number;
  /** Points taken from another experiment's results in the same folder (same config and seed, same version). */
  shared: number;
}

export function loadExperiment(path: string): Experiment {
  let raw: unknown;
  try {
    raw = parseYaml(readFileSync(path, 'utf8'));
  } catch (e) {
    throw new McsimError(
      `cannot read experiment "${path}": ${(e as NodeJS.ErrnoException).code ?? (e as Error).message.split('\n')[0]}`,
    );
  }
  const r = ExperimentSchema.safeParse(raw);
  if (!r.success) {
    const i = r.error.issues[0]!;
    throw new McsimError(`experiment "${path}": ${i.path.join('.')}: ${i.message}`);
  }
  return r.data;
}

/**
 * A run killed in the middle of a write may leave half a line: cut it, so appends stay whole lines.
 * A last line that is a whole record and only lacks its newline (an editor's doing) is kept.
 */
function dropPartialLine(file: string): void {
  if (!existsSync(file)) return;
  const text = readFileSync(file, 'utf8');
  if (text.length === 0 || text.endsWith('\n')) return;
  const cut = text.lastIndexOf('\n') + 1;
  if (isObjectLine(text.slice(cut))) appendFileSync(file, '\n');
  else writeFileSync(file, text.slice(0, cut));
}

export function resultsFile(exp: Experiment, outDir: string, quick: boolean): string {
  return join(outDir, `${exp.id}${quick ? '-quick' : ''}.jsonl`);
}

/**
 * Runs the points of an experiment on worker threads, appending each finished point to the
 * results file the moment it finishes. A point already in the file is reused only when its record
 * carries the same hash (resolved config and mcsim version) and ran to an end (completed, or
 * deadlocked or saturated, which the same config repeats; a point that threw runs again): an interrupted sweep
 * resumes where it stopped, and an edited experiment re-runs exactly the points it changed (a
 * newer line for a key supersedes the older ones). A point that another experiment in the same
 * folder has run with the same hash is taken from that record (shared-points.ts). A point that throws, deadlocks or ends with
 * measured messages unfinished is recorded as failed with its reason, and the sweep goes on.
 * The results file is locked while the sweep writes it.
 */
export async function runSweep(exp: Experiment, opts: SweepOptions): Promise<SweepResult> {
  const quick = opts.quick ?? false;
  const eff = effective(exp, quick);
  const shard = opts.shard;
  const points = expandPoints(eff).filter((p) => !shard || p.index % shard.count === shard.index);
  mkdirSync(opts.outDir, { recursive: true });
  const file = shard
    ? join(opts.outDir, `${exp.id}${quick ? '-quick' : ''}.shard-${shard.index}-of-${shard.count}.jsonl`)
    : resultsFile(exp, opts.outDir, quick);
  const unlock = lockResults(file, exp.id);
  try {
    dropPartialLine(file);
    const earlier = latestPerKey(readJsonl<PointRecord>(file));
    const done = new Map<string, PointRecord>();
    let changed = 0;
    for (const p of points) {
      const r = earlier.get(p.key);
      if (!r) continue;
      // A deadlock or saturation is deterministic in the config: reuse it like a completed run.
      // A point that threw (no outcome) may have failed for a passing reason: run it again.
      if (r.hash === p.hash && (r.status === 'ok' || r.outcome !== undefined)) done.set(p.key, r);
      else if (r.hash !== p.hash) changed++;
    }
    // A point another experiment of the folder has run already is taken from its record.
    const others = new SharedPoints(opts.outDir, file);
    let shared = 0;
    for (const p of points) {
      if (done.has(p.key)) continue;
      const r = others.find(p);
      if (!r) continue;
      const rec = reusedRecord(exp.id, p, r);
      appendJsonl(file, rec);
      done.set(p.key, rec);
      shared++;
    }
    const todo = points.filter((p) => !done.has(p.key));
    const workers = Math.max(1, Math.min(opts.workers ?? availableParallelism(), todo.length || 1));
    let failed = 0;
    let finished = 0;
    if (todo.length > 0) {
      await runPool(todo, workers, (p, res) => {
        const rec = pointRecord(exp.id, p, res);
        if (rec.status === 'failed') failed++;
        appendJsonl(file, rec);
        done.set(p.key, rec);
        finished++;
        opts.progress?.(finished, todo.length, failed);
      });
    }
    const records = points.map((p) => done.get(p.key)).filter((r): r is PointRecord => r !== undefined);
    const csv = file.replace(/\.jsonl$/, '.csv');
    writeCsv(csv, recordRows(records));
    const plots = !opts.plot || shard ? [] : opts.plot(exp, records, file.replace(/\.jsonl$/, ''));
    const md = file.replace(/\.jsonl$/, '.md');
    writeFileSync(
      md,
      summaryMarkdown(
        exp,
        records,
        quick ? 'quick' : '',
        plots.map((p) => basename(p.svg)),
        opts.claims?.(exp, records, siblingsIn(opts.outDir, quick)) ?? [],
      ),
    );
    return {
      file,
      csv,
      md,
      plots,
      records,
      failed: records.filter((r) => r.status === 'failed').length,
      ran: todo.length,
      skipped: points.length - todo.length - shared,
      changed,
      shared,
    };
  } finally {
    unlock();
  }
}

/** A point's record from its worker's reply: failed when it threw or did not run to completion. */
function pointRecord(experiment: string, p: Point, res: WorkerReply): PointRecord {
  const complete = res.ok && res.outcome?.status === 'complete';
  const error = !res.ok
    ? res.error
    : res.outcome && res.outcome.status !== 'complete'
      ? res.outcome.reason
      : undefined;
  return recordOf(experiment, p, {
    status: complete ? 'ok' : 'failed',
    ...(error !== undefined ? { error } : {}),
    ...(res.outcome ? { outcome: res.outcome } : {}),
    ...(res.metrics ? { metrics: res.metrics } : {}),
    seconds: res.seconds,
  });
}

/**
 * The results of other experiments in the same folder (same quick-ness), for claims that compare
 * two figures (e.g. 000 Figs. 10 and 11). Missing files give undefined: such claims are not checked.
 */
export function siblingsIn(outDir: string, quick: boolean): (id: string) => PointRecord[] | undefined {
  return (id) => {
    const f = join(outDir, `${id}${quick ? '-quick' : ''}.jsonl`);
    if (!existsSync(f)) return undefined;
    return [...latestPerKey(readJsonl<PointRecord>(f)).values()];
  };
}

interface WorkerReply {
  id: number;
  ok: boolean;
  outcome?: RunOutcome;
  metrics?: RunMetrics;
  error?: string;
  seconds: number;
}

function workerUrl(): URL {
  // The worker is a sibling module: worker.ts under tsx (tests), worker.js when built.
  const ext = extname(fileURLToPath(import.meta.url));
  const url = new URL(`./worker${ext}`, import.meta.url);
  if (!existsSync(fileURLToPath(url))) throw new Error(`sweep worker not found at ${url}`);
  return url;
}

/**
 * A worker thread running the sweep worker. From TypeScript sources (tests, tsx) loader flags do
 * not reach worker threads on Node 20, so a small bootstrap registers tsx first.
 */
function makeWorker(url: URL): Worker {
  if (!url.pathname.endsWith('.ts')) return new Worker(url);
  // tsx is resolved from this module, not from the working directory the user runs in.
  const api = import.meta.resolve('tsx/esm/api');
  const boot = `import(${JSON.stringify(api)}).then((m) => { m.register(); return import(${JSON.stringify(url.href)}); });`;
  return new Worker(boot, { eval: true });
}

/** A fixed pool of worker threads taking points from a shared queue, in point order. */
function runPool(points: Point[], n: number, onDone: (p: Point, r: WorkerReply) => void): Promise<void> {
  return new Promise((resolve, reject) => {
    let next = 0;
    let live = 0;
    const url = workerUrl();
    const start = (w: Worker) => {
      if (next >= points.length) {
        void w.terminate();
        if (--live === 0) resolve();
        return;
      }
      const id = next++;
      w.postMessage({ id, config: points[id]!.config });
    };
    for (let i = 0; i < n; i++) {
      const w = makeWorker(url);
      live++;
      w.on('message', (r: WorkerReply) => {
        onDone(points[r.id]!, r);
        start(w);
      });
      w.on('error', reject);
      start(w);
    }
  });
}

import { appendFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { basename, join } from 'node:path';
import { parse as parseYaml } from 'yaml';
import { issueToError } from '../config/load.js';
import { estimatedCost } from '../resources/cost.js';
import { cutLineStart } from '../results/read.js';
import { appendJsonl, readJsonl, writeCsv } from '../results/writers.js';
import { McsimError } from '../util/errors.js';
import type { ClaimsOf } from './claims.js';
import { lockResults } from './lock.js';
import { effective, expandPoints, type Point } from './points.js';
import { runPool, type WorkerReply } from './pool.js';
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
  /**
   * Called after each finished point with (done, total, failed, work): `work` is the share of the
   * pool's estimated cost done so far (resources/cost.ts), a better guide to the time left than the
   * count, since the costliest points run first.
   */
  progress?: (done: number, total: number, failed: number, work: number) => void;
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
  /** Worker threads the pool ran: those asked for, or fewer when fewer points were left to run. */
  workers: number;
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
    throw new McsimError(`experiment "${path}": ${issueToError(r.error.issues[0]!, raw).message}`);
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
  const cut = cutLineStart(text);
  if (cut < 0) appendFileSync(file, '\n');
  else writeFileSync(file, text.slice(0, cut));
}

export function resultsFile(exp: Experiment, outDir: string, quick: boolean): string {
  return join(outDir, `${exp.id}${quick ? '-quick' : ''}.jsonl`);
}

/**
 * Runs the points of an experiment in worker processes, appending each finished point to the
 * results file the moment it finishes: `runSweeps` with one experiment.
 */
export async function runSweep(exp: Experiment, opts: SweepOptions): Promise<SweepResult> {
  const [r] = await runSweeps([exp], opts);
  return r!;
}

/**
 * Runs the points of several experiments as one pool of worker processes, the costliest first
 * (resources/cost.ts), so that the whole set ends as early as its points allow instead of each
 * experiment waiting for its own slowest point; each finished point is appended to its
 * experiment's results file the moment it finishes, and each experiment's table, charts and
 * summary are written once every point has run. A point already in the file is reused only when
 * its record carries the same hash (resolved config and mcsim version) and ran to an end
 * (completed, or deadlocked or saturated, which the same config repeats; a point that threw runs
 * again): an interrupted sweep resumes where it stopped, and an edited experiment re-runs exactly
 * the points it changed (a newer line for a key supersedes the older ones). A point that another
 * experiment has run with the same hash, in the same folder or in the same pool, is taken from
 * that record (shared-points.ts). A point that throws, deadlocks or ends with measured messages
 * unfinished is recorded as failed with its reason, and the sweep goes on. The results files are
 * locked while the sweeps write them.
 */
export async function runSweeps(exps: readonly Experiment[], opts: SweepOptions): Promise<SweepResult[]> {
  mkdirSync(opts.outDir, { recursive: true });
  const plans: SweepPlan[] = [];
  try {
    for (const exp of exps) plans.push(planSweep(exp, opts));
    const jobs = poolJobs(plans);
    const workers = Math.max(1, Math.min(opts.workers ?? availableParallelism(), jobs.length || 1));
    let failed = 0;
    let finished = 0;
    const totalCost = jobs.reduce((a, j) => a + j.cost, 0);
    let doneCost = 0;
    if (jobs.length > 0) {
      await runPool(
        jobs.map((j) => j.config),
        workers,
        (i, res) => {
          const [lead, ...others] = jobs[i]!.members;
          const rec = pointRecord(lead!.plan.exp.id, lead!.point, res);
          if (rec.status === 'failed') failed++;
          lead!.plan.add(rec);
          lead!.plan.ran++;
          // Reused on the terms of shared-points.ts: completed, or ended with an outcome.
          const reusable = rec.status === 'ok' || rec.outcome !== undefined;
          for (const m of others) {
            m.plan.add(
              reusable ? reusedRecord(m.plan.exp.id, m.point, rec) : pointRecord(m.plan.exp.id, m.point, res),
            );
            if (reusable) m.plan.shared++;
            else m.plan.ran++;
          }
          finished++;
          doneCost += jobs[i]!.cost;
          opts.progress?.(
            finished,
            jobs.length,
            failed,
            totalCost > 0 ? doneCost / totalCost : finished / jobs.length,
          );
        },
      );
    }
    return plans.map((plan) => finishSweep(plan, opts, jobs.length > 0 ? workers : 0));
  } finally {
    for (const plan of plans) plan.unlock();
  }
}

/** One experiment of a pool: its points, what is already done, and what is left to run. */
interface SweepPlan {
  exp: Experiment;
  points: Point[];
  file: string;
  done: Map<string, PointRecord>;
  todo: Point[];
  /** Points simulated for it in this call, shared from other experiments, and re-run on a changed hash. */
  ran: number;
  shared: number;
  changed: number;
  /** Points whose own earlier record was reused. */
  skipped: number;
  /** Appends a finished point's record to the results file. */
  add(rec: PointRecord): void;
  unlock(): void;
}

/** Locks an experiment's results file and sorts its points into reused and still to run. */
function planSweep(exp: Experiment, opts: SweepOptions): SweepPlan {
  const quick = opts.quick ?? false;
  const shard = opts.shard;
  const points = expandPoints(effective(exp, quick)).filter(
    (p) => !shard || p.index % shard.count === shard.index,
  );
  const file = shard
    ? join(opts.outDir, `${exp.id}${quick ? '-quick' : ''}.shard-${shard.index}-of-${shard.count}.jsonl`)
    : resultsFile(exp, opts.outDir, quick);
  const unlock = lockResults(file, exp.id);
  // A results file that cannot be read leaves no lock behind.
  try {
    dropPartialLine(file);
    const earlier = latestPerKey(readJsonl<PointRecord>(file));
    const done = new Map<string, PointRecord>();
    const add = (rec: PointRecord) => {
      appendJsonl(file, rec);
      done.set(rec.key, rec);
    };
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
      add(reusedRecord(exp.id, p, r));
      shared++;
    }
    const todo = points.filter((p) => !done.has(p.key));
    return {
      exp,
      points,
      file,
      done,
      todo,
      ran: 0,
      shared,
      changed,
      skipped: points.length - todo.length - shared,
      add,
      unlock,
    };
  } catch (e) {
    unlock();
    throw e;
  }
}

/** One simulation of the pool and the experiments' points it gives the result of. */
interface PoolJob {
  config: Point['config'];
  /** Estimated cost (resources/cost.ts) and place in catalog and point order, which breaks ties. */
  cost: number;
  order: number;
  members: Array<{ plan: SweepPlan; point: Point }>;
}

/**
 * The pool's simulations, the costliest first: a config and seed that several experiments need
 * runs once, for the first of them (catalog order), and the others take its record.
 */
function poolJobs(plans: readonly SweepPlan[]): PoolJob[] {
  const jobs: PoolJob[] = [];
  const byHash = new Map<string, PoolJob>();
  for (const plan of plans)
    for (const point of plan.todo) {
      const j = byHash.get(point.hash);
      // Within one experiment every point runs on its own, as it always has.
      if (j && !j.members.some((m) => m.plan === plan)) {
        j.members.push({ plan, point });
        continue;
      }
      const job = {
        config: point.config,
        cost: estimatedCost(point.config),
        order: jobs.length,
        members: [{ plan, point }],
      };
      byHash.set(point.hash, job);
      jobs.push(job);
    }
  return jobs.sort((a, b) => b.cost - a.cost || a.order - b.order);
}

/** Writes an experiment's table, charts and summary from its records, in point order. */
function finishSweep(plan: SweepPlan, opts: SweepOptions, workers: number): SweepResult {
  const quick = opts.quick ?? false;
  const { exp, file } = plan;
  const records = plan.points
    .map((p) => plan.done.get(p.key))
    .filter((r): r is PointRecord => r !== undefined);
  const csv = file.replace(/\.jsonl$/, '.csv');
  writeCsv(csv, recordRows(records));
  const plots = !opts.plot || opts.shard ? [] : opts.plot(exp, records, file.replace(/\.jsonl$/, ''));
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
    ran: plan.ran,
    skipped: plan.skipped,
    changed: plan.changed,
    shared: plan.shared,
    workers,
  };
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

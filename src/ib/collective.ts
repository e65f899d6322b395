import { DeadlockError, Engine } from '../engine/engine.js';
import type { DeadlockReport } from '../engine/report.js';
import { unicastWorm, type WormSpec } from '../plan/worm.js';
import { ibSwitch } from '../router/ib.js';
import type { IbaMesh } from '../topology/ibmesh.js';
import { McsimError } from '../util/errors.js';
import { ibCreditSwitch } from './credit.js';
import { ibNetwork, slRouting } from './fabric.js';
import { xyLft } from './lft.js';
import { mftUnion } from './mft.js';
import { type PacketJob, runPackets } from './packet-sim.js';
import { hostLid } from './subnet.js';
import { mftWorm } from './tree.js';
import { slOf, type VlPolicy } from './vl.js';
import type { IbCollective } from './workload.js';

/** One run of a collective: scheme, VLs, packet length and which simulator runs it. */
export interface IbRunSpec {
  /** `mc`: one packet per source, replicated by its MFT (003 sec. 3.3.2); `uc`: one packet per member. */
  scheme: 'uc' | 'mc';
  policy: VlPolicy;
  vls: number;
  /** Packet length in flits. */
  length: number;
  routingDelay: number;
  /** `packet`: the event-driven packet-level path; `flit`: the flit-level engine with the `ib` switch model. */
  engine: 'packet' | 'flit';
  /** `credit` buffer mode: packets per VL FIFO (`creditSlots`); absent: `packet` mode. */
  creditSlots?: number;
}

export interface IbRunOutput {
  /** Cycle at which the last member holds the last flit (all sources start at 0). */
  makespan: number;
  flitHops: number;
  packets: number;
  deliveries: number;
  /** Every (source, member) pair got exactly one copy, and nobody else got any. */
  exactlyOnce: boolean;
  /** Set when the flit engine stopped on a deadlock (never data). */
  deadlock?: DeadlockReport;
}

/**
 * The jobs of a collective in the order each host sends them: per source, its unicasts in the
 * workload's order (`uc`), or one packet with the source's MFT (`mc`, one MLID per (source, group),
 * docs/algorithms/ib-mcast.md, "Multicast forwarding table by union").
 */
export function collectiveJobs(t: IbaMesh, c: IbCollective, scheme: 'uc' | 'mc'): PacketJob[] {
  const jobs: PacketJob[] = [];
  if (scheme === 'uc') {
    c.sources.forEach((s, i) => {
      for (const d of c.dests[i]!) jobs.push({ source: s, dest: d });
    });
    return jobs;
  }
  const lft = xyLft(t);
  for (const s of c.sources) {
    const mft = mftUnion(t, lft, s, c.group);
    if (mft.members.length > 0) jobs.push({ source: s, dest: -1, mft: mft.masks });
  }
  return jobs;
}

/**
 * The SLs of `shared-sl` (docs/algorithms/ib-mcast.md, "VL policies"): packet j of a host (in its
 * sending order) has SL (LID + j) mod k, so a host's successive unicasts rotate over the VLs and
 * its one multicast packet takes SL LID mod k.
 */
export function assignSls(t: IbaMesh, jobs: PacketJob[], k: number): void {
  const seq = new Map<number, number>();
  for (const job of jobs) {
    const j = seq.get(job.source) ?? 0;
    seq.set(job.source, j + 1);
    job.sl = slOf(hostLid(t, job.source), j, k);
  }
}

/** Runs one collective on an IbaMesh by the packet-level path or the flit-level engine. */
export function runCollective(t: IbaMesh, c: IbCollective, spec: IbRunSpec): IbRunOutput {
  // The engine's route masks and VC count stop at 24 VCs per link (k VLs x slots each); the packet
  // path has no such limit.
  if (spec.creditSlots !== undefined && spec.engine === 'flit' && spec.creditSlots * spec.vls > 24)
    throw new McsimError(
      `the flit engine holds at most 24 packet slots per link, and ${spec.vls} VL(s) x ${spec.creditSlots} packets per VL FIFO need ${spec.vls * spec.creditSlots}: lower workload.vlBufferBytes to at most ${Math.floor(24 / spec.vls)} packets of credits, or run the packet-level path (engine: packet)`,
      'workload.vlBufferBytes',
    );
  // The packet path keeps a VL FIFO as one buffer (credit-fifo.ts), the engine as one buffer a slot.
  const net = ibNetwork(t, {
    policy: spec.policy,
    vls: spec.vls,
    length: spec.length,
    creditSlots: spec.engine === 'packet' ? undefined : spec.creditSlots,
  });
  const model = spec.creditSlots === undefined ? ibSwitch : ibCreditSwitch(spec.creditSlots);
  const jobs = collectiveJobs(t, c, spec.scheme);
  if (spec.policy === 'shared-sl') assignSls(t, jobs, spec.vls);
  const N = t.numNodes;
  // Copies per (source, node): a member of D_s must get exactly one.
  const got = new Int32Array(N * N);
  let deliveries = 0;
  const note = (source: number, node: number) => {
    got[source * N + node]!++;
    deliveries++;
  };
  const exactlyOnce = () => {
    for (let i = 0; i < c.sources.length; i++) {
      const s = c.sources[i]!;
      const want = new Uint8Array(N);
      for (const d of c.dests[i]!) want[d] = 1;
      for (let v = 0; v < N; v++) if (got[s * N + v] !== want[v]) return false;
    }
    return true;
  };
  if (spec.engine === 'packet') {
    const r = runPackets(t, net, spec, jobs, (j, node) => note(jobs[j]!.source, node));
    return {
      makespan: r.makespan,
      flitHops: r.flitHops,
      packets: jobs.length,
      deliveries,
      exactlyOnce: r.complete && exactlyOnce(),
    };
  }
  let makespan = 0;
  const engine = new Engine(
    net,
    model,
    {
      routingDelay: spec.routingDelay,
      // Every switch of the MFT tree is a header stop; it costs no more than a routing decision.
      routingDelayModified: spec.routingDelay,
      startup: 0,
      startupSubsequent: 0,
      deadlockCycles: 4 * spec.length + 1000,
    },
    {
      onMessageDone(m) {
        for (const d of m.deliveries) {
          note(m.source, d.node);
          if (d.tail > makespan) makespan = d.tail;
        }
      },
    },
  );
  model.validate(net, spec.length);
  const bySource = new Map<number, WormSpec[]>();
  for (const j of jobs) {
    const worms = bySource.get(j.source) ?? [];
    let w: WormSpec | undefined;
    if (j.dest >= 0) w = unicastWorm(j.source, j.dest, spec.length);
    else w = mftWorm(t, mftUnion(t, xyLft(t), j.source, c.group), spec.length);
    if (w && j.sl !== undefined) {
      w.sl = j.sl;
      w.routing = slRouting(j.sl);
    }
    if (w) worms.push(w);
    bySource.set(j.source, worms);
  }
  for (const [s, worms] of bySource)
    engine.startPhase(s, worms, 0, engine.newMessage(s, 0, spec.scheme, true, spec.length));
  try {
    while (engine.liveMessages > 0) {
      if (engine.idle) engine.skipIdle(Number.MAX_SAFE_INTEGER);
      engine.step();
    }
  } catch (e) {
    if (!(e instanceof DeadlockError)) throw e;
    return {
      makespan,
      flitHops: engine.flitHops,
      packets: jobs.length,
      deliveries,
      exactlyOnce: false,
      deadlock: e.report,
    };
  }
  return {
    makespan,
    flitHops: engine.flitHops,
    packets: jobs.length,
    deliveries,
    exactlyOnce: exactlyOnce(),
  };
}

/**
 * The zero-load makespan of one multicast: (H + 1)(R + 1) + L - 1 cycles, H the longest XY distance
 * from the source to a member (the engine's zero-load time of a packet over H hops, docs/engine.md).
 */
export function zeroLoadMulticast(
  t: IbaMesh,
  source: number,
  members: readonly number[],
  length: number,
  R: number,
): number {
  const [xs, ys] = t.coords(source) as [number, number];
  let H = 0;
  for (const d of members) {
    const [x, y] = t.coords(d) as [number, number];
    H = Math.max(H, Math.abs(x - xs) + Math.abs(y - ys));
  }
  return (H + 1) * (R + 1) + length - 1;
}

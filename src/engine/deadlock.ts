import { BR, BR_ROUTE, BR_SINK, BR_TARGET } from './branch-record.js';
import type { MessageState } from './message.js';
import { describeBuffer, inputPort, type Network } from './network.js';
import type { SwitchPolicy } from './policy.js';
import type { DeadlockReport } from './report.js';
import type { EngineState } from './state.js';
import type { QueuedWorm } from './terminals.js';

export interface DeadlockInput {
  net: Network;
  cycle: number;
  idleCycles: number;
  owner: Int32Array;
  /** Buffers (VCs, injection and consumption channels) held, per worm. */
  holdings: Map<number, number[]>;
  /** Unserved requests per worm: group >= 0 is a network channel, -1-n the consumption channels of end node n. */
  waits: Map<number, Array<{ group: number; mask: number; router: number }>>;
  wormMsg(w: number): MessageState;
  wormSource(w: number): number;
  /** Worms started but still waiting for an injection channel. */
  queued: Array<{ node: number; msg: MessageState; source: number }>;
  /** Buffers, per worm, whose packet waits for its turn in an input FIFO (ordered switch models). */
  behind?: Map<number, number[]>;
  /** The switch model's words for where a buffer's packet sits (e.g. its queue position). */
  detail?(b: number): string | undefined;
}

/**
 * The deadlock report of the engine's state at cycle t: per worm, the buffers it holds and, for
 * each branch that holds flits but has no output yet, the channel it waits for.
 */
export function deadlockReport(
  s: EngineState,
  policy: SwitchPolicy,
  queued: readonly QueuedWorm[],
  t: number,
  idleCycles: number,
): DeadlockReport {
  const net = s.net;
  const holdings = new Map<number, number[]>();
  for (let b = 0; b < net.numBuffers; b++) {
    const w = s.owner[b]!;
    if (w < 0) continue;
    let list = holdings.get(w);
    if (!list) holdings.set(w, (list = []));
    list.push(b);
  }
  const waits = new Map<number, Array<{ group: number; mask: number; router: number }>>();
  const behind = new Map<number, number[]>();
  for (const [w, bufs] of holdings) {
    for (const b of bufs) {
      if (policy.ordered && s.recv[b]! > 0 && !policy.mayRequest!(b)) {
        // Its header is not at the front of its input FIFO: it waits for the packets ahead.
        let list = behind.get(w);
        if (!list) behind.set(w, (list = []));
        list.push(b);
        continue;
      }
      for (let k = 0; k < s.brN[b]!; k++) {
        const slot = s.slot(b, k);
        if (s.brOut[slot] !== -1 || s.recv[b] === 0) continue;
        const port = s.br[BR * slot + BR_ROUTE]! & 0xff;
        const r = net.bufRouter[b]!;
        const group = s.br[BR * slot + BR_SINK]
          ? -1 - s.wormC[w]!.node[s.br[BR * slot + BR_TARGET]!]!
          : net.portChannel[r * net.numPorts + port]!;
        let list = waits.get(w);
        if (!list) waits.set(w, (list = []));
        list.push({ group, mask: s.br[BR * slot + BR_ROUTE]! >>> 8, router: r });
      }
    }
  }
  return buildDeadlockReport({
    net,
    cycle: t,
    idleCycles,
    owner: s.owner,
    holdings,
    waits,
    wormMsg: (w) => s.wormMsg[w]!,
    wormSource: (w) => s.wormC[w]!.source,
    queued: queued.map((q) => ({ node: q.node, msg: q.msg, source: q.node })),
    behind,
    detail: policy.describe ? (b) => policy.describe!(b) : undefined,
  });
}

/** Names every worm in flight, the channels it holds and the channels it waits for (and who holds those). */
export function buildDeadlockReport(d: DeadlockInput): DeadlockReport {
  const { net } = d;
  const t = net.topology;
  const holderText = (b: number): string => {
    const w = d.owner[b]!;
    return w < 0 ? 'free' : `held by message ${d.wormMsg(w).id} worm ${w}`;
  };
  const where = (b: number): string => {
    const x = d.detail?.(b);
    return x ? `${describeBuffer(net, b)}, ${x}` : describeBuffer(net, b);
  };
  const worms: DeadlockReport['worms'] = [];
  for (const [w, bufs] of [...d.holdings].sort((a, b) => a[0] - b[0])) {
    const waitsFor: string[] = [];
    for (const b of d.behind?.get(w) ?? []) {
      const pc = net.bufPc[b]!;
      const q = inputPort(net, pc);
      waitsFor.push(
        `its turn in the input FIFO of switch ${t.formatSwitch(net.bufRouter[b]!)} port ${q < 0 ? '?' : t.portName(q)} (${d.detail?.(b) ?? 'behind other packets'})`,
      );
    }
    for (const req of d.waits.get(w) ?? []) {
      if (req.group < 0) {
        const r = -1 - req.group;
        const first = net.sinkFirst[r]!;
        const held: string[] = [];
        for (let k = 0; k < net.sinkPerNode; k++) held.push(`#${k} ${holderText(first + k)}`);
        waitsFor.push(`a consumption channel of node ${t.formatNode(r)} (${held.join('; ')})`);
      } else {
        const c = req.group;
        const held: string[] = [];
        for (let v = 0; v < net.pcVcs[c]!; v++) {
          if (!((req.mask >>> v) & 1)) continue;
          const b = net.pcFirstBuf[c]! + v;
          held.push(`${net.routing.vcName(net.pcSrc[c]!, net.pcPort[c]!, v)} ${holderText(b)}`);
        }
        waitsFor.push(
          `a VC of channel ${t.formatSwitch(net.pcSrc[c]!)} -> ${t.formatSwitch(net.pcDst[c]!)} (output port ${t.portName(net.pcPort[c]!)} of switch ${t.formatSwitch(net.pcSrc[c]!)}): ${held.join('; ')}`,
        );
      }
    }
    worms.push({
      message: d.wormMsg(w).id,
      worm: w,
      source: t.formatNode(d.wormSource(w)),
      holds: bufs.map(where),
      waitsFor,
    });
  }
  const lines = [
    `deadlock at cycle ${d.cycle}: no flit moved for ${d.idleCycles} cycles with ${worms.length} worm(s) in flight`,
  ];
  for (const w of worms) {
    lines.push(`  message ${w.message} worm ${w.worm} from ${w.source}`);
    for (const h of w.holds) lines.push(`    holds ${h}`);
    for (const x of w.waitsFor) lines.push(`    waits for ${x}`);
    if (w.waitsFor.length === 0) lines.push('    waits for buffer space behind its own head');
  }
  for (const q of d.queued)
    lines.push(`  message ${q.msg.id} at node ${t.formatNode(q.node)} waits for an injection channel`);
  return { cycle: d.cycle, idleCycles: d.idleCycles, worms, text: lines.join('\n') };
}

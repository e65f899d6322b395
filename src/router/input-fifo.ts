import { BUF_INJ, BUF_NET } from '../engine/network.js';
import { McsimError } from '../util/errors.js';
import { InjectionQueue } from './injection-queue.js';
import type { SwitchModel, SwitchPolicy } from './model.js';

/**
 * Input-FIFO switch (002 sec. 5): each input port has one FIFO of `bufferDepth` flits that holds
 * several packets back to back and serves them in arrival order, so a packet whose output is busy
 * blocks the packets behind it even when their outputs are free (head-of-line blocking, what 002
 * studies). The FIFO of a channel is built from the channel's VC buffers, used as slots in ring
 * order: one packet per slot, at most `vcs` packets queued, all sharing the port's `bufferDepth`
 * flits. A packet enters the next slot once the previous packet's tail has entered; only the
 * packet in the front slot may compete for an output. Injection and consumption channels keep the
 * engine's rules.
 */
export const inputFifoSwitch: SwitchModel = {
  name: 'input-fifo',
  description: 'input-FIFO switch: packets queue back to back in one FIFO per input port, served in order',
  validate(net, maxLen) {
    const o = net.switchOptions;
    // 002 sec. 5: "the input buffers must be larger than the largest multicast packet allowed in
    // the system", so that a replicated packet is eventually buffered whole and its branches never
    // wait for one another (the deadlocks of 002 Fig. 2). Enforced with 002's switch parameters.
    if (o === undefined || o.acceptDeadlock) return;
    const b = net.numNetChannels > 0 ? net.pcFirstBuf[0]! : -1;
    if (b >= 0 && net.bufCap[b]! < maxLen)
      throw new McsimError(
        `an input-buffer switch needs input FIFOs that hold the largest packet (${maxLen} flits), got ${net.bufCap[b]} (002 sec. 5); set switchOptions.acceptDeadlock to run it anyway`,
        'network.bufferDepth',
      );
  },
  create(net, s): SwitchPolicy {
    const NC = net.numNetChannels;
    const next = new Int32Array(NC);
    const front = new Int32Array(NC);
    const queued = new Int32Array(NC);
    const { bufPc, bufVc, bufKind, pcFirstBuf, pcVcs, bufCap } = net;
    let violation: string | undefined;
    /** Flits in the FIFO of channel pc: the sum over its slots, each counted from its slowest branch. */
    const fill = (pc: number): number => {
      let n = 0;
      const first = pcFirstBuf[pc]!;
      for (let v = 0; v < pcVcs[pc]!; v++) {
        const b = first + v;
        if (s.owner[b] !== -1) n += s.recv[b]! - s.minSent(b);
      }
      return n;
    };
    const opts = net.switchOptions;
    const inj = opts === undefined ? undefined : new InjectionQueue(net, s);
    const policy: SwitchPolicy = {
      ordered: true,
      canAllocate(buf) {
        if (bufKind[buf] !== BUF_NET) return true;
        const pc = bufPc[buf]!;
        if (bufVc[buf] !== next[pc]) return false;
        if (queued[pc] === 0) return true;
        // Back to back: the newest packet's tail must have entered before the next head follows.
        const V = pcVcs[pc]!;
        const last = pcFirstBuf[pc]! + ((next[pc]! - 1 + V) % V);
        return s.recv[last] === s.bufLen[last];
      },
      mayRequest(buf) {
        if (bufKind[buf] === BUF_INJ) return inj === undefined || inj.isFront(buf);
        return bufKind[buf] !== BUF_NET || bufVc[buf] === front[bufPc[buf]!];
      },
      room(buf) {
        return fill(bufPc[buf]!) < bufCap[buf]!;
      },
      onGrant(buf) {
        inj?.granted(buf);
        if (bufKind[buf] !== BUF_NET) return;
        const pc = bufPc[buf]!;
        next[pc] = (bufVc[buf]! + 1) % pcVcs[pc]!;
        queued[pc]!++;
      },
      onRelease(buf) {
        if (bufKind[buf] !== BUF_NET) return;
        const pc = bufPc[buf]!;
        if (bufVc[buf] !== front[pc] && violation === undefined)
          violation = `input FIFO of channel ${pc}: slot ${bufVc[buf]} left before the front slot ${front[pc]}`;
        front[pc] = (front[pc]! + 1) % pcVcs[pc]!;
        queued[pc]!--;
      },
      atHead(buf) {
        if (bufKind[buf] === BUF_INJ) return inj === undefined || inj.isFront(buf);
        return bufKind[buf] === BUF_NET && bufVc[buf] === front[bufPc[buf]!];
      },
      describe(buf) {
        if (bufKind[buf] !== BUF_NET) return undefined;
        const pc = bufPc[buf]!;
        const V = pcVcs[pc]!;
        const pos = (bufVc[buf]! - front[pc]! + V) % V;
        return `queue position ${pos + 1} of ${queued[pc]}`;
      },
      check() {
        if (violation) return violation;
        for (let pc = 0; pc < NC; pc++) {
          const f = fill(pc);
          if (f > bufCap[pcFirstBuf[pc]!]!)
            return `input FIFO of channel ${pc} holds ${f} flits (capacity ${bufCap[pcFirstBuf[pc]!]})`;
        }
        return undefined;
      },
    };
    // With 002's parameters a replicated packet takes the chunk path (002 sec. 5.1, 7.1): its flits
    // are deserialised into chunks (chunkDelay more cycles) and its ports read the input RAM in
    // turn, one read per cycle, so the r-th port (ascending) starts r cycles after the first.
    if (opts !== undefined) {
      const extra = opts.chunkDelay;
      policy.branchDelay = (_buf, n, rank) => (n >= 2 ? extra + rank : 0);
      policy.canInject = (b) => inj!.canInject(b);
    }
    return policy;
  },
};

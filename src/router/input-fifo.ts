import { BUF_NET } from '../engine/network.js';
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
  validate() {},
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
    return {
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
        return bufKind[buf] !== BUF_NET || bufVc[buf] === front[bufPc[buf]!];
      },
      room(buf) {
        return fill(bufPc[buf]!) < bufCap[buf]!;
      },
      onGrant(buf) {
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
  },
};

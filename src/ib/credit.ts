import { BUF_INJ, BUF_NET } from '../engine/network.js';
import type { SwitchModel, SwitchPolicy } from '../engine/policy.js';
import { ibSwitch } from '../router/ib.js';
import { McsimError } from '../util/errors.js';

/** Bytes per IB credit block (InfiniBand's flow-control unit, `credit` mode). */
export const CREDIT_BYTES = 64;

/**
 * Packets of `packetBytes` that a VL buffer of `bufferBytes` holds in `credit` mode: the buffer has
 * bufferBytes / 64 credits, a packet takes ceil(b / 64). Every packet of a collective has the same
 * size, so "room for the whole packet" is "a free packet slot".
 */
export function creditSlots(packetBytes: number, bufferBytes: number): number {
  const slots = Math.floor(Math.floor(bufferBytes / CREDIT_BYTES) / Math.ceil(packetBytes / CREDIT_BYTES));
  if (slots < 1)
    throw new McsimError(
      `a credit-mode VL buffer of ${bufferBytes} B cannot hold a ${packetBytes} B packet (virtual cut-through needs the whole packet)`,
      'workload.vlBufferBytes',
    );
  return slots;
}

/**
 * The `ib` switch with `credit` buffers (IB's own flow control, docs/algorithms/ib-mcast.md, "VL
 * buffers"): each VL of a link is a FIFO of `slots` packets (its credits in 64-byte blocks). In the
 * engine a channel has k * slots VCs, VC = vl * slots + i; a route's VC mask names VLs
 * (`laneSlots`). A packet may be given a VL whenever its FIFO has room for it (003 sec. 3.2,
 * docs/algorithms/ib-mcast.md: the lowest VL that can accept it), even while packets granted before
 * it still wait for the link: the VL's slots are taken in ring order and the link sends a VL's
 * packets in that order (a header may cross only after the header of the slot before it,
 * `flitGate`). Only the front packet of a VL may compete for an output: head-of-line order within a
 * VL. The space a packet holds returns when its tail has left (creditDelay 0). The host link's VLs
 * (the switch's port 5, docs/algorithms/ib-mcast.md) are such FIFOs too. Links, one host link and
 * replication are the `packet` mode's.
 */
export function ibCreditSwitch(slots: number): SwitchModel {
  return {
    name: 'ib',
    description: `${ibSwitch.description}; credit mode: ${slots} packets per VL FIFO`,
    validate: ibSwitch.validate,
    create(net, v) {
      const base = ibSwitch.create(net, v);
      const { bufKind, bufPc, bufVc, pcFirstBuf, pcVcs, pcSrc, injFirst } = net;
      const NC = net.numNetChannels;
      const lanes = Math.max(1, ...Array.from(pcVcs.subarray(0, NC), (v) => v / slots));
      // Per FIFO (network channel and VL, then host link and VL): the slot the next packet takes,
      // the front slot and the packets held. fifoOf/slotOf/firstOf locate a buffer in its FIFO.
      const F = (NC + net.numNodes) * lanes;
      const next = new Int32Array(F);
      const front = new Int32Array(F);
      const queued = new Int32Array(F);
      let violation: string | undefined;
      /** The buffer's index among its channel's (or host link's) VCs, VC = vl * slots + i. */
      const indexOf = (buf: number) =>
        bufKind[buf] === BUF_NET ? bufVc[buf]! : buf - injFirst[pcSrc[bufPc[buf]!]!]!;
      const fifoOf = (buf: number) =>
        (bufKind[buf] === BUF_NET ? bufPc[buf]! : NC + pcSrc[bufPc[buf]!]!) * lanes +
        Math.floor(indexOf(buf) / slots);
      const queues = (buf: number) => bufKind[buf] === BUF_NET || bufKind[buf] === BUF_INJ;
      /** May the packet take free buffer `buf`: the next slot of its FIFO (the room is the slot's). */
      const isNext = (buf: number) => indexOf(buf) % slots === next[fifoOf(buf)];
      /** Has the header of the packet granted the slot before `buf` in its FIFO crossed (or is `buf` the front)? */
      const inTurn = (buf: number) => {
        const i = indexOf(buf) % slots;
        if (i === front[fifoOf(buf)]) return true;
        return v.received(buf - i + ((i - 1 + slots) % slots)) > 0;
      };
      const policy: SwitchPolicy = {
        ...base,
        needs: [...(base.needs ?? []), 'orderedRequests', 'flitGate', 'injectChoice'],
        ordered: true,
        laneSlots: slots,
        canAllocate(buf, length) {
          return base.canAllocate(buf, length) && (bufKind[buf] !== BUF_NET || isNext(buf));
        },
        // The host's VLs are FIFOs too: a packet with an SL enters its VL's, any other the lowest
        // VL's with room (the engine offers the host link's buffers in ascending order).
        canInject(buf, worm) {
          if (worm?.sl !== undefined && Math.floor(indexOf(buf) / slots) !== worm.sl) return false;
          return isNext(buf) && inTurn(buf);
        },
        // A VL's packets cross its link in the order they were given its slots.
        flitGate(slot, sent) {
          if (sent !== 0) return true;
          const out = v.output(slot);
          return bufKind[out] !== BUF_NET || inTurn(out);
        },
        mayRequest(buf) {
          return !queues(buf) || indexOf(buf) % slots === front[fifoOf(buf)];
        },
        onGrant(buf) {
          if (!queues(buf)) return;
          const f = fifoOf(buf);
          next[f] = (next[f]! + 1) % slots;
          if (++queued[f]! > slots && violation === undefined)
            violation = `VL FIFO ${f}: ${queued[f]} packets, above its ${slots} (credits overdrawn)`;
        },
        onRelease(buf) {
          if (!queues(buf)) return;
          const f = fifoOf(buf);
          if (indexOf(buf) % slots !== front[f] && violation === undefined)
            violation = `VL FIFO ${f}: slot ${indexOf(buf) % slots} left before the front slot ${front[f]}`;
          front[f] = (front[f]! + 1) % slots;
          if (--queued[f]! < 0 && violation === undefined) violation = `VL FIFO ${f}: credits above capacity`;
        },
        describe(buf) {
          if (!queues(buf)) return undefined;
          const f = fifoOf(buf);
          return `VL FIFO position ${(((indexOf(buf) % slots) - front[f]! + slots) % slots) + 1} of ${queued[f]}`;
        },
        check() {
          if (violation) return violation;
          for (let f = 0; f < F; f++) {
            const c = Math.floor(f / lanes);
            const lane = f % lanes;
            const width = c < NC ? pcVcs[c]! : net.injPerNode;
            if (lane * slots >= width) continue;
            const first = (c < NC ? pcFirstBuf[c]! : injFirst[c - NC]!) + lane * slots;
            let held = 0;
            for (let i = 0; i < slots; i++) if (v.held(first + i)) held++;
            if (held !== queued[f]) return `VL FIFO ${f}: ${held} slots held, ${queued[f]} counted`;
          }
          return undefined;
        },
      };
      return policy;
    },
  };
}

import type { Network } from '../engine/network.js';
import type { SwitchView } from '../engine/view.js';
import type { ChunkPool } from './chunk-pool.js';
import { FrontWaits } from './front-waits.js';
import type { OutputQueues } from './output-queue.js';
import { ReleaseWaits } from './release-waits.js';

/**
 * What a central-buffer switch's waiting branches wait for, when the grant is sure to refuse them
 * (SwitchPolicy.waitsAtFront, the frontWaits shortcut; central-buffer.ts): the front of an output's
 * queue, until the output can take a packet, and a unicast not yet written into the central
 * buffer, whose output has no free packet slot, until a release or its write, or whose output's
 * queue has a written front (the crossbar serves only an output with an empty queue), until that
 * front leaves or its write. The model tells it of releases (`released`), of writes (`written`)
 * and of each cycle (`tick`); the queues tell it of their fronts leaving.
 */
export class CentralBufferWaits {
  /** The fronts of output queues waiting for their output. */
  private readonly fronts: FrontWaits;
  /** Packets not yet written whose output has no free packet slot, waiting for a release. */
  private readonly unwritten: ReleaseWaits;
  /** Packets not yet written whose output's queue has a written front, waiting for it to leave. */
  private readonly crossbar: ReleaseWaits;

  /**
   * The model's own state, read here: its output queues, its pool (which packets are written), per
   * input buffer the cycle its packet first asked for the crossbar, and per input channel its
   * newest packet.
   */
  constructor(
    private readonly net: Network,
    private readonly v: SwitchView,
    private readonly queues: OutputQueues,
    private readonly pool: ChunkPool,
    private readonly asked: Float64Array,
    private readonly newest: Int32Array,
  ) {
    const groups = net.numNetChannels + net.numNodes;
    this.fronts = new FrontWaits(groups, (slot) => v.reachedFront(slot));
    this.unwritten = new ReleaseWaits(groups, net.numBuffers, (b) => v.reachedInputFront(b));
    this.crossbar = new ReleaseWaits(groups, net.numBuffers, (b) => v.reachedInputFront(b));
    queues.onFrontLeft = (g) => this.crossbar.released(g);
  }

  /**
   * SwitchPolicy.waitsAtFront. The front of output g's queue, its header copy written (mayClaim lets
   * it compete), is refused while g has no free packet slot or the input behind g still receives its
   * newest packet (canAllocate): it looks again at a release in g, or once that tail can be in (a
   * flit a cycle at most). A unicast not yet written asks for the crossbar, which g cannot give
   * without a free packet slot, nor while its queue's front has its header copy written (mayClaim);
   * its first request has already put it up for a write (asked): it looks again at a release in
   * g, or when that front leaves the queue (a packet joining the queue cannot bring a later key
   * to its front), or when it is written.
   */
  waitsAtFront(slot: number, g: number, t: number): boolean {
    const v = this.v;
    const b = v.bufferOf(slot);
    const q = this.queues;
    if (!this.pool.isAdmitted(b)) {
      if (!(this.asked[b]! < t)) return false;
      if (v.freeBuffers(g) === 0) {
        this.crossbar.leave(b);
        this.unwritten.add(b, g);
        return true;
      }
      const front = q.firstP[g]!;
      if (front === -1 || q.key[front]! > t) return false;
      this.unwritten.leave(b);
      this.crossbar.add(b, g);
      return true;
    }
    if (q.firstP[g] !== slot || q.key[slot]! > t) return false;
    if (v.freeBuffers(g) === 0) {
      this.fronts.wait(slot, g, Number.POSITIVE_INFINITY, t);
      return true;
    }
    const last = g < this.net.numNetChannels ? this.newest[g]! : -1;
    if (last < 0 || !v.held(last) || v.received(last) === v.length(last)) return false;
    this.fronts.wait(slot, g, t + v.length(last) - v.received(last), t);
    return true;
  }

  /** A buffer of group g was released: its waiting front and unwritten packets look again. */
  released(g: number): void {
    this.fronts.released(g);
    this.unwritten.released(g);
  }

  /** Buffer b's packet was written into the central buffer: it asks from its outputs' queues now. */
  written(b: number): void {
    this.unwritten.leave(b);
    this.crossbar.leave(b);
    this.v.reachedInputFront(b);
  }

  /** Cycle t begins: the fronts whose timed look is due look again. */
  tick(t: number): void {
    this.fronts.tick(t);
  }
}

import type { MessageState } from '../engine/message.js';
import type { Topology } from '../topology/topology.js';

/** One line of `--records FILE`: what happened to one message. */
export interface MessageRecord {
  id: number;
  tag: string;
  measured: boolean;
  source: string;
  created: number;
  /** Cycle its first flit entered an injection channel. */
  injected: number;
  destinations: Array<{ node: string; header: number; tail: number }>;
  /** Head hops over network channels, all worms. */
  hops: number;
  /** Network VCs held over its life. */
  channels: number;
  /** Flits moved over network channels. */
  traffic: number;
  worms: number;
  /** Last destination's tail arrival minus creation. */
  latency: number;
  /** Mean over destinations of tail arrival minus creation. */
  latencyAvgDest: number;
}

export function messageRecord(topo: Topology, m: MessageState): MessageRecord {
  let last = 0;
  let sum = 0;
  for (const d of m.deliveries) {
    if (d.tail > last) last = d.tail;
    sum += d.tail - m.created;
  }
  return {
    id: m.id,
    tag: m.tag,
    measured: m.measured,
    source: topo.formatNode(m.source),
    created: m.created,
    injected: m.injected,
    destinations: m.deliveries.map((d) => ({
      node: topo.formatNode(d.node),
      header: d.header,
      tail: d.tail,
    })),
    hops: m.hops,
    channels: m.channels,
    traffic: m.traffic,
    worms: m.worms,
    latency: m.deliveries.length ? last - m.created : 0,
    latencyAvgDest: m.deliveries.length ? sum / m.deliveries.length : 0,
  };
}

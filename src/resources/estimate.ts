import { resolveVcs } from '../config/resolve.js';
import type { McsimConfig } from '../config/schema.js';
import { parseTopology } from '../topology/registry.js';
import type { Topology } from '../topology/topology.js';

/**
 * What a run will hold in memory, estimated from the config before anything large is allocated.
 * The engine keeps its state in typed arrays whose sizes follow from the network (src/engine/
 * network.ts and engine.ts), so the estimate counts those sizes and multiplies by bytes per item.
 * The bytes per item were measured (heap and array buffers after a GC, `process.memoryUsage()`) on
 * meshes from 64x64 to 512x512, a 4D mesh and ccc:12: the estimate was within 10% of them, above.
 */
export interface ResourceEstimate {
  /** Canonical topology spec. */
  topology: string;
  nodes: number;
  /** Unidirectional network channels (injection and consumption channels not included). */
  channels: number;
  /** Places a flit can wait: input VCs of network channels, injection and consumption channels. */
  buffers: number;
  /** Messages expected in the network at once (Little's law at zero load, doubled for queueing). */
  liveMessages: number;
  /** Estimated peak memory in MB (10^6 bytes), the process itself included. */
  mb: number;
}

/** Bytes per item, from the arrays the network and the engine allocate (see the module comment). */
const BYTES = {
  /** Node.js, the modules and the small state of any run. */
  base: 60e6,
  /**
   * Per buffer: 11 engine arrays, the engine's 16-byte head and place records, 5 network arrays of
   * 1-8 bytes, the link stage's 16-byte destination record and the streams' count.
   */
  buffer: 115,
  /** Per buffer and router port (+2 for injection and consumption): the engine's branch arrays and records. */
  slot: 48,
  /** Per channel of any kind: 8 engine and 5 network arrays. */
  channel: 56,
  /** Per network channel: the lists the network builder grows before it packs them. */
  netChannel: 48,
  /** Per node and port: the port-to-channel map. */
  port: 4,
  /** Per node: processor state, ready queue, random stream of its traffic source. */
  node: 148,
  /** Per live message: its state, worm and queue entries (measured: about 730 bytes on a 32x32 mesh). */
  message: 750,
};

/** Estimates the memory of a run of `config` (McsimError on a topology spec that does not parse). */
export function estimateResources(config: McsimConfig): ResourceEstimate {
  const topo = parseTopology(config.network.topology);
  const vcs = safeVcs(config, topo);
  // Count channels per class by walking the ports: exact, and about 0.1 s for 4 million nodes.
  const perClass = new Float64Array(topo.channelClasses.length);
  let maxRouterVcs = 0;
  for (let r = 0; r < topo.numNodes; r++) {
    let t = 0;
    for (let p = 0; p < topo.numPorts; p++)
      if (topo.neighbor(r, p) >= 0) {
        const c = topo.portClass(r, p);
        perClass[c]!++;
        t += vcs[c]!;
      }
    if (t > maxRouterVcs) maxRouterVcs = t;
  }
  const N = topo.numNodes;
  let channels = 0;
  let netBuffers = 0;
  perClass.forEach((n, c) => {
    channels += n;
    netBuffers += n * vcs[c]!;
  });
  const count = (v: number | 'all') => (v === 'all' ? maxRouterVcs : v);
  const endpoint = N * (count(config.network.injectionChannels) + count(config.network.consumptionChannels));
  const buffers = netBuffers + endpoint;
  // A load beyond what the end nodes' channels carry is refused by the run itself, naming the load
  // (sim/drivers/driver.ts, checkLoad): estimated at that bound, it does not read as a memory problem.
  const perNode = Math.max(
    count(config.network.injectionChannels),
    count(config.network.consumptionChannels),
  );
  const liveMessages = expectedLiveMessages(config, topo, perNode);
  const simulated = config.workload.type !== 'steps';
  const bytes =
    BYTES.base +
    channels * BYTES.netChannel +
    (channels + endpoint) * BYTES.channel +
    buffers * BYTES.buffer +
    N * topo.numPorts * BYTES.port +
    (simulated ? buffers * (topo.numPorts + 2) * BYTES.slot + N * BYTES.node : 0) +
    liveMessages * BYTES.message;
  return { topology: topo.spec, nodes: N, channels, buffers, liveMessages, mb: Math.ceil(bytes / 1e6) };
}

/** VCs per class, or 2 each when the config's VCs do not fit the topology (the run reports that). */
function safeVcs(config: McsimConfig, topo: Topology): number[] {
  try {
    return resolveVcs(config, topo).map((v) => Math.min(Math.max(1, v), 24));
  } catch {
    return topo.channelClasses.map(() => 2);
  }
}

/**
 * Messages in flight at once. Open workloads (uniform, mixed): arrival rate times a zero-load
 * latency (start-up, routing along the average distance, the message's flits), doubled for the
 * queueing of a loaded network, and at most what the run creates. A given message list: all of it. Contention-free multicast and
 * the step model: one multicast at a time.
 */
function expectedLiveMessages(config: McsimConfig, topo: Topology, maxLoad: number): number {
  const w = config.workload;
  const t = config.timing;
  const avgDistance = topo.dims.reduce((a, k) => a + k / 3, 0);
  const latency = (length: number) => t.startup + (avgDistance + 1) * (t.routingDelay + 1) + length;
  switch (w.type) {
    case 'uniform':
    case 'mixed': {
      // No more than the run creates before its window closes (then the network only drains).
      const rate = (topo.numNodes * Math.min(w.load, maxLoad)) / w.packetLength;
      return Math.ceil(Math.min(2 * rate * latency(w.packetLength), rate * (w.warmup + w.measure)));
    }
    case 'messages':
      return w.messages.length;
    case 'multicast':
      return w.destinations;
    case 'steps':
      return w.setSize;
    case 'plan-metrics':
      // Plans only, one at a time: no flits, no messages in flight.
      return 1;
    case 'ib-collective':
      // One message per source, all in flight from t = 0.
      return topo.numNodes;
  }
}

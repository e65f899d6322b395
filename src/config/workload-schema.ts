import * as z from 'zod/mini';
import { count, defaulted, described, positiveInt } from './fields.js';

/**
 * The workload part of the configuration schema (schema.ts puts the whole together): one schema
 * per workload type, each built when first asked for. A run parses its config against the one its
 * workload names (schema.ts, configSchemaFor), so `mcsim run` builds only that one at start; the
 * union of all of them, for the JSON Schema and the public ConfigSchema, is built on first use too.
 */

/** A value built on the first call and kept. */
function once<T>(build: () => T): () => T {
  let value: T | undefined;
  return () => {
    value ??= build();
    return value;
  };
}

const SERVICE = z.enum(['ABS', 'PAF', 'PAR', 'PAFR', 'TAR', 'TAFR', 'FWD']);

export interface StopConfig {
  node: string;
  service?: z.infer<typeof SERVICE> | undefined;
  retransmit?: WormConfig[] | undefined;
  branches?: StopConfig[][] | undefined;
}
export interface WormConfig {
  length?: number | undefined;
  stops: StopConfig[];
}

export const StopConfigSchema: z.ZodMiniType<StopConfig> = z.lazy(() =>
  z.strictObject({
    node: described(z.string(), 'Node id of the stop (x,y / x0,x1,... / i,w).'),
    service: described(
      z.optional(SERVICE),
      'Header service at the stop (000 sec. 3.2). Default: PAF on a stop followed by another, ABS on the last.',
    ),
    retransmit: described(
      z.optional(z.array(WormConfigSchema)),
      'Worms the node starts as a new phase after the tail has arrived (services with R).',
    ),
    branches: described(
      z.optional(z.array(z.array(StopConfigSchema).check(z.minLength(1)))),
      'Tree worm: replicate here into one branch per list of stops (last stop only).',
    ),
  }),
);

export const WormConfigSchema: z.ZodMiniType<WormConfig> = z.lazy(() =>
  z.strictObject({
    length: described(z.optional(positiveInt()), 'Flits; default: the workload packetLength.'),
    stops: described(z.array(StopConfigSchema).check(z.minLength(1)), 'Ordered header of the worm.'),
  }),
);

const MessageConfigSchema = z.lazy(() =>
  z
    .strictObject({
      at: described(count(), 'Creation cycle.'),
      source: described(z.string(), 'Node id of the source.'),
      length: described(z.optional(positiveInt()), 'Flits; default: the workload packetLength.'),
      dest: described(z.optional(z.string()), 'Destination of a unicast (give dest, worms or algorithm).'),
      worms: described(
        z.optional(z.array(WormConfigSchema).check(z.minLength(1))),
        'Worms the source starts as one start-up phase (give dest, worms or algorithm).',
      ),
      algorithm: described(
        z.optional(z.string()),
        'A multicast planned by this scheme (see `mcsim plan --help`) to `dests`, as `mcsim plan` plans it (give dest, worms or algorithm).',
      ),
      dests: described(
        z.optional(z.array(z.string()).check(z.minLength(1))),
        'Destinations (node ids) of a multicast planned by `algorithm`.',
      ),
    })
    .check(
      z.refine((m) => [m.dest, m.worms, m.algorithm].filter((x) => x !== undefined).length === 1, {
        message: 'give exactly one of "dest" (a unicast), "worms" or "algorithm" (with "dests")',
      }),
      z.refine((m) => (m.algorithm === undefined) === (m.dests === undefined), {
        message: '"algorithm" and "dests" go together',
      }),
    ),
);

const windowFields = {
  warmup: defaulted(count(), 2000, 'Cycles before measuring. Default 2000.'),
  measure: defaulted(
    positiveInt(),
    10000,
    'Length of the measurement window in cycles; messages created in it are measured. With convergence, the longest the window may grow (the cap). Default 10000.',
  ),
  drain: defaulted(
    count(),
    20000,
    'Cycles after the window for measured messages to finish; the rest count as unfinished. Default 20000.',
  ),
  convergence: described(
    z.optional(
      z.strictObject({
        halfWidth: defaulted(
          z.number().check(z.positive(), z.maximum(1)),
          0.02,
          "Target: the 95% interval's half-width of every watched mean (latency, latency averaged over destinations, each class's latency) at most this share of the mean. Default 0.02.",
        ),
        minMessages: defaulted(
          positiveInt(),
          1000,
          'And at least this many finished measured messages in all and in each class when the workload creates several; a class too rare to reach it keeps the run to the cap and is listed in metrics.window.belowMinimum. Default 1000.',
        ),
        maxMeasure: described(
          z.optional(positiveInt()),
          'Longest the window may grow past `measure` so that every class (all messages, and each class the workload creates) can expect 1.25 x minMessages measured messages at its rate: the cap becomes the larger of `measure` and that, at most maxMeasure cycles. For load sweeps, whose lightest loads would otherwise reach the cap with fewer than minMessages. Absent: `measure` is the cap.',
        ),
        batchCycles: defaulted(
          positiveInt(),
          500,
          'Initial batch length in cycles; batches double in length as the window grows (32 to 64 of them once 64 have filled). The stability test starts after 16 batches and runs at every batch boundary; convergence is judged once per batch length, when 32 batches whose messages have all finished cover the window. Default 500.',
        ),
      }),
    ),
    'End the measurement window when its means have converged (judged once per batch length), when the run is clearly past saturation, or at its cap (`measure` cycles, or longer with maxMeasure), whichever comes first; metrics.window.endedBy says which (docs/results.md). Absent: a fixed window of `measure` cycles.',
  ),
};

const packetLength = defaulted(positiveInt(), 20, 'Message length in flits. Default 20 (000 sec. 5.1).');

const uniform = once(() =>
  described(
    z.strictObject({
      type: z.literal('uniform'),
      load: defaulted(
        z.number().check(z.positive()),
        0.04,
        'Offered load in flits per node per cycle. Default 0.04.',
      ),
      packetLength,
      ...windowFields,
    }),
    'Uniform random unicast traffic, Poisson arrivals at every node.',
  ),
);

const messages = once(() =>
  described(
    z.strictObject({
      type: z.literal('messages'),
      packetLength,
      maxCycles: defaulted(positiveInt(), 1000000, 'Stop after this many cycles. Default 1000000.'),
      messages: described(
        z.array(MessageConfigSchema).check(z.minLength(1)),
        'The messages, each with its creation cycle.',
      ),
    }),
    'A given set of messages at given times.',
  ),
);

const algorithm = defaulted(z.string(), 'tpm', 'Multicast scheme (see `mcsim plan --help`). Default tpm.');

const multicast = once(() =>
  described(
    z.strictObject({
      type: z.literal('multicast'),
      algorithm,
      destinations: defaulted(positiveInt(), 20, 'Destinations per multicast. Default 20.'),
      samples: defaulted(positiveInt(), 1000, 'Multicasts to average over. Default 1000 (000 sec. 5.2).'),
      packetLength,
    }),
    'Contention-free multicast (000 sec. 5.2): random source, uniformly random destination set, each multicast alone in the network.',
  ),
);

const mixed = once(() =>
  described(
    z.strictObject({
      type: z.literal('mixed'),
      algorithm,
      load: defaulted(
        z.number().check(z.positive()),
        0.02,
        'Offered throughput X in delivered flits per node per cycle, unicast and multicast together. Default 0.02.',
      ),
      multicastFraction: defaulted(
        z.number().check(z.minimum(0), z.maximum(1)),
        0.1,
        'Share of deliveries due to multicasts (000 sec. 5.3: 0.1). Default 0.1.',
      ),
      destinations: defaulted(
        z.strictObject({
          mean: defaulted(z.number().check(z.positive()), 32, 'Default 32.'),
          sd: defaulted(z.number().check(z.minimum(0)), 15, 'Default 15.'),
          min: defaulted(positiveInt(), 2, 'Default 2.'),
          max: defaulted(positiveInt(), 250, 'Default 250.'),
          ofOthers: described(
            z.optional(z.number().check(z.positive(), z.maximum(1))),
            'Every multicast has round(ofOthers * (N - 1)) destinations, the same fraction of the other nodes on every network size (002 Fig. 17); overrides mean, sd, min and max.',
          ),
        }),
        { mean: 32, sd: 15, min: 2, max: 250 },
        'Destinations per multicast: normal, rounded, clipped to [min, max] (000 sec. 5.3).',
      ),
      packetLength,
      ...windowFields,
    }),
    'Mixed unicast and multicast traffic (000 sec. 5.3): per node, unicast inter-arrival N/(0.9X) and multicast inter-arrival N*D/(0.1X).',
  ),
);

const steps = once(() =>
  described(
    z.strictObject({
      type: z.literal('steps'),
      algorithm: defaulted(z.string(), 'uccc', 'Unicast-based scheme (uccc, umesh, separate). Default uccc.'),
      setSize: defaulted(
        z.number().check(z.int(), z.minimum(2)),
        8,
        'Nodes in the multicast, source included (m: the lower bound is ceil(log2 m)). Default 8.',
      ),
      samples: defaulted(positiveInt(), 1000, 'Random multicast sets to average over. Default 1000.'),
    }),
    'Message-passing steps of unicast-based multicast by the step model of 004 sec. 6 (no flit simulation): link contention when VCs share a physical link.',
  ),
);

const planMetrics = once(() =>
  described(
    z.strictObject({
      type: z.literal('plan-metrics'),
      algorithm,
      destinations: described(
        z.optional(positiveInt()),
        'Destinations per multicast (give this or destinationsFraction). Default 20.',
      ),
      destinationsFraction: described(
        z.optional(z.number().check(z.positive(), z.maximum(1))),
        'Destinations as a fraction of the nodes, k = round(fraction * N) (001 sec. 4.2: 20%), instead of destinations.',
      ),
      samples: defaulted(positiveInt(), 1000, 'Random multicasts to average over. Default 1000.'),
      nsPerHop: defaulted(
        z.number().check(z.positive()),
        25,
        'Nanoseconds per channel hop for latencyNs (001 sec. 4: 25 ns). Default 25.',
      ),
    }),
    'Plan-level metrics without flit simulation (001 sec. 3.4): hop latency, traffic and phases of random multicasts.',
  ),
);

const ibCollective = once(() =>
  described(
    z.strictObject({
      type: z.literal('ib-collective'),
      sources: defaulted(
        z.union([z.literal('one'), z.number().check(z.positive(), z.maximum(1))]),
        'one',
        "Sources: 'one' (one random node), or the fraction of the nodes that send (0.4: multi-source, 1: all-source; 003 sec. 4). Default 'one'.",
      ),
      groupFraction: defaulted(
        z.number().check(z.positive(), z.maximum(1)),
        0.4,
        'Group size as a fraction of the nodes, round(f * N) (003 sec. 4: 0.4 or 1). Default 0.4.',
      ),
      variant: defaulted(
        z.enum([
          'uc-1vl',
          'mc-1vl',
          'uc-shared',
          'uc-dedicated',
          'mc-shared',
          'mc-dedicated',
          'uc-shared-sl',
          'mc-shared-sl',
        ]),
        'mc-1vl',
        "Scheme and VL policy: uc = one unicast per member through the host link, mc = one packet replicated by the MFT (003 sec. 3.3.2); 1vl, shared (any free VL on every port, the paper's), dedicated (one VL per port, sec. 4 legends) or shared-sl (IB-realizable: packet j of a host has SL (LID + j) mod k and keeps VL = SL on every link, docs/algorithms/ib-mcast.md). Default 'mc-1vl'.",
      ),
      vls: defaulted(
        z.union([z.literal(2), z.literal(4)]),
        2,
        'Data VLs of the shared and dedicated variants (the 1vl ones have 1). Default 2.',
      ),
      messageBytes: defaulted(
        positiveInt(),
        32,
        'Packet (= message) size in bytes (003 sec. 4: 32 B to 8 KB). Default 32.',
      ),
      flitBytes: defaulted(
        positiveInt(),
        32,
        'Bytes per flit, the simulation granule; a packet is ceil(messageBytes / flitBytes) flits. Default 32.',
      ),
      byteTimeNs: defaulted(
        z.number().check(z.positive()),
        4,
        'Nanoseconds per byte on a link (003 sec. 4: 1X SDR, 4 ns). Default 4.',
      ),
      unicastOrder: defaulted(
        z.enum(['ascending', 'rotated', 'random']),
        'ascending',
        "Order of a source's unicasts: ascending member LID, rotated past its own LID, or random. Default 'ascending'.",
      ),
      engine: defaulted(
        z.enum(['packet', 'flit']),
        'packet',
        "'packet': the event-driven packet-level path; 'flit': the flit-level engine with the ib switch model (identical makespans, slower). Default 'packet'.",
      ),
      vlBuffer: described(
        z.optional(z.enum(['packet', 'credit'])),
        "VL buffer mode (docs/algorithms/ib-mcast.md, 'VL buffers'): 'packet' = one packet per VL buffer (the paper's 'a packet will stay in a channel (buffer)'); 'credit' = real IB's flow control, each VL buffer a FIFO of vlBufferBytes in 64-byte credits, ceil(b / 64) per packet, head-of-line order per VL (both engines give the same makespans; the flit engine only up to 24 packet slots a link, VLs x packets per VL). Absent: 'packet' (left out so that existing configs and their results are unchanged).",
      ),
      vlBufferBytes: described(
        z.optional(positiveInt()),
        'Bytes per VL buffer in the credit mode (at least one packet). Absent: 8192.',
      ),
    }),
    'One-, multi- or all-source multicast on an InfiniBand mesh (003 sec. 4): every source sends one message at t = 0; the makespan is the time until the last member holds the last byte. Sets the network (ib switching, VLs, one-packet buffers) from its own fields; needs timing.startup = startupSubsequent = 0 and routingDelayModified = routingDelay.',
  ),
);

/** Each workload type's schema, by the value of its `type`. */
export const WORKLOAD_SCHEMAS = {
  uniform,
  messages,
  multicast,
  mixed,
  steps,
  'plan-metrics': planMetrics,
  'ib-collective': ibCollective,
} as const;

export type WorkloadType = keyof typeof WORKLOAD_SCHEMAS;

/** The union of every workload type's schema, told apart by `type`. */
export const workloadUnion = once(() =>
  z.discriminatedUnion('type', [
    uniform(),
    messages(),
    multicast(),
    mixed(),
    steps(),
    planMetrics(),
    ibCollective(),
  ]),
);

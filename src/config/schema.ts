// A namespace import (not `import { z }`) lets esbuild keep only the zod functions used; the `z`
// object would pull all of zod into the CLI bundle (a third of what `mcsim run` parses).
import * as z from 'zod';
import { NetworkSchema, TimingSchema } from './network-schema.js';

/**
 * The configuration schema: the single source of the config's TypeScript type, its JSON Schema
 * (`mcsim schema`, schema/mcsim.config.schema.json) and its reference (docs/config.md). Every field
 * has a default and a description that states it. Objects are strict: unknown fields are errors.
 */

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

export const StopConfigSchema: z.ZodType<StopConfig> = z.lazy(() =>
  z
    .object({
      node: z.string().describe('Node id of the stop (x,y / x0,x1,... / i,w).'),
      service: SERVICE.optional().describe(
        'Header service at the stop (000 sec. 3.2). Default: PAF on a stop followed by another, ABS on the last.',
      ),
      retransmit: z
        .array(WormConfigSchema)
        .optional()
        .describe('Worms the node starts as a new phase after the tail has arrived (services with R).'),
      branches: z
        .array(z.array(StopConfigSchema).min(1))
        .optional()
        .describe('Tree worm: replicate here into one branch per list of stops (last stop only).'),
    })
    .strict(),
);

export const WormConfigSchema: z.ZodType<WormConfig> = z.lazy(() =>
  z
    .object({
      length: z.number().int().positive().optional().describe('Flits; default: the workload packetLength.'),
      stops: z.array(StopConfigSchema).min(1).describe('Ordered header of the worm.'),
    })
    .strict(),
);

const MessageConfigSchema = z.lazy(() =>
  z
    .object({
      at: z.number().int().min(0).describe('Creation cycle.'),
      source: z.string().describe('Node id of the source.'),
      length: z.number().int().positive().optional().describe('Flits; default: the workload packetLength.'),
      dest: z.string().optional().describe('Destination of a unicast (give dest or worms).'),
      worms: z
        .array(WormConfigSchema)
        .min(1)
        .optional()
        .describe('Worms the source starts as one start-up phase (give dest or worms).'),
    })
    .strict()
    .refine((m) => (m.dest === undefined) !== (m.worms === undefined), {
      message: 'give exactly one of "dest" (a unicast) or "worms"',
    }),
);

const windowFields = {
  warmup: z.number().int().min(0).default(2000).describe('Cycles before measuring. Default 2000.'),
  measure: z
    .number()
    .int()
    .positive()
    .default(10000)
    .describe(
      'Length of the measurement window in cycles; messages created in it are measured. Default 10000.',
    ),
  drain: z
    .number()
    .int()
    .min(0)
    .default(20000)
    .describe(
      'Cycles after the window for measured messages to finish; the rest count as unfinished. Default 20000.',
    ),
};

const packetLength = z
  .number()
  .int()
  .positive()
  .default(20)
  .describe('Message length in flits. Default 20 (000 sec. 5.1).');

const UniformSchema = z
  .object({
    type: z.literal('uniform'),
    load: z
      .number()
      .positive()
      .default(0.04)
      .describe('Offered load in flits per node per cycle. Default 0.04.'),
    packetLength,
    ...windowFields,
  })
  .strict()
  .describe('Uniform random unicast traffic, Poisson arrivals at every node.');

const MessagesSchema = z
  .object({
    type: z.literal('messages'),
    packetLength,
    maxCycles: z
      .number()
      .int()
      .positive()
      .default(1000000)
      .describe('Stop after this many cycles. Default 1000000.'),
    messages: z.array(MessageConfigSchema).min(1).describe('The messages, each with its creation cycle.'),
  })
  .strict()
  .describe('A given set of messages at given times.');

const algorithm = z
  .string()
  .default('tpm')
  .describe('Multicast scheme (see `mcsim plan --help`). Default tpm.');

const MulticastSchema = z
  .object({
    type: z.literal('multicast'),
    algorithm,
    destinations: z.number().int().positive().default(20).describe('Destinations per multicast. Default 20.'),
    samples: z
      .number()
      .int()
      .positive()
      .default(1000)
      .describe('Multicasts to average over. Default 1000 (000 sec. 5.2).'),
    packetLength,
  })
  .strict()
  .describe(
    'Contention-free multicast (000 sec. 5.2): random source, uniformly random destination set, each multicast alone in the network.',
  );

const MixedSchema = z
  .object({
    type: z.literal('mixed'),
    algorithm,
    load: z
      .number()
      .positive()
      .default(0.02)
      .describe(
        'Offered throughput X in delivered flits per node per cycle, unicast and multicast together. Default 0.02.',
      ),
    multicastFraction: z
      .number()
      .min(0)
      .max(1)
      .default(0.1)
      .describe('Share of deliveries due to multicasts (000 sec. 5.3: 0.1). Default 0.1.'),
    destinations: z
      .object({
        mean: z.number().positive().default(32).describe('Default 32.'),
        sd: z.number().min(0).default(15).describe('Default 15.'),
        min: z.number().int().positive().default(2).describe('Default 2.'),
        max: z.number().int().positive().default(250).describe('Default 250.'),
        ofOthers: z
          .number()
          .positive()
          .max(1)
          .optional()
          .describe(
            'Every multicast has round(ofOthers * (N - 1)) destinations, the same fraction of the other nodes on every network size (002 Fig. 17); overrides mean, sd, min and max.',
          ),
      })
      .strict()
      .default({ mean: 32, sd: 15, min: 2, max: 250 })
      .describe('Destinations per multicast: normal, rounded, clipped to [min, max] (000 sec. 5.3).'),
    packetLength,
    ...windowFields,
  })
  .strict()
  .describe(
    'Mixed unicast and multicast traffic (000 sec. 5.3): per node, unicast inter-arrival N/(0.9X) and multicast inter-arrival N*D/(0.1X).',
  );

const StepsSchema = z
  .object({
    type: z.literal('steps'),
    algorithm: z
      .string()
      .default('uccc')
      .describe('Unicast-based scheme (uccc, umesh, separate). Default uccc.'),
    setSize: z
      .number()
      .int()
      .min(2)
      .default(8)
      .describe('Nodes in the multicast, source included (m: the lower bound is ceil(log2 m)). Default 8.'),
    samples: z
      .number()
      .int()
      .positive()
      .default(1000)
      .describe('Random multicast sets to average over. Default 1000.'),
  })
  .strict()
  .describe(
    'Message-passing steps of unicast-based multicast by the step model of 004 sec. 6 (no flit simulation): link contention when VCs share a physical link.',
  );

const PlanMetricsSchema = z
  .object({
    type: z.literal('plan-metrics'),
    algorithm,
    destinations: z
      .number()
      .int()
      .positive()
      .optional()
      .describe('Destinations per multicast (give this or destinationsFraction). Default 20.'),
    destinationsFraction: z
      .number()
      .positive()
      .max(1)
      .optional()
      .describe(
        'Destinations as a fraction of the nodes, k = round(fraction * N) (001 sec. 4.2: 20%), instead of destinations.',
      ),
    samples: z
      .number()
      .int()
      .positive()
      .default(1000)
      .describe('Random multicasts to average over. Default 1000.'),
    nsPerHop: z
      .number()
      .positive()
      .default(25)
      .describe('Nanoseconds per channel hop for latencyNs (001 sec. 4: 25 ns). Default 25.'),
  })
  .strict()
  .describe(
    'Plan-level metrics without flit simulation (001 sec. 3.4): hop latency, traffic and phases of random multicasts.',
  );

const IbCollectiveSchema = z
  .object({
    type: z.literal('ib-collective'),
    sources: z
      .union([z.literal('one'), z.number().positive().max(1)])
      .default('one')
      .describe(
        "Sources: 'one' (one random node), or the fraction of the nodes that send (0.4: multi-source, 1: all-source; 003 sec. 4). Default 'one'.",
      ),
    groupFraction: z
      .number()
      .positive()
      .max(1)
      .default(0.4)
      .describe('Group size as a fraction of the nodes, round(f * N) (003 sec. 4: 0.4 or 1). Default 0.4.'),
    variant: z
      .enum([
        'uc-1vl',
        'mc-1vl',
        'uc-shared',
        'uc-dedicated',
        'mc-shared',
        'mc-dedicated',
        'uc-shared-sl',
        'mc-shared-sl',
      ])
      .default('mc-1vl')
      .describe(
        "Scheme and VL policy: uc = one unicast per member through the host link, mc = one packet replicated by the MFT (003 sec. 3.3.2); 1vl, shared (any free VL on every port, the paper's), dedicated (one VL per port, sec. 4 legends) or shared-sl (IB-realizable: packet j of a host has SL (LID + j) mod k and keeps VL = SL on every link, notes sec. 1.6). Default 'mc-1vl'.",
      ),
    vls: z
      .union([z.literal(2), z.literal(4)])
      .default(2)
      .describe('Data VLs of the shared and dedicated variants (the 1vl ones have 1). Default 2.'),
    messageBytes: z
      .number()
      .int()
      .positive()
      .default(32)
      .describe('Packet (= message) size in bytes (003 sec. 4: 32 B to 8 KB). Default 32.'),
    flitBytes: z
      .number()
      .int()
      .positive()
      .default(32)
      .describe(
        'Bytes per flit, the simulation granule; a packet is ceil(messageBytes / flitBytes) flits. Default 32.',
      ),
    byteTimeNs: z
      .number()
      .positive()
      .default(4)
      .describe('Nanoseconds per byte on a link (003 sec. 4: 1X SDR, 4 ns). Default 4.'),
    unicastOrder: z
      .enum(['ascending', 'rotated', 'random'])
      .default('ascending')
      .describe(
        "Order of a source's unicasts: ascending member LID, rotated past its own LID, or random. Default 'ascending'.",
      ),
    engine: z
      .enum(['packet', 'flit'])
      .default('packet')
      .describe(
        "'packet': the event-driven packet-level path; 'flit': the flit-level engine with the ib switch model (identical makespans, slower). Default 'packet'.",
      ),
    vlBuffer: z
      .enum(['packet', 'credit'])
      .optional()
      .describe(
        "VL buffer mode (003 notes sec. 1.7): 'packet' = one packet per VL buffer (the paper's 'a packet will stay in a channel (buffer)'); 'credit' = real IB's flow control, each VL buffer a FIFO of vlBufferBytes in 64-byte credits, ceil(b / 64) per packet, head-of-line order per VL (flit engine only: set engine: flit). Absent: 'packet' (left out so that existing configs and their results are unchanged).",
      ),
    vlBufferBytes: z
      .number()
      .int()
      .positive()
      .optional()
      .describe(
        'Bytes per VL buffer in the credit mode (notes sec. 1.7; at least one packet). Absent: 8192.',
      ),
  })
  .strict()
  .describe(
    'One-, multi- or all-source multicast on an InfiniBand mesh (003 sec. 4): every source sends one message at t = 0; the makespan is the time until the last member holds the last byte. Sets the network (ib switching, VLs, one-packet buffers) from its own fields; needs timing.startup = startupSubsequent = 0 and routingDelayModified = routingDelay.',
  );

export { LinkSchema, NetworkSchema, SwitchOptionsSchema, TimingSchema } from './network-schema.js';

/** What a run measures beyond the standard metrics; absent from a config (and its records) unless given. */
export const MetricsOptionsSchema = z
  .object({
    switchDiagnostics: z
      .boolean()
      .default(false)
      .describe(
        'Add metrics.switchDiagnostics to the run: head-of-FIFO waits by input side, head residence by replication, central-buffer occupancy by input side, flits per channel class, injected load and the spread of arrivals (002 sec. 6-7; docs/experiments/switch.md). Fat trees with the central-buffer or input-fifo switch only. Default false.',
      ),
  })
  .strict();

export const WorkloadSchema = z.discriminatedUnion('type', [
  UniformSchema,
  MessagesSchema,
  MulticastSchema,
  MixedSchema,
  StepsSchema,
  PlanMetricsSchema,
  IbCollectiveSchema,
]);

export const ConfigSchema = z
  .object({
    seed: z.number().int().min(0).default(1).describe('Seed of the random streams. Default 1.'),
    network: NetworkSchema.default(NetworkSchema.parse({})),
    timing: TimingSchema.default(TimingSchema.parse({})),
    workload: WorkloadSchema.default(UniformSchema.parse({ type: 'uniform' })),
    metrics: MetricsOptionsSchema.optional().describe(
      'Optional measures (002 switch diagnostics); absent: the standard metrics only.',
    ),
  })
  .strict();

export type McsimConfig = z.output<typeof ConfigSchema>;
export type McsimConfigInput = z.input<typeof ConfigSchema>;
export type WorkloadConfig = McsimConfig['workload'];

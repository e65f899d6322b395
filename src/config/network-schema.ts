// zod/mini, as in schema.ts; a namespace import lets esbuild keep only the zod functions used.
import * as z from 'zod/mini';
import { SWITCH_MODEL_NAMES, switchingDescription } from '../router/registry.js';
import { TOPOLOGIES } from '../topology/registry.js';
import { count, defaulted, described, positiveInt } from './fields.js';

/**
 * The network and timing parts of the configuration schema (schema.ts puts the whole together):
 * topology, routing, VCs, buffers, the switch model and its options, injection and consumption
 * channels, link timing, and the routing and start-up delays.
 */

const channels = (more = '') =>
  defaulted(
    z.union([positiveInt(), z.literal('all')]),
    1,
    `Channels per node: a number, or 'all' = as many as the router has output VCs (000 sec. 5.2).${more} Default 1.`,
  );

export const LinkSchema = z.lazy(() =>
  z.strictObject({
    latency: defaulted(
      z.number().check(z.int(), z.minimum(1), z.maximum(64)),
      1,
      'Cycles a flit spends on the wire: it is usable downstream this many cycles after it leaves. Default 1.',
    ),
    creditDelay: defaulted(
      z.number().check(z.int(), z.minimum(0), z.maximum(64)),
      0,
      'Cycles until a freed buffer slot is seen upstream. 0: in the same cycle (a flit may enter a full buffer whose front flit leaves). Default 0.',
    ),
  }),
);

/**
 * Parameters of 002's switches (sec. 4, 5, 7.1); given only for those models. Built on first use
 * (z.lazy), like the other parts only some configs have: `mcsim run` builds the schema on every
 * start and should not spend that time on fields its config leaves out.
 */
export const SwitchOptionsSchema = z.lazy(() =>
  z.strictObject({
    chunkFlits: defaulted(
      positiveInt(),
      8,
      'Flits per chunk of a central buffer or input RAM: k for a k-port switch (002 sec. 4.1). Default 8.',
    ),
    chunkDelay: defaulted(
      count(),
      7,
      'Extra cycles of a packet replicated at a switch (deserialised into chunks, 002 sec. 7.1: 7 for 8-flit chunks); its r-th port (ascending) is r cycles later still. Default 7.',
    ),
    centralBufferChunks: defaulted(
      positiveInt(),
      256,
      'central-buffer: chunks of the shared central buffer (002 sec. 7.1: 256 x 8 flits = 4 KB). Default 256.',
    ),
    inputFifoFlits: defaulted(
      positiveInt(),
      64,
      'central-buffer: flits of each input FIFO in front of the central buffer (002 sec. 7.1: 64). Default 64.',
    ),
    multicastReserveChunks: described(
      z.optional(count()),
      "central-buffer: chunks only replicating packets may take (docs/algorithms/central-buffer.md, 'Multicast reserve'): unicasts never bring the free count below it. Default ceil(largest packet / chunkFlits) + 3; 0 is the paper's literal rule, not proven deadlock-free.",
    ),
    organisation: defaulted(
      z.enum(['chunk-crossbar', 'register-staircase', 'split-ram']),
      'chunk-crossbar',
      "input-fifo: organisation of the input-buffer switch (002 sec. 5.1-5.2); equal in timing, it selects the hardware cost reported. Default 'chunk-crossbar'.",
    ),
    acceptDeadlock: defaulted(
      z.boolean(),
      false,
      'Run buffers smaller than the largest packet (input-fifo) or a central buffer too small for it, where replicated worms can deadlock (002 Fig. 2); the detector reports it. Default false.',
    ),
  }),
);

/**
 * A registered switch model's name (src/router/registry.ts), checked against the live list at
 * parse time, so a model registered after this module loaded (`registerSwitchModel`) is accepted;
 * the JSON Schema lists the names as an enum.
 */
function switchModelName() {
  const name = z.string().check(
    z.superRefine((v, ctx) => {
      if (!SWITCH_MODEL_NAMES.includes(v))
        ctx.issues.push({ code: 'invalid_value', values: [...SWITCH_MODEL_NAMES], input: v });
    }),
  );
  z.globalRegistry.add(name, { enum: SWITCH_MODEL_NAMES });
  return name;
}

export const NetworkSchema = z.strictObject({
  topology: defaulted(
    z.string(),
    'mesh:16x16',
    `Topology spec (\`mcsim topologies\`): ${TOPOLOGIES.map((t) => t.example).join(', ')}. Default 'mesh:16x16'.`,
  ),
  routing: defaulted(
    z.string(),
    'auto',
    "Routing function, or 'auto' = xy on 2D meshes and tori, dor on other n-cubes, hc on CCCs, lca on fat trees, ib-xy on ibmesh (the topology's registry entry). Default 'auto'.",
  ),
  routingOptions: defaulted(
    z.record(z.string(), z.unknown()),
    {},
    "Options of the routing function, e.g. { from: 'xy' } or { file: 'routes.json' } for 'table'. Default {}.",
  ),
  vcs: described(
    z.optional(z.union([positiveInt(), z.record(z.string(), positiveInt())])),
    'Virtual channels per physical channel: a number for every class, or per channel class. Default 2 (on a CCC: { cycle: 2, hypercube: 1 }, 004 sec. 3).',
  ),
  bufferDepth: defaulted(positiveInt(), 1, 'Flits per VC buffer. Default 1 (000 sec. 5.1).'),
  switching: defaulted(switchModelName(), 'wormhole', switchingDescription()),
  switchOptions: described(
    z.optional(SwitchOptionsSchema),
    "Parameters of 002's switches (central-buffer; input-fifo with chunk timing and the buffer rule of 002 sec. 5). Absent: input-fifo keeps its plain timing.",
  ),
  injectionChannels: channels(
    " 002's switches (central-buffer; input-fifo with switchOptions) use them as the packet slots of the processor's port, an ordinary input of its switch: at least as many as a channel has VCs (more stay unused).",
  ),
  consumptionChannels: channels(),
  links: described(
    z.optional(z.union([LinkSchema, z.record(z.string(), LinkSchema)])),
    'Link timing: one { latency, creditDelay } for every network channel, or one per channel class. Default latency 1, credit delay 0 (000 sec. 5.1).',
  ),
});

export const TimingSchema = z.strictObject({
  routingDelay: defaulted(count(), 2, 'Cycles per routing decision. Default 2 (000 sec. 5.1).'),
  routingDelayModified: defaulted(
    count(),
    3,
    'Cycles per routing decision where the header is modified. Default 3.',
  ),
  startup: defaulted(count(), 33, "Start-up of a node's first message of a phase. Default 33."),
  startupSubsequent: defaulted(
    count(),
    8,
    'Start-up of each further message the node starts in the same phase. Default 8.',
  ),
  deadlockCycles: defaulted(
    positiveInt(),
    2000,
    'Stop with a deadlock report after this many cycles without any flit moving. Default 2000.',
  ),
});

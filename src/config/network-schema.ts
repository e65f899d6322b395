// A namespace import, as in schema.ts (esbuild keeps only the zod functions used).
import * as z from 'zod';

/**
 * The network and timing parts of the configuration schema (schema.ts puts the whole together):
 * topology, routing, VCs, buffers, the switch model and its options, injection and consumption
 * channels, link timing, and the routing and start-up delays.
 */

const channels = z
  .union([z.number().int().positive(), z.literal('all')])
  .default(1)
  .describe(
    "Channels per node: a number, or 'all' = as many as the router has output VCs (000 sec. 5.2). Default 1.",
  );

export const LinkSchema = z.lazy(() =>
  z
    .object({
      latency: z
        .number()
        .int()
        .min(1)
        .max(64)
        .default(1)
        .describe(
          'Cycles a flit spends on the wire: it is usable downstream this many cycles after it leaves. Default 1.',
        ),
      creditDelay: z
        .number()
        .int()
        .min(0)
        .max(64)
        .default(0)
        .describe(
          'Cycles until a freed buffer slot is seen upstream. 0: in the same cycle (a flit may enter a full buffer whose front flit leaves). Default 0.',
        ),
    })
    .strict(),
);

/**
 * Parameters of 002's switches (sec. 4, 5, 7.1); given only for those models. Built on first use
 * (z.lazy), like the other parts only some configs have: zod takes some 0.1 ms per schema object
 * it builds, and `mcsim run` should not spend that at start on fields its config leaves out.
 */
export const SwitchOptionsSchema = z.lazy(() =>
  z
    .object({
      chunkFlits: z
        .number()
        .int()
        .positive()
        .default(8)
        .describe(
          'Flits per chunk of a central buffer or input RAM: k for a k-port switch (002 sec. 4.1). Default 8.',
        ),
      chunkDelay: z
        .number()
        .int()
        .min(0)
        .default(7)
        .describe(
          'Extra cycles of a packet replicated at a switch (deserialised into chunks, 002 sec. 7.1: 7 for 8-flit chunks); its r-th port (ascending) is r cycles later still. Default 7.',
        ),
      centralBufferChunks: z
        .number()
        .int()
        .positive()
        .default(256)
        .describe(
          'central-buffer: chunks of the shared central buffer (002 sec. 7.1: 256 x 8 flits = 4 KB). Default 256.',
        ),
      inputFifoFlits: z
        .number()
        .int()
        .positive()
        .default(64)
        .describe(
          'central-buffer: flits of each input FIFO in front of the central buffer (002 sec. 7.1: 64). Default 64.',
        ),
      multicastReserveChunks: z
        .number()
        .int()
        .min(0)
        .optional()
        .describe(
          "central-buffer: chunks only replicating packets may take (002 notes sec. 2.4): unicasts never bring the free count below it. Default ceil(largest packet / chunkFlits) + 3; 0 is the paper's literal rule, not proven deadlock-free.",
        ),
      organisation: z
        .enum(['chunk-crossbar', 'register-staircase', 'split-ram'])
        .default('chunk-crossbar')
        .describe(
          "input-fifo: organisation of the input-buffer switch (002 sec. 5.1-5.2); equal in timing, it selects the hardware cost reported. Default 'chunk-crossbar'.",
        ),
      acceptDeadlock: z
        .boolean()
        .default(false)
        .describe(
          'Run buffers smaller than the largest packet (input-fifo) or a central buffer too small for it, where replicated worms can deadlock (002 Fig. 2); the detector reports it. Default false.',
        ),
    })
    .strict(),
);

export const NetworkSchema = z
  .object({
    topology: z
      .string()
      .default('mesh:16x16')
      .describe(
        "Topology spec: mesh:16x16, torus:10x10, mesh:4x4x4, kary:8tx8x4t, ccc:5. Default 'mesh:16x16'.",
      ),
    routing: z
      .string()
      .default('auto')
      .describe(
        "Routing function, or 'auto' = xy on 2D meshes and tori, dor on other n-cubes, hc on CCCs, lca on fat trees, ib-xy on ibmesh (the topology's registry entry). Default 'auto'.",
      ),
    routingOptions: z
      .record(z.string(), z.unknown())
      .default({})
      .describe(
        "Options of the routing function, e.g. { from: 'xy' } or { file: 'routes.json' } for 'table'. Default {}.",
      ),
    vcs: z
      .union([z.number().int().positive(), z.record(z.string(), z.number().int().positive())])
      .optional()
      .describe(
        'Virtual channels per physical channel: a number for every class, or per channel class. Default 2 (on a CCC: { cycle: 2, hypercube: 1 }, 004 sec. 3).',
      ),
    bufferDepth: z
      .number()
      .int()
      .positive()
      .default(1)
      .describe('Flits per VC buffer. Default 1 (000 sec. 5.1).'),
    switching: z
      .enum(['wormhole', 'vct', 'input-fifo', 'central-buffer', 'ib'])
      .default('wormhole')
      .describe(
        "Switch model: 'wormhole' (input-VC router), 'vct' (virtual cut-through: a packet advances only where all of it fits), 'input-fifo' (one FIFO of bufferDepth flits per input port, up to vcs packets queued, served in order: head-of-line blocking, 002 sec. 5), 'central-buffer' (input FIFOs in front of a shared central buffer of chunks, 002 sec. 4), or 'ib' (InfiniBand, 003: VCT per virtual lane, whole-packet link arbitration, a node's injection channels share one host link). Default 'wormhole'.",
      ),
    switchOptions: SwitchOptionsSchema.optional().describe(
      "Parameters of 002's switches (central-buffer; input-fifo with chunk timing and the buffer rule of 002 sec. 5). Absent: input-fifo keeps its plain timing.",
    ),
    injectionChannels: channels,
    consumptionChannels: channels,
    links: z
      .union([LinkSchema, z.record(z.string(), LinkSchema)])
      .optional()
      .describe(
        'Link timing: one { latency, creditDelay } for every network channel, or one per channel class. Default latency 1, credit delay 0 (000 sec. 5.1).',
      ),
  })
  .strict();

export const TimingSchema = z
  .object({
    routingDelay: z
      .number()
      .int()
      .min(0)
      .default(2)
      .describe('Cycles per routing decision. Default 2 (000 sec. 5.1).'),
    routingDelayModified: z
      .number()
      .int()
      .min(0)
      .default(3)
      .describe('Cycles per routing decision where the header is modified. Default 3.'),
    startup: z
      .number()
      .int()
      .min(0)
      .default(33)
      .describe("Start-up of a node's first message of a phase. Default 33."),
    startupSubsequent: z
      .number()
      .int()
      .min(0)
      .default(8)
      .describe('Start-up of each further message the node starts in the same phase. Default 8.'),
    deadlockCycles: z
      .number()
      .int()
      .positive()
      .default(2000)
      .describe('Stop with a deadlock report after this many cycles without any flit moving. Default 2000.'),
  })
  .strict();

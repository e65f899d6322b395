import { z } from 'zod';

/**
 * An experiment file (YAML): a base config, the axes to sweep (crossed), the series to compare,
 * the seeds, what to plot and a scaled-down `quick` variant. One schema is the source of the type
 * and of the JSON Schema (`mcsim sweep --schema`).
 */
const Axis = z
  .object({
    path: z.string().describe('Dotted config path, e.g. workload.destinations.'),
    values: z.array(z.unknown()).min(1).describe('Values the path takes.'),
    label: z.string().optional().describe('Axis label for plots and tables (default: the path).'),
  })
  .strict();

const Plot = z
  .object({
    x: z.string().describe('Column for the x axis (a parameter path).'),
    y: z
      .array(z.string())
      .min(1)
      .describe('Columns for the y axis, one chart each (metric paths, e.g. metrics.latency.mean).'),
    series: z.string().optional().describe('Column whose values make the lines.'),
    xlabel: z.string().optional(),
    ylabels: z.array(z.string()).optional().describe('One label per y column, with units.'),
    logX: z.boolean().default(false),
    logY: z.boolean().default(false),
    title: z.string().optional(),
    panels: z
      .array(
        z
          .object({
            label: z.string().describe('Panel name, e.g. a.'),
            from: z.number().describe('Smallest x of the panel.'),
            to: z.number().describe('Largest x of the panel.'),
          })
          .strict(),
      )
      .optional()
      .describe(
        "Panels of the x axis: one chart per y column and panel, each over x in [from, to] (003's figures: (a) small, (b) large sizes). Default: one chart over all x.",
      ),
  })
  .strict();

export const ExperimentSchema = z
  .object({
    id: z
      .string()
      .regex(/^[a-z0-9-]+$/)
      .describe('Short id, used for file names.'),
    title: z.string(),
    paper: z.string().optional().describe('Seed paper file prefix (000..004).'),
    figure: z.string().optional().describe('Figure number in that paper.'),
    description: z.string().optional(),
    base: z
      .record(z.string(), z.unknown())
      .default({})
      .describe('Base config; each point overrides its axes.'),
    axes: z.array(Axis).default([]).describe('Axes, crossed with each other.'),
    series: Axis.optional().describe(
      'The series to compare (crossed with the axes, e.g. one per algorithm).',
    ),
    seeds: z.array(z.number().int().min(0)).default([1]).describe('Seeds (replications) of every point.'),
    plot: Plot.optional(),
    quick: z
      .object({
        base: z.record(z.string(), z.unknown()).default({}).describe('Overrides merged into base.'),
        axes: z.array(Axis).optional().describe('Replacement axes.'),
        seeds: z.array(z.number().int().min(0)).optional(),
      })
      .strict()
      .optional()
      .describe('Scaled-down variant for CI (--quick) that keeps the shape of the result.'),
  })
  .strict();

export type Experiment = z.output<typeof ExperimentSchema>;

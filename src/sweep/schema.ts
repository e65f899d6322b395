// A namespace import (not `import { z }`) lets esbuild keep only the zod functions used; the `z`
// object would pull all of zod into the CLI bundle (a third of what `mcsim run` parses).
import * as z from 'zod';

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
    series: z
      .string()
      .optional()
      .describe(
        "Column whose values make the lines; several joined by '+' (e.g. workload.algorithm+network.switching).",
      ),
    panels: z
      .array(
        z
          .object({
            title: z.string().optional().describe("Added to the chart's title after a colon."),
            label: z.string().optional().describe('Panel letter, shown in parentheses, e.g. a.'),
            where: z
              .record(z.string(), z.unknown())
              .optional()
              .describe('Parameter values the panel keeps (path -> value).'),
            from: z.number().optional().describe('Smallest x of the panel.'),
            to: z.number().optional().describe('Largest x of the panel.'),
          })
          .strict()
          .refine((p) => p.title !== undefined || p.label !== undefined, 'a panel needs a title or a label'),
      )
      .optional()
      .describe(
        "Panels of each chart, as a paper's figure lays them out: one chart per y column and panel, each keeping the points that match `where` and whose x lies in [from, to] (002's figures split by switch; 003's by small and large sizes). Default: one chart of all points.",
      ),
    saturation: z
      .boolean()
      .optional()
      .describe(
        'A load sweep: judge each point for stability (accepted throughput against offered, latency growth over the window; docs/results.md, "Stability and saturation"), report each series\' saturation as (last stable, first unstable] load, and leave the points past it out of latency charts and tables (002 sec. 7.1: "latency curves are not plotted above the saturation bandwidth"); their throughput stays.',
      ),
    xlabel: z.string().optional(),
    ylabels: z.array(z.string()).optional().describe('One label per y column, with units.'),
    logX: z.boolean().default(false),
    logY: z.boolean().default(false),
    title: z.string().optional(),
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

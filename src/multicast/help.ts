import { PLANNERS } from './registry.js';

/** The algorithm list shown by `mcsim plan --help`: names and the topologies each fits. */
export function algorithmsHelp(): string {
  const lines = PLANNERS.map(
    (p) => `  ${p.name.padEnd(12)} fits ${p.topologies.join(', ').padEnd(22)} ${p.description}`,
  );
  return `\nAlgorithms:\n${lines.join('\n')}\n`;
}

import { fitsText } from '../topology/fits.js';
import { PLANNERS } from './registry.js';

/** The algorithm list shown by `mcsim plan --help`: names and the topologies each fits. */
export function algorithmsHelp(): string {
  const lines = PLANNERS.map(
    (p) => `  ${p.name.padEnd(12)} fits ${fitsText(p.topologies).padEnd(22)} ${p.description}`,
  );
  return `\nAlgorithms:\n${lines.join('\n')}\n`;
}

/**
 * The playground's state: everything that decides a comparison, kept in the page's URL (so a link
 * reproduces it) and turned into the config `mcsim run` reads.
 */
export interface PlayState {
  topology: string;
  /** The two schemes run side by side. */
  a: string;
  b: string;
  /** Node ids as the CLI writes them ('3,4'); no source yet: undefined. */
  source?: string;
  dests: string[];
  /** Message length in flits. */
  length: number;
  /** Config fields left at their defaults are absent (config.md). */
  bufferDepth?: number;
  vcs?: number;
  consumptionChannels?: number | 'all';
  startup?: number;
}

export const DEFAULT_STATE: PlayState = {
  topology: 'mesh:16x16',
  a: 'tpm',
  b: 'dual-path',
  dests: [],
  length: 20,
};

const NUMBERS = ['bufferDepth', 'vcs', 'startup'] as const;

/** The state a URL's hash holds (`#topology=mesh:16x16&a=tpm&...`); what it lacks is the default. */
export function readState(hash: string): PlayState {
  const q = new URLSearchParams(hash.replace(/^#/, ''));
  const s: PlayState = { ...DEFAULT_STATE, dests: [] };
  s.topology = q.get('topology') ?? s.topology;
  s.a = q.get('a') ?? s.a;
  s.b = q.get('b') ?? s.b;
  s.source = q.get('source') ?? undefined;
  s.dests = (q.get('dests') ?? '').split(' ').filter(Boolean);
  const len = Number(q.get('length'));
  if (Number.isInteger(len) && len > 0) s.length = len;
  for (const k of NUMBERS) {
    const v = q.get(k);
    if (v !== null && v !== '') s[k] = Number(v);
  }
  const cc = q.get('consumptionChannels');
  if (cc) s.consumptionChannels = cc === 'all' ? 'all' : Number(cc);
  return s;
}

/** The hash of a state: only what differs from the defaults. */
export function writeState(s: PlayState): string {
  const q = new URLSearchParams();
  q.set('topology', s.topology);
  q.set('a', s.a);
  q.set('b', s.b);
  if (s.source !== undefined) q.set('source', s.source);
  if (s.dests.length > 0) q.set('dests', s.dests.join(' '));
  if (s.length !== DEFAULT_STATE.length) q.set('length', String(s.length));
  for (const k of NUMBERS) if (s[k] !== undefined) q.set(k, String(s[k]));
  if (s.consumptionChannels !== undefined) q.set('consumptionChannels', String(s.consumptionChannels));
  return `#${q.toString()}`;
}

/** The config of a state, as `mcsim run` reads it (fields at their defaults left out). */
export function configOf(s: PlayState): Record<string, unknown> {
  const network: Record<string, unknown> = { topology: s.topology };
  if (s.bufferDepth !== undefined) network.bufferDepth = s.bufferDepth;
  if (s.vcs !== undefined) network.vcs = s.vcs;
  if (s.consumptionChannels !== undefined) network.consumptionChannels = s.consumptionChannels;
  const config: Record<string, unknown> = { network };
  if (s.startup !== undefined) config.timing = { startup: s.startup };
  return config;
}

/**
 * The config that runs scheme `scheme`'s multicast of a state with `mcsim run` (docs/config.md:
 * a message planned by a scheme), as YAML: `mcsim run FILE` gives the playground's numbers.
 */
export function runYaml(s: PlayState, scheme: string): string {
  const c = configOf(s);
  const q = (v: string) => JSON.stringify(v);
  const lines = [`# mcsim playground: ${scheme} from ${s.source} to ${s.dests.length} destination(s)`];
  const net = c.network as Record<string, unknown>;
  lines.push('network:');
  for (const [k, v] of Object.entries(net)) lines.push(`  ${k}: ${typeof v === 'string' ? q(v) : v}`);
  if (c.timing) lines.push(`timing: { startup: ${(c.timing as { startup: number }).startup} }`);
  lines.push('workload:', '  type: messages');
  if (s.length !== DEFAULT_STATE.length) lines.push(`  packetLength: ${s.length}`);
  lines.push(
    '  messages:',
    `    - { at: 0, source: ${q(s.source ?? '')}, algorithm: ${scheme}, dests: [${s.dests.map(q).join(', ')}] }`,
    '',
  );
  return lines.join('\n');
}

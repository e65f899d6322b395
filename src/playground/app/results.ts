import type { PlanView, PlaygroundRun } from '../protocol.js';

const esc = (s: string) => s.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);

/** The numbers of the two runs side by side; each value carries data-scheme and data-metric for tests. */
export function numbersHtml(names: [string, string], runs: [PlaygroundRun, PlaygroundRun]): string {
  const rows: Array<[string, string, (r: PlaygroundRun) => string]> = [
    ['status', 'status', (r) => r.status],
    ['latency', 'latency (cycles, last tail)', (r) => (r.latency < 0 ? '&mdash;' : String(r.latency))],
    ['avgDest', 'mean over destinations', (r) => fmt(avgTail(r))],
    ['traffic', 'traffic (flit-hops)', (r) => String(r.traffic)],
    ['phases', 'phases', (r) => String(r.plan.phases)],
    ['worms', 'worms', (r) => String(r.plan.worms.length)],
    ['hopLatency', 'hop latency (plan)', (r) => String(r.plan.hopLatency)],
    ['channels', 'channel traversals (plan)', (r) => String(r.plan.channels)],
  ];
  const head = `<tr><th></th>${names.map((n) => `<th>${esc(n)}</th>`).join('')}</tr>`;
  const body = rows
    .map(
      ([key, label, f]) =>
        `<tr><td>${label}</td>${runs
          .map((r, i) => `<td data-scheme="${esc(names[i]!)}" data-metric="${key}">${f(r)}</td>`)
          .join('')}</tr>`,
    )
    .join('');
  return `<table class="numbers">${head}${body}</table>`;
}

/** Mean of the destinations' tail arrivals, or NaN while one has not arrived. */
export function avgTail(r: PlaygroundRun): number {
  if (r.arrivals.length === 0 || r.arrivals.some((a) => a.tail < 0)) return Number.NaN;
  return r.arrivals.reduce((a, x) => a + x.tail, 0) / r.arrivals.length;
}

const fmt = (x: number) => (Number.isNaN(x) ? '&mdash;' : String(Math.round(x * 1000) / 1000));

/**
 * Per destination, the cycle its tail arrived under each scheme: a small bar chart (SVG), the
 * destinations in the order chosen, one bar per scheme.
 */
export function arrivalsChart(
  names: [string, string],
  runs: [PlaygroundRun, PlaygroundRun],
  dests: readonly string[],
  colours: [string, string],
): string {
  const at = runs.map((r) => new Map(r.arrivals.map((a) => [a.node, a.tail])));
  const max = Math.max(1, ...at.flatMap((m) => [...m.values()]));
  const rowH = 16;
  const labelW = 52;
  const width = 280;
  const barW = width - labelW - 40;
  const bars = dests
    .map((d, i) => {
      const y = i * rowH + 18;
      const cells = at
        .map((m, k) => {
          const t = m.get(d) ?? -1;
          const w = t < 0 ? 0 : (barW * t) / max;
          return `<rect x="${labelW}" y="${y + k * 7}" width="${w.toFixed(1)}" height="6" fill="${colours[k]}" data-scheme="${esc(names[k]!)}" data-node="${esc(d)}" data-tail="${t}"><title>${esc(names[k]!)}: ${esc(d)} at ${t < 0 ? 'never' : t}</title></rect>`;
        })
        .join('');
      return `<text x="${labelW - 4}" y="${y + 10}" text-anchor="end">${esc(d)}</text>${cells}`;
    })
    .join('');
  const legend = names
    .map(
      (n, k) =>
        `<rect x="${labelW + k * 110}" y="2" width="10" height="8" fill="${colours[k]}"/><text x="${labelW + 14 + k * 110}" y="10">${esc(n)}</text>`,
    )
    .join('');
  const h = dests.length * rowH + 26;
  return `<svg class="arrivals" width="${width}" height="${h}" role="img" aria-label="tail arrival per destination">${legend}${bars}<text x="${labelW}" y="${h - 2}" class="axis">0</text><text x="${labelW + barW}" y="${h - 2}" class="axis" text-anchor="end">${max} cycles</text></svg>`;
}

/** A scheme's plan: its worms by phase, with their stops' services (shown before it runs). */
export function planHtml(name: string, plan: PlanView): string {
  const worms = plan.worms
    .map(
      (w) =>
        `<li>phase ${w.phase}: ${esc(w.source)} &rarr; ${esc(w.destinations.map((s) => `${s.node}(${s.service})`).join(' '))}</li>`,
    )
    .join('');
  return `<h4>${esc(name)}: ${plan.worms.length} worm(s), ${plan.phases} phase(s)</h4><ul class="plan" data-scheme="${esc(name)}">${worms}</ul>`;
}

/** Per destination, the cycles its header and its tail arrived under each scheme. */
export function arrivalsHtml(
  names: [string, string],
  runs: [PlaygroundRun, PlaygroundRun],
  dests: readonly string[],
): string {
  const at = runs.map((r) => new Map(r.arrivals.map((a) => [a.node, a])));
  const cell = (k: number, d: string) => {
    const a = at[k]!.get(d);
    const txt = !a ? '&mdash;' : `${a.header} / ${a.tail < 0 ? '&mdash;' : a.tail}`;
    return `<td data-scheme="${esc(names[k]!)}" data-node="${esc(d)}">${txt}</td>`;
  };
  const rows = dests.map((d) => `<tr><td>${esc(d)}</td>${cell(0, d)}${cell(1, d)}</tr>`).join('');
  return `<table class="arrivals"><tr><th>destination</th><th>${esc(names[0])}</th><th>${esc(names[1])}</th></tr>${rows}</table><p class="note">header / tail arrival, cycles</p>`;
}

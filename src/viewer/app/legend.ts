import * as d3 from 'd3';
import type { Trace, TraceWorm } from '../../trace/format.js';

/**
 * What each header service does at its stop (000 sec. 3, 001 sec. 3.3). The viewer reads only the
 * trace, so the meanings are stated here; test-browser/first-view.test.ts checks they cover every
 * service a plan can use (src/plan/worm.ts, SERVICES).
 */
export const SERVICE_MEANINGS: Readonly<Record<string, string>> = {
  ABS: 'absorb: a destination, the worm ends here',
  PAF: 'absorb a copy and forward: a destination on the way',
  PAR: 'absorb and retransmit later worms from here',
  PAFR: 'absorb, forward, and retransmit later worms',
  TAR: 'absorb temporarily and retransmit (not a destination)',
  TAFR: 'absorb temporarily, forward and retransmit (not a destination)',
  FWD: 'forward only (a turn or branch point, not a destination)',
};

/** A destination of its message: the stop keeps the message (ABS, PAF, PAR, PAFR). */
export function isDestination(service: string): boolean {
  return service === 'ABS' || service.startsWith('P');
}

/** A plan's trace shows one message: its worms get a colour each, else each message one. */
export function colourBy(trace: Trace): 'worm' | 'message' {
  return trace.header.source.kind === 'plan' ? 'worm' : 'message';
}

const darker = new Map<string, string>();

/** A colour per message (or per worm of a plan), stable across cycles; later phases darker. */
export function wormColour(w: TraceWorm, by: 'worm' | 'message'): string {
  const base = d3.schemeTableau10[(by === 'worm' ? w.worm : w.message) % 10]!;
  if (w.phase <= 1) return base;
  const key = `${base}${w.phase}`;
  let c = darker.get(key);
  if (c === undefined)
    darker.set(
      key,
      (c = d3
        .color(base)!
        .darker(0.7 * (w.phase - 1))
        .formatHex()),
    );
  return c;
}

const esc = (s: string) => s.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * The legend: what the colours, the node marks and the service labels mean, and, with the heat
 * map on, its scale (share of the shown cycles a channel was held).
 */
export function legendHtml(trace: Trace, heat: { on: boolean; max: number }): string {
  const by = colourBy(trace);
  const out = ['<h4>legend</h4><ul>'];
  if (by === 'worm') {
    for (const w of [...trace.worms].sort((a, b) => a.phase - b.phase || a.worm - b.worm).slice(0, 12))
      out.push(
        `<li><span class="swatch" style="background:${wormColour(w, by)}"></span>worm ${w.worm}, phase ${w.phase}, from ${esc(trace.header.nodes[w.source]!)}</li>`,
      );
    if (trace.worms.length > 12) out.push(`<li>... ${trace.worms.length - 12} more worms</li>`);
  } else
    out.push(
      '<li><span class="swatch" style="background:linear-gradient(90deg,#4e79a7,#f28e2b,#e15759,#76b7b2)"></span>a colour per message; later phases of a multicast darker</li>',
    );
  out.push(
    '<li><span class="mark src">S</span>source of the shown message</li>',
    '<li><span class="mark dst">D</span>its destinations</li>',
    '<li><span class="swatch dashed"></span>channel a deadlocked worm waits for</li>',
  );
  const used = new Set(trace.worms.flatMap((w) => w.stops.map((s) => s.service)));
  const services = Object.keys(SERVICE_MEANINGS).filter((s) => used.has(s));
  if (services.length > 0) {
    out.push('</ul><h4>stop services</h4><dl class="services">');
    for (const s of services) out.push(`<dt>${s}</dt><dd>${esc(SERVICE_MEANINGS[s]!)}</dd>`);
    out.push('</dl>');
  } else out.push('</ul>');
  if (heat.on)
    out.push(
      `<h4>heat map</h4><div class="heat-scale"><span>0%</span><span class="ramp"></span><span>${(100 * heat.max).toFixed(0)}%</span></div><p class="note">share of the shown cycles a channel had a VC held</p>`,
    );
  return out.join('');
}

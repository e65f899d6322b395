import type { TraceChannel, TraceHeader, TraceWorm } from '../../trace/format.js';
import type { ViewModel } from './model.js';
import { stopName, stopPlaces } from './stop-place.js';

const esc = (s: string) => s.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);

export function channelName(h: TraceHeader, c: number): string {
  const ch: TraceChannel = h.channels[c]!;
  const n = h.nodes;
  if (ch.kind === 'inj') return `injection channel of ${n[ch.from]}`;
  if (ch.kind === 'sink') return `consumption channel of ${n[ch.from]}`;
  return `channel ${n[ch.from]} -> ${n[ch.to]} (${ch.port}${ch.wrap ? ', wrap-around' : ''})`;
}

export function wormName(w: TraceWorm): string {
  return `worm ${w.worm} (message ${w.message}, phase ${w.phase})`;
}

/** What the tooltip says about channel c after cycle t: who holds which VC, and who waits for it. */
export function channelInfo(model: ViewModel, c: number, t: number): string {
  const h = model.trace.header;
  const lines = [`<b>${esc(channelName(h, c))}</b>`];
  const held = model.heldAt(t).filter((x) => x.hop[0] === c);
  if (held.length === 0) lines.push('free');
  for (const x of held)
    lines.push(
      `VC ${x.hop[1]}: <span class="who" data-worm="${x.worm.worm}">${esc(wormName(x.worm))}</span>, header in at ${x.hop[2]}`,
    );
  for (const w of model.waitersOf(c, t))
    lines.push(`waits: <span class="waiter" data-worm="${w.worm.worm}">${esc(wormName(w.worm))}</span>`);
  lines.push(`utilisation ${(100 * model.utilisation[c]!).toFixed(1)}% of the window`);
  return lines.join('<br>');
}

/** The side panel for a selected message: its worms by phase and its deliveries. */
export function messageInfo(model: ViewModel, m: number): string {
  const h = model.trace.header;
  const worms = model.wormsOf.get(m) ?? [];
  const out = [`<h3>message ${m}</h3>`];
  if (worms.length > 0) out.push(`<p>${esc(worms[0]!.tag)} from ${esc(h.nodes[worms[0]!.source]!)}</p>`);
  out.push('<h4>worms</h4><ul class="worms">');
  for (const w of [...worms].sort((a, b) => a.phase - b.phase || a.worm - b.worm)) {
    const places = stopPlaces(h, w);
    const stops = w.stops.map((s, i) => stopName(h, s, places[i])).join(' ');
    out.push(
      `<li data-worm="${w.worm}">phase ${w.phase}: worm ${w.worm} ${esc(h.nodes[w.source]!)} &rarr; ${esc(stops)}</li>`,
    );
  }
  out.push(
    '</ul><h4>deliveries</h4><table class="deliveries"><tr><th>node</th><th>header</th><th>tail</th></tr>',
  );
  for (const d of model.deliveries.get(m) ?? [])
    out.push(
      `<tr data-node="${d.node}"><td>${esc(h.nodes[d.node]!)}</td><td>${d.header}</td><td>${d.tail < 0 ? '&mdash;' : d.tail}</td></tr>`,
    );
  out.push('</table>');
  return out.join('');
}

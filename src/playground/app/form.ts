import type { PlaygroundNetwork } from '../protocol.js';
import type { PlayState } from './state.js';

const esc = (s: string) => s.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);

/** The form's fields: the network, the two schemes, the message and the buffers and timing. */
export function formHtml(s: PlayState): string {
  const num = (id: string, label: string, v: number | undefined, title: string, min = 1) =>
    `<label title="${title}">${label} <input id="${id}" type="number" min="${min}" value="${v ?? ''}" placeholder="default"></label>`;
  return `
  <label title="mesh:16x16, torus:8x8, ccc:4, fattree:64, ibmesh:4x4 (mcsim topologies)">network <input id="topology" value="${esc(s.topology)}" size="11"></label>
  <label>scheme A <select id="scheme-a"><option>${esc(s.a)}</option></select></label>
  <label>scheme B <select id="scheme-b"><option>${esc(s.b)}</option></select></label>
  ${num('length', 'flits', s.length, 'message length in flits (default 20)')}
  ${num('bufferDepth', 'buffer', s.bufferDepth, 'flits per VC buffer (network.bufferDepth, default 1)')}
  ${num('vcs', 'VCs', s.vcs, 'virtual channels per channel (network.vcs, default 2)')}
  <label title="consumption channels per node (network.consumptionChannels)">sinks <select id="consumption">
    ${['', '1', '2', '3', '4', 'all'].map((v) => `<option value="${v}"${String(s.consumptionChannels ?? '') === v ? ' selected' : ''}>${v || 'default'}</option>`).join('')}
  </select></label>
  ${num('startup', 'start-up', s.startup, 'start-up cycles of a phase (timing.startup, default 33)', 0)}
  <span class="sep"></span>
  <button id="random" title="a random source (unless chosen) and this many destinations">random</button>
  <input id="random-n" type="number" min="1" value="8" title="destinations to draw">
  <button id="clear">clear</button>
  <button id="run" class="primary">run both</button>
  <span id="error" role="alert"></span>`;
}

/** Fills the scheme menus with the schemes that fit; a chosen scheme that does not is replaced. */
export function setSchemes(s: PlayState, schemes: PlaygroundNetwork['schemes']): PlayState {
  const names = schemes.map((x) => x.name);
  const pick = (want: string, other: string) =>
    names.includes(want) ? want : (names.find((n) => n !== other) ?? names[0] ?? want);
  const a = pick(s.a, s.b);
  const b = pick(s.b, a);
  for (const [id, v] of [
    ['scheme-a', a],
    ['scheme-b', b],
  ] as const) {
    const sel = document.getElementById(id) as HTMLSelectElement;
    sel.innerHTML = schemes
      .map((x) => `<option value="${esc(x.name)}" title="${esc(x.description)}">${esc(x.name)}</option>`)
      .join('');
    sel.value = v;
  }
  return { ...s, a, b };
}

/** The state the form's fields say, or what is wrong with one of them. */
export function readForm(prev: PlayState): { state: PlayState } | { error: string } {
  const val = (id: string) => (document.getElementById(id) as HTMLInputElement).value.trim();
  const opt = (id: string, min: number): number | undefined | string => {
    const v = val(id);
    if (v === '') return undefined;
    const n = Number(v);
    return Number.isInteger(n) && n >= min ? n : `${id}: expected a whole number >= ${min}, got "${v}"`;
  };
  const s: PlayState = { ...prev, topology: val('topology'), a: val('scheme-a'), b: val('scheme-b') };
  const length = opt('length', 1);
  const fields = { bufferDepth: opt('bufferDepth', 1), vcs: opt('vcs', 1), startup: opt('startup', 0) };
  for (const v of [length, ...Object.values(fields)]) if (typeof v === 'string') return { error: v };
  s.length = (length as number | undefined) ?? 20;
  s.bufferDepth = fields.bufferDepth as number | undefined;
  s.vcs = fields.vcs as number | undefined;
  s.startup = fields.startup as number | undefined;
  const cc = val('consumption');
  s.consumptionChannels = cc === '' ? undefined : cc === 'all' ? 'all' : Number(cc);
  return { state: s };
}

import type { Trace } from '../../trace/format.js';
import { type PackedTrace, unpackTrace } from '../../trace/packed.js';
import { bindKeys, type Player, playLoop, SPEEDS, timeline } from './controls.js';
import { layoutOf } from './layout.js';
import { legendHtml } from './legend.js';
import { ViewModel } from './model.js';
import { channelInfo, messageInfo } from './panel.js';
import { NetworkView } from './render.js';

/**
 * The viewer page: reads the trace embedded in the page (and nothing else), draws the network and
 * animates the worms cycle by cycle. `window.mcsimViewer` exposes its state for tests and scripts.
 */
function boot(trace: Trace): void {
  const model = new ViewModel(trace);
  const h = trace.header;
  const $ = (id: string) => document.getElementById(id)!;
  $('title').textContent = `${h.source.description} (${h.topology.spec})`;
  const view = new NetworkView($('stage'), model, layoutOf(h));
  const tip = $('tip');
  const panel = $('panel');
  const dead = trace.end.deadlock;

  // A plan's one message is shown from the start: its source, destinations and worms. The view opens
  // on the cycle before its first worm enters the network, not on the start-up's empty cycles.
  const planMessage = trace.header.source.kind === 'plan' ? trace.worms[0]?.message : undefined;
  // A loop, not Math.min(...): a long run's trace has more worms than a call takes arguments.
  const firstHead = trace.worms.reduce((a, w) => Math.min(a, w.hops[0]?.[2] ?? a), Number.POSITIVE_INFINITY);
  let cycle =
    planMessage !== undefined && Number.isFinite(firstHead)
      ? Math.max(model.start, firstHead - 1)
      : model.start;
  let playing = false;
  let speed = 3;
  let selected: number | undefined;
  let hovered: number | undefined;
  const deadlockShown = () => dead !== undefined && cycle >= model.end;

  const render = () => {
    view.draw(model.heldAt(cycle), selected, deadlockShown());
    $('status').textContent = deadlockShown()
      ? `deadlock at cycle ${dead!.cycle}: worms ${dead!.cycleOfWaits.join(', ')} wait for one another`
      : cycle < firstHead
        ? `start-up: the first worm enters the network at cycle ${firstHead}`
        : '';
    if (hovered !== undefined) tip.innerHTML = channelInfo(model, hovered, cycle);
    sync();
  };
  const player: Player = {
    start: model.start,
    end: model.end,
    cycle: () => cycle,
    setCycle(t) {
      if (!Number.isFinite(t)) return;
      cycle = Math.max(model.start, Math.min(model.end, Math.round(t)));
      if (cycle >= model.end) playing = false;
      render();
    },
    playing: () => playing,
    setPlaying(on) {
      playing = on;
      if (on && cycle >= model.end) cycle = model.start;
      render();
    },
    speed: () => speed,
    setSpeed(i) {
      speed = Math.max(0, Math.min(SPEEDS.length - 1, i));
      sync();
    },
  };
  const sync = timeline($('timeline'), player);

  playLoop(player);

  const select = (m: number | undefined) => {
    selected = m;
    panel.innerHTML =
      m === undefined
        ? '<p>Click a worm to see its message: its source, destinations and stops are marked.</p>'
        : messageInfo(model, m);
    render();
  };
  const svg = view.root;
  svg.addEventListener('mouseover', (e) => {
    const c = (e.target as Element).getAttribute('data-channel');
    if (c === null) return;
    hovered = Number(c);
    tip.innerHTML = channelInfo(model, hovered, cycle);
    tip.hidden = false;
  });
  svg.addEventListener('mousemove', (e) => {
    tip.style.left = `${e.clientX + 14}px`;
    tip.style.top = `${e.clientY + 14}px`;
  });
  svg.addEventListener('mouseout', (e) => {
    if ((e.target as Element).getAttribute('data-channel') === null) return;
    hovered = undefined;
    tip.hidden = true;
  });
  svg.addEventListener('click', (e) => {
    const el = e.target as Element;
    const m = el.getAttribute('data-message');
    if (m !== null) return select(Number(m));
    const c = el.getAttribute('data-channel');
    const holder = c === null ? undefined : model.heldAt(cycle).find((x) => x.hop[0] === Number(c));
    // A plan keeps its one message shown; elsewhere a click on nothing clears the selection.
    select(holder?.worm.message ?? planMessage);
  });
  const heatBox = $('heat') as HTMLInputElement;
  const maxUse = model.utilisation.reduce((a, u) => Math.max(a, u), 0);
  const setHeat = (on: boolean) => {
    heatBox.checked = on;
    view.setHeat(on);
    $('legend').innerHTML = legendHtml(trace, { on, max: maxUse });
  };
  const toggleHeat = () => setHeat(!view.heat);
  heatBox.onchange = () => setHeat(heatBox.checked);
  bindKeys({
    player,
    toggleHeat,
    clearSelection: () => select(undefined),
    fit: () => view.fit(),
    zoom: (f) => view.zoomBy(f),
  });
  if (dead) $('deadlock').textContent = dead.text;

  view.fit();
  setHeat(false);
  select(planMessage);

  (window as unknown as { mcsimViewer: unknown }).mcsimViewer = {
    /** The shown cycle and, per worm in flight, the channels (with VC) it holds after that cycle. */
    state: () => ({
      cycle,
      start: model.start,
      end: model.end,
      playing,
      speed: SPEEDS[speed],
      selected,
      heat: view.heat,
      deadlock: deadlockShown() ? dead!.cycleOfWaits : undefined,
      worms: Object.fromEntries([...groupHeld(model, cycle)].map(([w, hops]) => [String(w), hops] as const)),
    }),
    setCycle: (t: number) => player.setCycle(t),
    step: (n = 1) => player.setCycle(cycle + n),
    play: () => player.setPlaying(true),
    pause: () => player.setPlaying(false),
    select: (m?: number) => select(m),
    heat: (on: boolean) => setHeat(on),
  };
}

function groupHeld(model: ViewModel, t: number): Map<number, Array<[number, number]>> {
  const out = new Map<number, Array<[number, number]>>();
  for (const x of model.heldAt(t)) {
    let list = out.get(x.worm.worm);
    if (!list) out.set(x.worm.worm, (list = []));
    list.push([x.hop[0], x.hop[1]]);
  }
  return out;
}

/** The trace inside the page: packed, gzipped, in base64 (src/viewer/page.ts). */
async function embeddedTrace(): Promise<Trace> {
  const bin = atob(document.getElementById('mcsim-trace')!.textContent!.trim());
  const bytes = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) bytes[i] = bin.charCodeAt(i);
  const json = await new Response(
    new Blob([bytes]).stream().pipeThrough(new DecompressionStream('gzip')),
  ).text();
  return unpackTrace(JSON.parse(json) as PackedTrace);
}

embeddedTrace().then(boot, (e: Error) => {
  document.getElementById('status')!.textContent = `cannot read the trace in this page: ${e.message}`;
});

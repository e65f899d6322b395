import type { Trace } from '../../trace/format.js';
import { Rng } from '../../util/rng.js';
import { bindKeys, type Player, playLoop, SPEEDS, timeline } from '../../viewer/app/controls.js';
import { layoutOf } from '../../viewer/app/layout.js';
import { ViewModel } from '../../viewer/app/model.js';
import { NetworkView } from '../../viewer/app/render.js';
import type { PlaygroundNetwork, PlaygroundRun } from '../protocol.js';
import { formHtml, readForm, setSchemes } from './form.js';
import { arrivalsChart, arrivalsHtml, avgTail, numbersHtml, planHtml } from './results.js';
import { configOf, readState, runYaml, writeState } from './state.js';
import { askWorker } from './worker-link.js';

/** One side of the comparison: its network drawing, and its run once there is one. */
interface Pane {
  host: HTMLElement;
  view: NetworkView;
  model: ViewModel;
  run?: PlaygroundRun;
}

const COLOURS: [string, string] = ['#4e79a7', '#e15759'];
const $ = (id: string) => document.getElementById(id)!;

/**
 * The playground page: the network of the chosen config drawn twice; clicks choose the source and
 * the destinations; Run has the Web Worker plan and simulate both schemes (the real planners and
 * engine, worker.ts) and the two runs play side by side on one timeline, with their numbers.
 * The state lives in the URL; `window.mcsimPlayground` exposes it for tests and scripts.
 */
function boot(): void {
  let state = readState(location.hash);
  let network: PlaygroundNetwork | undefined;
  let panes: Pane[] = [];
  let cycle = 0;
  let playing = false;
  let speed = 4;
  let busy: Promise<void> = Promise.resolve();
  $('form').innerHTML = formHtml(state);

  const setError = (msg: string) => {
    $('error').textContent = msg;
  };
  const save = () => history.replaceState(null, '', writeState(state));
  const endOf = () => Math.max(0, ...panes.map((p) => (p.run ? p.model.end : 0)));

  const drawAt = (t: number) => {
    cycle = Math.max(0, Math.min(endOf(), t));
    for (const p of panes) {
      if (!p.run) {
        p.view.draw([], undefined, false);
        const nodes = network!.header.nodes;
        const id = (n: string) => nodes.indexOf(n);
        p.view.markEndpoints(state.source === undefined ? undefined : id(state.source), state.dests.map(id));
        continue;
      }
      const dead = p.run.status === 'deadlock' && cycle >= p.model.end;
      p.view.draw(p.model.heldAt(cycle), p.run.trace.worms[0]?.message, dead);
    }
    sync();
  };

  const player: Player = {
    start: 0,
    get end() {
      return endOf();
    },
    cycle: () => cycle,
    setCycle(t) {
      if (!Number.isFinite(t)) return;
      drawAt(Math.round(t));
      if (cycle >= endOf()) playing = false;
    },
    playing: () => playing,
    setPlaying(on) {
      playing = on && endOf() > 0;
      if (playing && cycle >= endOf()) cycle = 0;
      drawAt(cycle);
    },
    speed: () => speed,
    setSpeed(i) {
      speed = Math.max(0, Math.min(SPEEDS.length - 1, i));
      sync();
    },
  };
  let sync = timeline($('timeline'), player);
  playLoop(player);

  /** Both panes drawn anew: the bare network, or each run's trace. */
  const buildPanes = (traces: [Trace, Trace], runs?: [PlaygroundRun, PlaygroundRun]) => {
    panes = ['pane-a', 'pane-b'].map((id, i) => {
      const host = $(id).querySelector<HTMLElement>('.stage')!;
      host.innerHTML = '';
      const model = new ViewModel(traces[i]!);
      const view = new NetworkView(host, model, layoutOf(traces[i]!.header), null);
      view.fit();
      view.root.addEventListener('click', (e) => onNodeClick(e));
      return { host, view, model, run: runs?.[i] };
    });
    sync = timeline($('timeline'), player);
    drawAt(0);
  };

  const bare = (): [Trace, Trace] => {
    const t: Trace = {
      header: network!.header,
      worms: [],
      end: { type: 'end', cycle: 0, outcome: 'complete' },
    };
    return [t, t];
  };

  const clearResults = () => {
    for (const id of ['numbers', 'chart', 'arrivals']) $(id).innerHTML = '';
    $('status').textContent = '';
    for (const k of ['a', 'b']) {
      $(`yaml-${k}`).textContent = '';
      $(`get-${k}`).hidden = true;
    }
    busy = busy.then(showPlans);
  };

  /** Both schemes' plans for the chosen set, before anything runs. */
  const showPlans = async () => {
    if (!network || state.source === undefined || state.dests.length === 0) {
      $('plans').innerHTML = '';
      return;
    }
    const a = await askWorker({
      kind: 'plans',
      config: configOf(state),
      runs: [request(state.a), request(state.b)],
    });
    if (!a.ok) return setError(a.error);
    if (!('plans' in a)) return;
    $('plans').innerHTML =
      `<p class="note">planned; run both to simulate</p>${a.plans.map((p, i) => planHtml([state.a, state.b][i]!, p)).join('')}`;
  };
  const request = (algorithm: string) => ({
    algorithm,
    source: state.source!,
    dests: state.dests,
    length: state.length,
  });

  const onNodeClick = (e: MouseEvent) => {
    const n = (e.target as Element).getAttribute('data-node');
    if (n === null || !network) return;
    const name = network.header.nodes[Number(n)]!;
    if (state.source === undefined || e.shiftKey) {
      state = { ...state, source: name, dests: state.dests.filter((d) => d !== name) };
    } else if (name === state.source) {
      state = { ...state, source: undefined };
    } else {
      const has = state.dests.includes(name);
      state = { ...state, dests: has ? state.dests.filter((d) => d !== name) : [...state.dests, name] };
    }
    save();
    setError('');
    if (panes.some((p) => p.run)) {
      clearResults();
      buildPanes(bare());
    } else {
      drawAt(0);
      busy = busy.then(showPlans);
    }
  };

  /** Asks the worker for the network of the state's config; keeps the nodes that still exist. */
  const loadNetwork = async () => {
    const a = await askWorker({ kind: 'network', config: configOf(state) });
    if (!a.ok) return setError(a.error);
    if (!('network' in a)) return;
    network = a.network;
    setError('');
    const nodes = new Set(network.header.nodes);
    state = {
      ...state,
      source: state.source !== undefined && nodes.has(state.source) ? state.source : undefined,
      dests: state.dests.filter((d) => nodes.has(d)),
    };
    state = setSchemes(state, network.schemes);
    save();
    clearResults();
    buildPanes(bare());
  };

  const run = async () => {
    if (!network) return;
    if (state.source === undefined || state.dests.length === 0)
      return setError('choose a source (click a node) and at least one destination (click others)');
    $('status').textContent = 'running...';
    const req = (algorithm: string) => ({
      algorithm,
      source: state.source!,
      dests: state.dests,
      length: state.length,
    });
    const a = await askWorker({ kind: 'runs', config: configOf(state), runs: [req(state.a), req(state.b)] });
    if (!a.ok) {
      $('status').textContent = '';
      return setError(a.error);
    }
    if (!('runs' in a)) return;
    setError('');
    const runs = a.runs as [PlaygroundRun, PlaygroundRun];
    const names: [string, string] = [state.a, state.b];
    buildPanes([runs[0].trace, runs[1].trace], runs);
    $('numbers').innerHTML = numbersHtml(names, runs);
    $('chart').innerHTML = arrivalsChart(names, runs, state.dests, COLOURS);
    $('arrivals').innerHTML = arrivalsHtml(names, runs, state.dests);
    $('plans').innerHTML = runs.map((r, i) => planHtml(names[i]!, r.plan)).join('');
    $('status').textContent = runs.some((r) => r.status === 'deadlock')
      ? `deadlock: ${runs.map((r, i) => `${names[i]} ${r.status}`).join(', ')}`
      : '';
    for (const [i, k] of ['a', 'b'].entries()) {
      $(`pane-${k}`).querySelector('h2')!.textContent = `${names[i]}: latency ${runs[i]!.latency}`;
      const yaml = runYaml(state, names[i]!);
      $(`yaml-${k}`).textContent = yaml;
      const get = $(`get-${k}`) as HTMLAnchorElement;
      URL.revokeObjectURL(get.href);
      get.href = URL.createObjectURL(new Blob([yaml], { type: 'text/yaml' }));
      get.download = `mcsim-${names[i]}.yaml`;
      get.textContent = `download ${names[i]}'s config`;
      get.hidden = false;
    }
  };

  // The form: a changed network field reloads the network; a changed scheme or length clears results.
  $('form').addEventListener('change', (e) => {
    const id = (e.target as HTMLElement).id;
    if (id === 'random-n') return;
    const next = readForm(state);
    if ('error' in next) return setError(next.error);
    state = next.state;
    save();
    if (id === 'topology' || id === 'bufferDepth' || id === 'vcs' || id === 'consumption' || id === 'startup')
      busy = busy.then(loadNetwork);
    else {
      for (const [k, s] of [
        ['a', state.a],
        ['b', state.b],
      ] as const)
        $(`pane-${k}`).querySelector('h2')!.textContent = s;
      clearResults();
      if (panes.some((p) => p.run)) buildPanes(bare());
    }
  });
  $('run').onclick = () => {
    busy = busy.then(run);
  };
  let draws = 1;
  $('random').onclick = () => {
    if (!network) return;
    const k = Number(($('random-n') as HTMLInputElement).value);
    const nodes = network.header.nodes;
    // mcsim's seeded generator, as the simulator's random sets are drawn (traffic/destinations.ts):
    // the n-th press on a page draws the same set every time; the URL keeps the one drawn.
    const rng = new Rng(draws++);
    const source = state.source === undefined ? rng.int(nodes.length) : nodes.indexOf(state.source);
    const dests = rng.sample(nodes.length, Math.max(1, Math.min(k, nodes.length - 1)), source);
    state = { ...state, source: nodes[source]!, dests: dests.map((d) => nodes[d]!) };
    save();
    clearResults();
    buildPanes(bare());
  };
  $('clear').onclick = () => {
    state = { ...state, source: undefined, dests: [] };
    save();
    clearResults();
    buildPanes(bare());
  };

  // The viewer's keys, on both sides at once (h: each side's own utilisation heat map).
  bindKeys({
    player,
    toggleHeat: () => {
      for (const p of panes) p.view.setHeat(!p.view.heat);
    },
    clearSelection: () => undefined,
    fit: () => {
      for (const p of panes) p.view.fit();
    },
    zoom: (f) => {
      for (const p of panes) p.view.zoomBy(f);
    },
  });

  busy = busy.then(loadNetwork).then(() => {
    // A link with a source and destinations reproduces its comparison at once.
    if (state.source !== undefined && state.dests.length > 0) return run();
  });

  (window as unknown as { mcsimPlayground: unknown }).mcsimPlayground = {
    /** Settles once the page has answered everything asked so far. */
    idle: () => busy,
    state: () => ({
      ...state,
      cycle,
      end: endOf(),
      schemes: network?.schemes.map((s) => s.name) ?? [],
      runs: panes.map((p) =>
        p.run
          ? { status: p.run.status, latency: p.run.latency, avgDest: avgTail(p.run), traffic: p.run.traffic }
          : undefined,
      ),
      held: panes.map((p) => p.model.heldAt(cycle).length),
    }),
    setCycle: (t: number) => player.setCycle(t),
  };
}

boot();

import * as d3 from 'd3';
import { type Layout, NODE_R, type Point, STEP } from './layout.js';
import { colourBy, isDestination, wormColour } from './legend.js';
import type { HeldHop, ViewModel } from './model.js';
import { SegmentLayer } from './segments.js';
import { stopPlaces } from './stop-place.js';

type G = d3.Selection<SVGGElement, unknown, null, undefined>;

/**
 * The network drawing, in two stacked SVGs inside div.net: the base (channels, grey or coloured by
 * utilisation, nodes, switches, names) is drawn once; the flow layer above it (the worms of the
 * shown cycle, the shown message's marks, what deadlocked worms wait for) is the only one that
 * changes from cycle to cycle. The flow layer is composited on its own, so a new cycle repaints
 * the worms alone, not the thousands of elements under them. Both follow one zoom, taken on the
 * stage.
 */
export class NetworkView {
  /** div.net (#net in the viewer): both layers; mouse events on either reach it. */
  readonly root: HTMLDivElement;
  private readonly channels: G;
  private readonly marks: G;
  private readonly endpoints: G;
  private readonly waits: G;
  private readonly colours: 'worm' | 'message';
  private readonly nodeLabels: G;
  private readonly zoom: d3.ZoomBehavior<HTMLDivElement, unknown>;
  private readonly segments: SegmentLayer;
  heat = false;

  constructor(
    host: HTMLElement,
    private readonly model: ViewModel,
    private readonly layout: Layout,
    /** The root's id: the viewer's one drawing is #net; the playground's two have none. */
    id: string | null = 'net',
  ) {
    const net = d3.select(host).append('div').attr('class', 'net').attr('id', id);
    this.root = net.node()!;
    const base = net.append('svg').attr('class', 'layer base').attr('role', 'img');
    const flowSvg = net.append('svg').attr('class', 'layer flow');
    const root = base.append('g').attr('class', 'zoom');
    const top = flowSvg.append('g').attr('class', 'zoom');
    const h = model.trace.header;
    this.colours = colourBy(model.trace);
    this.channels = root.append('g').attr('class', 'channels');
    this.channels
      .selectAll('path')
      .data(h.channels.map((c, i) => ({ c, i })))
      .join('path')
      .attr('class', (d) => `ch ${d.c.kind}${d.c.wrap ? ' wrap' : ''}`)
      .attr('data-channel', (d) => d.i)
      .attr('d', (d) => layout.channels[d.i]!);
    const nodes = root.append('g').attr('class', 'nodes');
    nodes
      .selectAll('circle')
      .data(layout.nodes)
      .join('circle')
      .attr('class', 'node')
      .attr('data-node', (_, i) => i)
      .attr('cx', (p) => p.x)
      .attr('cy', (p) => p.y)
      .attr('r', NODE_R);
    // Switches of a switch-based network: squares, named as reports name them (s1.3, s2,1).
    const sw = root.append('g').attr('class', 'switches');
    sw.selectAll('rect')
      .data(layout.switches)
      .join('rect')
      .attr('class', 'switch')
      .attr('data-switch', (_, i) => i)
      .attr('x', (p) => p.x - NODE_R)
      .attr('y', (p) => p.y - NODE_R)
      .attr('width', 2 * NODE_R)
      .attr('height', 2 * NODE_R);
    sw.selectAll('text')
      .data(layout.switches)
      .join('text')
      .attr('x', (p) => p.x + NODE_R + 2)
      .attr('y', (p) => p.y - NODE_R)
      .text((_, i) => h.switches?.names[i] ?? '');
    this.nodeLabels = root.append('g').attr('class', 'labels');
    this.nodeLabels
      .selectAll('text')
      .data(layout.nodes)
      .join('text')
      .attr('x', (p) => p.x)
      .attr('y', (p) => p.y + NODE_R + 9)
      .text((_, i) => h.nodes[i]!);
    // The shown message's source and destinations, under the worms.
    this.endpoints = top.append('g').attr('class', 'endpoints');
    this.segments = new SegmentLayer(
      top.append('g').attr('class', 'worms').node()!,
      (c) => layout.channels[c]!,
      (w) => wormColour(w, this.colours),
    );
    // What deadlocked worms wait for is drawn over the worms holding it.
    this.waits = top.append('g').attr('class', 'waits');
    this.marks = top.append('g').attr('class', 'marks');
    const both = d3.selectAll([root.node()!, top.node()!]);
    this.zoom = d3
      .zoom<HTMLDivElement, unknown>()
      .scaleExtent([0.05, 40])
      .on('zoom', (e: d3.D3ZoomEvent<HTMLDivElement, unknown>) => {
        both.attr('transform', e.transform.toString());
        // Labels only where they can be read; worms never thinner than about two screen pixels.
        this.nodeLabels.attr('display', e.transform.k * STEP < 34 ? 'none' : null);
        top.style('--ww', `${Math.max(4.5, 2.2 / e.transform.k)}px`);
      });
    net.call(this.zoom).on('dblclick.zoom', null);
  }

  /** Fits the whole network into the SVG's box. */
  fit(): void {
    const box = this.root.getBoundingClientRect();
    const { width, height } = this.layout;
    // A small network is not blown up beyond what reads well.
    const k = Math.min(box.width / width, box.height / height, 2.5);
    const t = d3.zoomIdentity.translate((box.width - width * k) / 2, (box.height - height * k) / 2).scale(k);
    d3.select(this.root).call(this.zoom.transform, t);
  }

  zoomBy(f: number): void {
    d3.select(this.root).call(this.zoom.scaleBy, f);
  }

  /** Colours the channels by utilisation over the window (heat map), or plain grey. */
  setHeat(on: boolean): void {
    this.heat = on;
    const u = this.model.utilisation;
    const scale = d3.scaleSequential(d3.interpolateYlOrRd).domain([0, Math.max(1e-9, d3.max(u) ?? 1)]);
    const paths = this.channels.selectAll<SVGPathElement, { i: number }>('path');
    if (on) paths.style('stroke', (d) => (u[d.i]! > 0 ? scale(u[d.i]!) : null));
    else paths.style('stroke', null);
    paths.classed('hot', on);
  }

  /**
   * Draws the worms holding channels after cycle t; `selected` message's worms stand out, and its
   * source, destinations and stop services are marked (on a busy network, only that message's:
   * labels for every worm in flight would cover the node names).
   */
  draw(held: HeldHop[], selected: number | undefined, deadlockShown: boolean): void {
    const { layout, model } = this;
    const dead = deadlockShown ? model.deadlocked : new Map<number, number[]>();
    const classOf = (d: HeldHop) => {
      let c = 'worm';
      if (selected !== undefined) c += d.worm.message === selected ? ' selected' : ' dim';
      if (dead.has(d.worm.worm)) c += ' deadlocked';
      return c;
    };
    this.segments.draw(held, classOf);
    const waited: Array<{ c: number; w: number }> = [];
    for (const [w, chans] of dead) for (const c of chans) waited.push({ c, w });
    this.waits
      .selectAll<SVGPathElement, { c: number; w: number }>('path')
      .data(waited)
      .join('path')
      .attr('class', 'waited')
      .attr('data-channel', (d) => d.c)
      .attr('data-waiting-worm', (d) => d.w)
      .attr('d', (d) => layout.channels[d.c]!);
    this.drawStops(selected);
    this.drawEndpoints(selected);
  }

  /** Source (S) and destinations (D) of message m, marked on their nodes. */
  private drawEndpoints(m: number | undefined): void {
    const worms = m === undefined ? [] : (this.model.wormsOf.get(m) ?? []);
    const first = worms.find((w) => w.phase === 1);
    const dests = new Set<number>();
    for (const w of worms) for (const s of w.stops) if (isDestination(s.service)) dests.add(s.node);
    this.markEndpoints(first?.source, [...dests]);
  }

  /** Marks a source (S) and destinations (D) on their nodes (the playground's choice before a run). */
  markEndpoints(source: number | undefined, dests: readonly number[]): void {
    const p = this.layout.nodes;
    const marks: Array<{ node: number; kind: 'src' | 'dst' }> = [];
    if (source !== undefined) marks.push({ node: source, kind: 'src' });
    for (const n of dests) marks.push({ node: n, kind: 'dst' });
    const g = this.endpoints
      .selectAll<SVGGElement, (typeof marks)[number]>('g')
      .data(marks, (d) => `${d.kind}${d.node}`)
      .join((enter) => {
        const e = enter.append('g');
        e.append('circle');
        e.append('text');
        return e;
      })
      .attr('class', (d) => `endpoint ${d.kind}`)
      .attr('data-node', (d) => d.node);
    g.select('circle')
      .attr('cx', (d) => p[d.node]!.x)
      .attr('cy', (d) => p[d.node]!.y)
      .attr('r', NODE_R * 1.6);
    g.select('text')
      .attr('x', (d) => p[d.node]!.x)
      .attr('y', (d) => p[d.node]!.y + NODE_R * 0.55)
      .text((d) => (d.kind === 'src' ? 'S' : 'D'));
  }

  /**
   * Service marks at the stops of message m's worms: its header services, by node, or by switch
   * for a stop taken at a switch (stop-place.ts); a switch's marks sit below it, clear of its name.
   */
  private drawStops(m: number | undefined): void {
    const worms = m === undefined ? [] : (this.model.wormsOf.get(m) ?? []);
    const h = this.model.trace.header;
    const stops = new Map<string, { at: Point; below: boolean; services: Set<string>; colour: string }>();
    for (const w of worms) {
      const places = stopPlaces(h, w);
      w.stops.forEach((s, i) => {
        const place = places[i];
        if (!place) return;
        const key = `${place.kind}${place.id}`;
        let e = stops.get(key);
        if (!e) {
          const at = place.kind === 'node' ? this.layout.nodes[place.id]! : this.layout.switches[place.id]!;
          e = {
            at,
            below: place.kind === 'switch',
            services: new Set(),
            colour: wormColour(w, this.colours),
          };
          stops.set(key, e);
        }
        e.services.add(s.service);
      });
    }
    const data = [...stops].map(([key, e]) => ({ key, ...e }));
    this.marks
      .selectAll<SVGTextElement, (typeof data)[number]>('text')
      .data(data, (d) => d.key)
      .join('text')
      .attr('class', (d) => `stop${[...d.services].some((s) => s.includes('R')) ? ' retransmit' : ''}`)
      .attr('data-stop', (d) => d.key)
      .attr('x', (d) => d.at.x + NODE_R + 1)
      .attr('y', (d) => (d.below ? d.at.y + NODE_R + 8 : d.at.y - NODE_R - 1))
      .style('fill', (d) => d.colour)
      .text((d) => [...d.services].join('/'));
  }
}

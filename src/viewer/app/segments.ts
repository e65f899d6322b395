import type { TraceWorm } from '../../trace/format.js';
import type { HeldHop } from './model.js';

const SVG_NS = 'http://www.w3.org/2000/svg';

interface Shown {
  el: SVGPathElement;
  cls: string;
  dash: string | null;
}

/**
 * The worm segments of the shown cycle, one SVG path per held hop, kept by worm and hop from one
 * cycle to the next: a segment that stays is only touched where its class or its fill changed, a
 * new one is created once with what never changes (worm, message, channel, path, colour), and one
 * no longer held is removed. Written by hand rather than as a d3 join, which re-sorts the layer's
 * elements and rewrites every attribute of every segment each cycle: on a 16x16 mesh at load 0.1
 * that was most of a frame's time.
 */
export class SegmentLayer {
  private shown = new Map<number, Shown>();

  constructor(
    private readonly layer: SVGGElement,
    private readonly pathOf: (channel: number) => string,
    private readonly colourOf: (w: TraceWorm) => string,
  ) {}

  draw(held: readonly HeldHop[], classOf: (h: HeldHop) => string): void {
    const next = new Map<number, Shown>();
    for (const h of held) {
      const key = h.worm.worm * 2 ** 20 + h.index;
      let s = this.shown.get(key);
      if (s) this.shown.delete(key);
      else s = this.create(h);
      next.set(key, s);
      const cls = classOf(h);
      if (s.cls !== cls) s.el.setAttribute('class', (s.cls = cls));
      // Drawn from the header end: the segment reaches the next switch or node as soon as the
      // header does, and grows back toward the channel's start as the flits cross (drawn from the
      // start, long worms showed segments ending mid-way, not saying where the header went).
      const dash = h.filled >= 1 ? null : `0 ${1 - h.filled} ${h.filled} 1`;
      if (s.dash !== dash) {
        s.dash = dash;
        if (dash === null) s.el.removeAttribute('stroke-dasharray');
        else s.el.setAttribute('stroke-dasharray', dash);
      }
    }
    for (const gone of this.shown.values()) gone.el.remove();
    this.shown = next;
  }

  private create(h: HeldHop): Shown {
    const el = document.createElementNS(SVG_NS, 'path');
    el.setAttribute('data-worm', String(h.worm.worm));
    el.setAttribute('data-message', String(h.worm.message));
    el.setAttribute('data-channel', String(h.hop[0]));
    el.setAttribute('d', this.pathOf(h.hop[0]));
    el.setAttribute('pathLength', '1');
    el.setAttribute('stroke', this.colourOf(h.worm));
    this.layer.appendChild(el);
    return { el, cls: '', dash: null };
  }
}

import type { Topology } from '../topology/topology.js';
import type { RoutingDef, RoutingFunction } from './routing.js';
import { EJECT, packRoute } from './routing.js';
import { check2dTorusVcs } from './tasnem.js';
import { torusCyclePositions } from './torus-cycle.js';

/**
 * Hamiltonian-cycle routing on a 2D torus, as 001 (sec. 2) describes the channel networks of
 * multipath-HCM [22], also used for Uniform [21]: with P the cycle position (torus-cycle.ts), the
 * high-channel network holds the non-wraparound channels that increase P and the wraparound
 * ("boundary") channels that decrease it; the low-channel network the opposite.
 *
 * Positions are taken relative to the worm's source s: r(w) = (P(w) - P(s)) mod N for high worms,
 * (P(s) - P(w)) mod N for low worms. Toward the next stop t, the worm takes the allowed neighbour w
 * with the largest r(w) such that r(cur) < r(w) <= r(t). The cycle successor is always allowed, so
 * the route always progresses; r increases on every hop, so the worm passes position 0 at most once:
 * VC class 0 before, class 1 from that hop on (a dateline on the cycle).
 */
function build(name: string, high: boolean) {
  return (topo: Topology, vcsPerClass: readonly number[]): RoutingFunction => {
    const m = topo.dims[0]!;
    const n = topo.dims[1]!;
    const N = m * n;
    const P = torusCyclePositions(m, n);
    const V = vcsPerClass[0]!;
    const all = (1 << V) - 1;
    const half = V >> 1;
    const lowMask = (1 << half) - 1;
    const highMask = all & ~lowMask;
    // Per router and port: neighbour, and whether the channel is allowed in this network.
    const nb = new Int32Array(N * 4).fill(-1);
    for (let c = 0; c < N; c++) {
      const x = c % m;
      const y = Math.floor(c / m);
      for (let p = 0; p < 4; p++) {
        const w = topo.neighbor(c, p);
        const wrap = p === 0 ? x === m - 1 : p === 1 ? x === 0 : p === 2 ? y === n - 1 : y === 0;
        const up = P[w]! > P[c]!;
        if (high ? up !== wrap : up === wrap) nb[c * 4 + p] = w;
      }
    }
    return {
      name,
      route(cur, dest, legSrc, _prev, wormSrc) {
        if (cur === dest) return packRoute(EJECT, 1);
        const ps = P[wormSrc ?? legSrc]!;
        // r(v) = (P(v) - ps) mod N going up, (ps - P(v)) mod N going down; written out (no closure:
        // this runs once per hop of every plan of the figures).
        const sign = high ? 1 : -1;
        const rc = (sign * (P[cur]! - ps) + N) % N;
        const rt = (sign * (P[dest]! - ps) + N) % N;
        let best = -1;
        let bestR = -1;
        for (let p = 0; p < 4; p++) {
          const w = nb[cur * 4 + p]!;
          if (w < 0) continue;
          const rw = (sign * (P[w]! - ps) + N) % N;
          if (rw > rc && rw <= rt && rw > bestR) {
            best = p;
            bestR = rw;
          }
        }
        const w = topo.neighbor(cur, best);
        const crossed = high ? P[w]! < ps : P[w]! > ps;
        return packRoute(best, crossed ? highMask : lowMask);
      },
      vcName(_c, _port, vc) {
        return vc < half ? `dl0-vc${vc}` : `dl1-vc${vc}`;
      },
    };
  };
}

export const torusHcHighRouting: RoutingDef = {
  name: 'torus-hc-high',
  description:
    'Hamiltonian-cycle routing on a 2D torus, high-channel network (Uniform, multipath-HCM of 001)',
  topologies: ['torus'],
  check: check2dTorusVcs,
  build: build('torus-hc-high', true),
};

export const torusHcLowRouting: RoutingDef = {
  name: 'torus-hc-low',
  description: 'Hamiltonian-cycle routing on a 2D torus, low-channel network (Uniform, multipath-HCM of 001)',
  topologies: ['torus'],
  check: check2dTorusVcs,
  build: build('torus-hc-low', false),
};

import type { RoutingDef } from './routing.js';
import { EJECT, packRoute } from './routing.js';

/**
 * HC routing on the n-CCC (004 sec. 2) with the virtual channels of R_CCC (004 sec. 3).
 * At (i, x) heading to (j, y): let d_xy be the highest bit where x and y differ, k = d_xy if x != y
 * else j. If x != y and i = d_xy, cross the hypercube edge of dimension i. Otherwise walk the cycle
 * toward position k *as a linear array* (the cycle channel between n-1 and 0 is never used: 004
 * Fig. 3 gives h-channels only for 0 <= i <= n-2 and l-channels only for 1 <= i <= n-1), choosing
 *   Δ = k - i > 0: h0 if x <= y, h1 if x > y   (port cyc+, VC 0 / 1)
 *   Δ < 0:         l0 if x <  y, l1 if x >= y  (port cyc-, VC 0 / 1)
 * The printed R_CCC reads c_{x_i l_0} for Δ > 0 and x > y; that is an extraction typo: Case 2 of the
 * proof of Theorem 2 uses the h1 channel there, as h-channels are the only ones toward i + 1.
 */
export const hcRouting: RoutingDef = {
  name: 'hc',
  description: 'HC routing on cube-connected cycles with h0/h1/l0/l1 virtual channels (004 sec. 3)',
  topologies: ['ccc'],
  check(_topo, vcs) {
    if ((vcs[0] ?? 0) < 2)
      return `HC routing needs 2 virtual channels per cycle channel (h0/h1, l0/l1), got ${vcs[0]}`;
    if ((vcs[1] ?? 0) < 1) return `HC routing needs a virtual channel on hypercube channels, got ${vcs[1]}`;
    return undefined;
  },
  build(topo) {
    const n = topo.dims[0]!;
    return {
      name: 'hc',
      route(cur, dest) {
        if (cur === dest) return packRoute(EJECT, 1);
        const i = cur % n;
        const x = (cur - i) / n;
        const j = dest % n;
        const y = (dest - j) / n;
        const k = x !== y ? 31 - Math.clz32(x ^ y) : j;
        if (x !== y && i === k) return packRoute(2, 1);
        if (k > i) return packRoute(0, x <= y ? 1 : 2);
        return packRoute(1, x < y ? 1 : 2);
      },
      vcName(_cur, port, vc) {
        if (port === 2) return 'cube';
        return `${port === 0 ? 'h' : 'l'}${vc}`;
      },
    };
  },
};

import type { WormSpec } from '../plan/worm.js';
import type { MulticastPlan } from './plan.js';

/**
 * Unicast-based multicast by recursive halving of an ordered chain (U-mesh, McKinley et al. [5] of
 * 000; U-CCC, 004 Fig. 5). `sendsOf(chain, local)` lists, in order, the chain positions the node at
 * position `local` sends to, each with the sub-chain it becomes responsible for. Each recipient then
 * halves its own sub-chain. A node's sends are its messages of consecutive steps; the first is one
 * step after it received. Every unicast is a worm with a single ABS stop that, when the recipient
 * forwards further, becomes PAR with the recipient's own sends as retransmissions.
 */
export type Halving = (
  left: number,
  right: number,
  local: number,
) => Array<{ to: number; left: number; right: number }>;

export function recursiveHalvingPlan(
  algorithm: string,
  chain: readonly number[],
  sourcePos: number,
  length: number,
  halving: Halving,
  destinations: readonly number[],
): MulticastPlan {
  const phase = new Map<WormSpec, number>();
  const sendsFrom = (left: number, right: number, local: number, receivedAt: number): WormSpec[] => {
    const sends = halving(left, right, local);
    return sends.map((s, i) => {
      const step = receivedAt + i + 1;
      const onward = sendsFrom(s.left, s.right, s.to, step);
      const node = chain[s.to]!;
      const worm: WormSpec = {
        source: chain[local]!,
        length,
        stops: [onward.length > 0 ? { node, service: 'PAR', retransmit: onward } : { node, service: 'ABS' }],
      };
      phase.set(worm, step);
      return worm;
    });
  };
  const worms = sendsFrom(0, chain.length - 1, sourcePos, 0);
  return { algorithm, source: chain[sourcePos]!, destinations: [...destinations], worms, phase };
}

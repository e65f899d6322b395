import type { McsimConfig } from '../config/schema.js';
import { readMulticast } from '../multicast/request.js';
import {
  F_ABSORB,
  SERVICE_FLAGS,
  SERVICES,
  type Service,
  type StopSpec,
  type WormSpec,
} from '../plan/worm.js';
import type { RoutingFunction } from '../routing/routing.js';
import type { Topology } from '../topology/topology.js';
import { McsimError } from '../util/errors.js';

type MessagesWorkload = Extract<McsimConfig['workload'], { type: 'messages' }>;
type MessageConfig = MessagesWorkload['messages'][number];
type WormConfig = NonNullable<MessageConfig['worms']>[number];
type StopConfig = WormConfig['stops'][number];

/** One message of a given workload: the worms its source starts as one phase at cycle `at`. */
export interface TimedMessage {
  at: number;
  source: number;
  worms: WormSpec[];
  /** Flits offered: length times deliveries. */
  flits: number;
}

/**
 * Converts the `messages` workload of a config into worm specs, naming the field of any bad node
 * id. A message given by a scheme and destinations is planned with `routing`, as `mcsim plan` plans
 * it (readMulticast checks it the same way).
 */
export function messagesFromConfig(
  topo: Topology,
  w: MessagesWorkload,
  routing: RoutingFunction,
): TimedMessage[] {
  return w.messages.map((m, i) => {
    const at = `workload.messages[${i}]`;
    const source = parseNodeAt(topo, m.source, `${at}.source`);
    const length = m.length ?? w.packetLength;
    let worms: WormSpec[];
    if (m.algorithm !== undefined) {
      const { def, dests } = readMulticast(
        topo,
        { algorithm: m.algorithm, source, dests: m.dests ?? [] },
        { algorithm: `${at}.algorithm`, source: `${at}.source`, dests: `${at}.dests` },
      );
      worms = def.plan({ topology: topo, routing, length }, source, dests).worms;
    } else if (m.dest !== undefined) {
      const d = parseNodeAt(topo, m.dest, `${at}.dest`);
      if (d === source) throw new McsimError(`destination equals the source (${m.dest})`, `${at}.dest`);
      worms = [{ source, stops: [{ node: d, service: 'ABS' }], length }];
    } else {
      worms = (m.worms ?? []).map((wc, j) => wormFrom(topo, wc, source, length, `${at}.worms[${j}]`));
    }
    const flits = worms.reduce((a, x) => a + x.length * countDeliveries(x), 0);
    return { at: m.at, source, worms, flits };
  });
}

function wormFrom(topo: Topology, wc: WormConfig, source: number, length: number, path: string): WormSpec {
  const len = wc.length ?? length;
  return { source, length: len, stops: stopsFrom(topo, wc.stops, len, `${path}.stops`) };
}

function stopsFrom(topo: Topology, list: readonly StopConfig[], length: number, path: string): StopSpec[] {
  return list.map((s, i) => {
    const at = `${path}[${i}]`;
    const node = parseNodeAt(topo, s.node, `${at}.node`);
    const service: Service =
      (s.service as Service | undefined) ?? (i < list.length - 1 || s.branches ? 'PAF' : 'ABS');
    if (!SERVICES.includes(service)) throw new McsimError(`unknown service "${service}"`, `${at}.service`);
    const stop: StopSpec = { node, service };
    if (s.retransmit)
      stop.retransmit = s.retransmit.map((wc, j) =>
        wormFrom(topo, wc, node, length, `${at}.retransmit[${j}]`),
      );
    if (s.branches)
      stop.branches = s.branches.map((b, j) => stopsFrom(topo, b, length, `${at}.branches[${j}]`));
    return stop;
  });
}

function parseNodeAt(topo: Topology, s: string, field: string): number {
  try {
    return topo.parseNode(s);
  } catch (e) {
    if (e instanceof McsimError) throw new McsimError(e.message, field);
    throw e;
  }
}

/** Deliveries a worm makes, its retransmissions included. */
export function countDeliveries(w: WormSpec): number {
  return deliveriesIn(w.stops);
}

/** Deliveries of a list of stops and what follows them. Plain loops: every multicast is counted. */
function deliveriesIn(list: readonly StopSpec[]): number {
  let n = 0;
  for (let i = 0; i < list.length; i++) {
    const s = list[i]!;
    if (SERVICE_FLAGS[s.service] & F_ABSORB) n++;
    if (s.retransmit) for (const r of s.retransmit) n += deliveriesIn(r.stops);
    if (s.branches) for (const b of s.branches) n += deliveriesIn(b);
  }
  return n;
}

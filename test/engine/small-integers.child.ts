// Run by small-integers.test.ts under `node --allow-natives-syntax`: prints, per network, the sizes
// that V8 holds as heap numbers (doubles) instead of small integers.
import { EngineState } from '../../src/engine/state.js';
import { makeNet, type NetOpts, SWITCH_002_OPTIONS } from './harness.js';

// %IsSmi parses only under --allow-natives-syntax, so it is compiled at run time, not by tsc.
const isSmi = new Function('x', 'return %IsSmi(x)') as (x: number) => boolean;

// 002's switched fat trees, as their experiments build them.
const SWITCHED: NetOpts = {
  vcs: [16, 16],
  injection: 16,
  bufferDepth: 320,
  switchOptions: SWITCH_002_OPTIONS,
};
const found: Record<string, string[]> = {};
for (const [spec, opts] of [
  ['mesh:8x8', {}],
  ['torus:4x4', {}],
  ['kary:4tx4x2t', {}],
  ['ccc:4', {}],
  ['ccc:5', {}],
  ['fattree:16', SWITCHED],
  ['fattree:64', SWITCHED],
  ['ibmesh:4x4', {}],
] as [string, NetOpts][]) {
  const net = makeNet(spec, opts);
  const state = new EngineState(net, {});
  const sizes: Record<string, number> = {
    'topology.numNodes': net.topology.numNodes,
    numNodes: net.numNodes,
    numSwitches: net.numSwitches,
    numChannels: net.numChannels,
    numNetChannels: net.numNetChannels,
    numBuffers: net.numBuffers,
    numPorts: net.numPorts,
    'state.NB': state.NB,
    'state.MB': state.MB,
  };
  found[spec] = Object.entries(sizes)
    .filter(([, v]) => !isSmi(v))
    .map(([k, v]) => `${k} ${v}`);
}
console.log(JSON.stringify(found));

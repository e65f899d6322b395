import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { buildRouting } from '../../src/routing/registry.js';
import { computeRouteTable, routeTableToJson } from '../../src/routing/table.js';
import { parseTopology } from '../../src/topology/registry.js';
import { tempDir } from '../temp-dir.js';

const MAIN = new URL('../../cli/main.ts', import.meta.url).pathname;

function mcsim(...args: string[]) {
  const r = spawnSync(process.execPath, ['--import', 'tsx', MAIN, ...args], { encoding: 'utf8' });
  return { code: r.status, out: r.stdout, err: r.stderr };
}

/** Exit 2 with exactly one line on stderr that matches `re`. */
function refused(r: ReturnType<typeof mcsim>, re: RegExp) {
  assert.equal(r.code, 2, r.err);
  const lines = r.err.trim().split('\n');
  assert.equal(lines.length, 1, r.err);
  assert.match(lines[0]!, re);
}

/** The lca route table of fattree:16 as a file, after `edit`. */
function tableFile(edit: (ports: (number | null)[][]) => void): string {
  const t = parseTopology('fattree:16');
  const doc = JSON.parse(routeTableToJson(t, computeRouteTable(t, buildRouting(t, 'lca-digit', [1, 1]))));
  edit(doc.ports);
  const f = join(tempDir('mcsim-table-'), 'routes.json');
  writeFileSync(f, JSON.stringify(doc));
  return f;
}

const RUN = [
  'run',
  '--set',
  'workload.type=uniform',
  '--set',
  'workload.load=0.02',
  '--set',
  'workload.measure=500',
];

describe('mcsim on switch-based networks', () => {
  it('mcsim route on a fat tree names switches s<level>.<index> and ports', () => {
    const r = mcsim('route', '--topology', 'fattree:64', '--from', '5', '--to', '60', '--json');
    assert.equal(r.code, 0, r.err);
    const j = JSON.parse(r.out);
    assert.deepEqual(j.path, ['s1.1', 's2.0', 's3.12', 's2.12', 's1.15']);
    assert.deepEqual(
      j.channels.map((c: { port: string }) => c.port),
      ['up0', 'up3', 'down3', 'down3'],
    );
  });

  it('mcsim route on an ibmesh goes X first, then Y (003 sec. 3.3.1)', () => {
    const r = mcsim('route', '--topology', 'ibmesh:4x4', '--from', '3,3', '--to', '1,2', '--json');
    assert.equal(r.code, 0, r.err);
    const j = JSON.parse(r.out);
    assert.deepEqual(j.path, ['s3,3', 's2,3', 's1,3', 's1,2']);
    assert.deepEqual(
      j.channels.map((c: { port: string }) => c.port),
      ['W', 'W', 'S'],
    );
  });

  it('a fat tree of 20 nodes: one line, exit 2', () => {
    refused(
      mcsim('route', '--topology', 'fattree:20', '--from', '0', '--to', '1'),
      /fattree:20: .*4\^n nodes/,
    );
    refused(mcsim(...RUN, '--set', 'network.topology=fattree:20'), /fattree:20/);
  });

  it('a table file equal to the oblivious lca-digit routing gives the same run as lca-digit', () => {
    // A table holds one port per (switch, destination): it can hold lca-digit, not adaptive lca.
    const f = tableFile(() => {});
    const a = mcsim(
      ...RUN,
      '--set',
      'network.topology=fattree:16',
      '--set',
      'network.routing=lca-digit',
      '--json',
    );
    const b = mcsim(
      ...RUN,
      '--set',
      'network.topology=fattree:16',
      '--set',
      'network.routing=table',
      '--set',
      `network.routingOptions.file=${f}`,
      '--json',
    );
    assert.equal(a.code, 0, a.err);
    assert.equal(b.code, 0, b.err);
    assert.deepEqual(JSON.parse(b.out).metrics, JSON.parse(a.out).metrics);
  });

  const withTable = (f: string) => [
    ...RUN,
    '--set',
    'network.topology=fattree:16',
    '--set',
    'network.routing=table',
    '--set',
    `network.routingOptions.file=${f}`,
  ];

  it('a table routing to a port with no link: one line naming it, exit 2', () => {
    // Top switch s2.0 (id 4) has no up links.
    const f = tableFile((p) => {
      p[4]![0] = 5;
    });
    refused(mcsim(...withTable(f)), /port 5 at switch s2\.0 toward 0 has no link/);
  });

  it('a table file with a missing entry: one line naming it, exit 2', () => {
    refused(
      mcsim(
        ...withTable(
          tableFile((p) => {
            p[3]![7] = null;
          }),
        ),
      ),
      /no entry at switch s1\.3 toward 7/,
    );
    refused(
      mcsim(
        ...withTable(
          tableFile((p) => {
            p[2]!.pop();
          }),
        ),
      ),
      /row 2 \(switch s1\.2\) needs 16 entries/,
    );
  });
});

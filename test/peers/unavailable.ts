import assert from 'node:assert/strict';
import type { TestContext } from 'node:test';

/**
 * A real peer (Slurm, OpenSM, Chromium) that cannot be installed or started. In CI that is a
 * failure, since a skip would hide a broken peer test; a developer on a machine without the peer
 * skips it by asking: MCSIM_SKIP_UNAVAILABLE_PEERS=1.
 */
export function peerUnavailable(t: TestContext, peer: string, why: string): void {
  if (process.env.MCSIM_SKIP_UNAVAILABLE_PEERS === '1') {
    t.skip(`${peer} could not be had here: ${why}`);
    return;
  }
  assert.fail(
    `${peer} could not be had here: ${why} (MCSIM_SKIP_UNAVAILABLE_PEERS=1 skips this test on a machine without it)`,
  );
}

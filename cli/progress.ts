/**
 * A one-line progress indicator on stderr, redrawn in place on a terminal and printed as plain
 * lines (at most every few seconds) otherwise, so logs stay readable.
 */
export function progressReporter(label: string) {
  // Redraw in place only on a terminal; when output goes to a file or a pipe, print plain lines.
  const tty = process.stderr.isTTY === true && process.stdout.isTTY === true;
  const start = Date.now();
  let last = 0;
  return {
    /** `work`: the share of the estimated work done, when it differs from done / total. */
    update(done: number, total: number, failed = 0, work?: number) {
      const now = Date.now();
      if (now - last < (tty ? 200 : 5000)) return;
      last = now;
      const frac = total > 0 ? Math.min(1, done / total) : 0;
      const elapsed = (now - start) / 1000;
      const share = work ?? frac;
      const eta = share > 0 ? (elapsed * (1 - share)) / share : 0;
      const bar = `${'#'.repeat(Math.round(frac * 30)).padEnd(30, '.')}`;
      const fails = failed > 0 ? `, ${failed} failed` : '';
      const line = `${label} [${bar}] ${done}/${total} (${(frac * 100).toFixed(0)}%)${fails}, ${elapsed.toFixed(0)}s elapsed, ~${eta.toFixed(0)}s left`;
      process.stderr.write(tty ? `\r${line}` : `${line}\n`);
    },
    done() {
      if (tty) process.stderr.write('\n');
    },
  };
}

/**
 * Ctrl-C during a sweep: every finished point is already in the results file (each is appended
 * with one write the moment it finishes), so stopping loses only the points in flight. Say so,
 * and how to go on, then exit with 130 as a shell does for SIGINT. The handler lives only while
 * `run` does, whether it ends or throws.
 */
export async function withInterruptHint<T>(resultsFile: string, run: () => Promise<T>): Promise<T> {
  const onSigint = () => {
    process.stderr.write(
      `\nmcsim: interrupted; the finished points are in ${resultsFile}: run the same command again to resume\n`,
    );
    process.exit(130);
  };
  process.once('SIGINT', onSigint);
  try {
    return await run();
  } finally {
    process.off('SIGINT', onSigint);
  }
}

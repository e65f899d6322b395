/**
 * Ctrl-C during a sweep: every finished point is already in the results file (each is appended
 * with one write the moment it finishes), so stopping loses only the points in flight. Say so,
 * and how to go on, then exit with 130 as a shell does for SIGINT. Returns a function that removes
 * the handler once the sweep is over.
 */
export function hintOnInterrupt(resultsFile: string): () => void {
  const onSigint = () => {
    process.stderr.write(
      `\nmcsim: interrupted; the finished points are in ${resultsFile}: run the same command again to resume\n`,
    );
    process.exit(130);
  };
  process.once('SIGINT', onSigint);
  return () => process.off('SIGINT', onSigint);
}

#!/usr/bin/env node
// The package builds to dist/ on install (npm's prepare script); this shim runs the built CLI,
// bundled into dist/bundle/ so that it starts quickly (scripts/build-cli.ts). `mcsim run` starts
// from one script compiled from a code cache (src/cli/run-loader.ts); every other command, and run
// when that script is missing, from the ES module bundle.
import { loadRunBundle } from '../dist/bundle/run-loader.js';

const argv = process.argv.slice(2);
const { main, reportError } = (argv[0] === 'run' && loadRunBundle()) || (await import('../dist/bundle/main.js'));

main(argv).then(
  (code) => {
    process.exitCode = code;
  },
  (e) => {
    process.exitCode = reportError(e);
  },
);

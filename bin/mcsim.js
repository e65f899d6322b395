#!/usr/bin/env node
// The package builds to dist/ on install (npm's prepare script); this shim runs the built CLI
// (scripts/build-cli.ts). `mcsim run` starts from one script compiled from a code cache
// (cli/run-loader.ts); every other command, and run if that script is missing, from the ES
// module bundle. This file is CommonJS (bin/package.json): Node then starts without its ES module
// loader, some 10 ms sooner, and loads that only for the commands that import the ES modules.
'use strict';

const argv = process.argv.slice(2);
const fast = argv[0] === 'run' ? require('../dist/bundle/run-loader.cjs').loadRunBundle() : undefined;

(fast ? Promise.resolve(fast) : import('../dist/bundle/main.js')).then(({ main, reportError }) =>
  main(argv).then(
    (code) => {
      process.exitCode = code;
    },
    (e) => {
      process.exitCode = reportError(e);
    },
  ),
);

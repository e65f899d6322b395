#!/usr/bin/env node
// The package builds to dist/ on install (npm's prepare script); this shim runs the built CLI.
import { main, reportError } from '../dist/cli/main.js';

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (e) => {
    process.exitCode = reportError(e);
  },
);

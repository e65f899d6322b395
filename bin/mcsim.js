#!/usr/bin/env node
// The package builds to dist/ on install (npm's prepare script); this shim runs the built CLI,
// bundled into dist/bundle/ so that it starts quickly (scripts/build-cli.ts).
import { main, reportError } from '../dist/bundle/main.js';

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (e) => {
    process.exitCode = reportError(e);
  },
);

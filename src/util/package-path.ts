import { fileURLToPath } from 'node:url';

/**
 * A path inside the mcsim package (experiments/, bin/mcsim.js, dist/): the folder two levels above
 * this module. That holds in every form mcsim runs in: src/util/ under tsx, dist/util/ when
 * compiled, and dist/bundle/ when bundled into the command (scripts/build-cli.ts), so the
 * reproduction, the bench and the CLI, whose own modules sit at other depths, find the package's
 * files through here.
 */
export function packagePath(rel = ''): string {
  return fileURLToPath(new URL(`../../${rel}`, import.meta.url));
}

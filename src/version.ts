import { readFileSync } from 'node:fs';

/** The package version, written into every result so data can be traced to the code that made it. */
export const VERSION: string = (() => {
  for (const rel of ['../package.json', '../../package.json']) {
    try {
      const pkg = JSON.parse(readFileSync(new URL(rel, import.meta.url), 'utf8')) as {
        name?: string;
        version?: string;
      };
      if (pkg.name === 'mcsim' && pkg.version) return pkg.version;
    } catch {
      // try the next location (src/ under tsx, dist/ when built)
    }
  }
  return '0.0.0';
})();

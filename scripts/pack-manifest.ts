/**
 * `npm pack` and `npm publish` (prepack / postpack): the packed package.json leaves out the
 * `prepare` script. A clone needs it (`npm ci` builds dist/), but the package ships dist/ built,
 * and a `prepare` in it makes npm warn every user who installs the package about an install
 * script to approve. `strip` keeps the original beside it; `restore` puts it back.
 * Usage: tsx scripts/pack-manifest.ts strip|restore [dir]
 */
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const [mode, dir = '.'] = process.argv.slice(2);
const manifest = join(dir, 'package.json');
const kept = join(dir, '.package.json.packing');
if (mode === 'strip') {
  const text = readFileSync(manifest, 'utf8');
  const pkg = JSON.parse(text) as { scripts?: Record<string, string> };
  writeFileSync(kept, text);
  delete pkg.scripts?.prepare;
  writeFileSync(manifest, `${JSON.stringify(pkg, null, 2)}\n`);
} else if (mode === 'restore') {
  if (existsSync(kept)) renameSync(kept, manifest);
} else {
  console.error('usage: tsx scripts/pack-manifest.ts strip|restore [dir]');
  process.exit(2);
}

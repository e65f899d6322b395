import { build } from 'esbuild';
import { BUNDLE_NAME, bundleOptions } from '../src/viewer/bundle.js';

// The viewer's script for `mcsim view`, bundled with d3 into dist/viewer/ (part of npm run build).
await build({ ...bundleOptions('src/viewer/app/main.ts'), outfile: `dist/viewer/${BUNDLE_NAME}` });

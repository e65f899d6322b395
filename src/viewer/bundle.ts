import { browserBundleOptions, bundledScript } from '../util/bundled.js';

/** Where the build puts the viewer's script: beside this module in dist/viewer/. */
export const BUNDLE_NAME = 'app.js';

/** esbuild options shared by the build script and the development fallback below. */
export function bundleOptions(entry: string) {
  return browserBundleOptions(entry);
}

/**
 * The viewer's script, bundled at build time (npm run build: d3 and the app in one file), or from
 * src/viewer/app/ on the spot when run from the sources. From dist/viewer/ or from the CLI bundle
 * in dist/bundle/, the built file sits in dist/viewer/.
 */
export function viewerScript(): Promise<string> {
  return bundledScript({
    from: import.meta.url,
    source: './app/main.ts',
    built: `../viewer/${BUNDLE_NAME}`,
    options: bundleOptions,
    what: 'the viewer',
  });
}

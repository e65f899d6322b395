import { gunzipSync, gzipSync } from 'node:zlib';
import type { Trace } from '../trace/format.js';
import { type PackedTrace, packTrace, unpackTrace } from '../trace/packed.js';
import { VIEWER_CSS } from './style.js';

/** How the page carries its trace: packed (trace/packed.ts), as JSON, gzipped, in base64. */
export const PAGE_TRACE_ENCODING = 'mcsim-trace-packed+json+gzip+base64';

/**
 * The self-contained viewer page: its style, the trace (packed and gzipped: a 16x16 mesh at load
 * 0.1 over 10,000 cycles is 1 MB instead of 6) and the bundled script, inline. It opens from disk;
 * it loads nothing from anywhere.
 */
export function viewerPage(trace: Trace, script: string): string {
  // Base64 has no "<": nothing in it can close the script element early.
  const data = gzipSync(JSON.stringify(packTrace(trace)), { level: 9 }).toString('base64');
  const js = script.replace(/<\/(script)/gi, '<\\/$1');
  const title = `mcsim view: ${trace.header.topology.spec}`.replace(/[<&]/g, '');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1">
<title>${title}</title>
<style>${VIEWER_CSS}</style>
</head>
<body>
<header><h1>mcsim view</h1><span id="title"></span><span id="status"></span>
<label><input type="checkbox" id="heat"> utilisation heat map (h)</label></header>
<div id="stage"></div>
<aside><div id="panel"></div><div id="legend"></div><pre id="deadlock"></pre></aside>
<footer><div id="timeline"></div>
<span id="keys">space play/pause &middot; &larr;/&rarr; step (shift: 10) &middot; +/- speed &middot; Home/End &middot; h heat map &middot; z/x zoom, drag to pan &middot; f fit &middot; Esc clear</span></footer>
<div id="tip" hidden></div>
<script id="mcsim-trace" type="application/octet-stream" data-encoding="${PAGE_TRACE_ENCODING}">${data}</script>
<script>${js}</script>
</body>
</html>
`;
}

/** The trace inside a page that viewerPage wrote; throws if the page holds none. */
export function pageTrace(html: string): Trace {
  const m =
    /<script id="mcsim-trace" type="application\/octet-stream" data-encoding="([^"]+)">([^<]*)<\/script>/.exec(
      html,
    );
  if (!m) throw new Error('no mcsim trace in this page');
  if (m[1] !== PAGE_TRACE_ENCODING) throw new Error(`unknown trace encoding ${m[1]}`);
  return unpackTrace(JSON.parse(gunzipSync(Buffer.from(m[2]!, 'base64')).toString('utf8')) as PackedTrace);
}

import { gunzipSync, gzipSync } from 'node:zlib';
import type { Trace } from '../trace/format.js';
import { type PackedTrace, packTrace, unpackTrace } from '../trace/packed.js';

/** How the page carries its trace: packed (trace/packed.ts), as JSON, gzipped, in base64. */
export const PAGE_TRACE_ENCODING = 'mcsim-trace-packed+json+gzip+base64';

const CSS = `
*{box-sizing:border-box}
html,body{margin:0;height:100%;font:13px system-ui,sans-serif;color:#222;background:#fafafa}
body{display:grid;grid-template-rows:auto 1fr auto;grid-template-columns:1fr 300px;height:100vh}
header{grid-column:1/3;padding:6px 10px;border-bottom:1px solid #ddd;display:flex;gap:16px;align-items:center}
header h1{font-size:14px;margin:0}
#status{color:#c00;font-weight:600}
#stage{position:relative;overflow:hidden;background:#fff}
#net{position:relative;width:100%;height:100%;cursor:grab}
#net .layer{position:absolute;inset:0;width:100%;height:100%;display:block}
#net .flow{pointer-events:none;will-change:transform}
aside{border-left:1px solid #ddd;padding:8px 10px;overflow:auto}
#panel h3{margin:0 0 4px}#panel h4{margin:10px 0 4px}#panel ul{padding-left:16px;margin:0}
#panel table{border-collapse:collapse}#panel td,#panel th{padding:1px 8px 1px 0;text-align:left}
#deadlock{white-space:pre-wrap;font:11px ui-monospace,monospace;color:#900}
footer{grid-column:1/3;border-top:1px solid #ddd;padding:6px 10px;display:flex;gap:10px;align-items:center;flex-wrap:wrap}
#timeline{display:flex;gap:8px;align-items:center;flex:1}
#scrub{flex:1;min-width:200px}
#cycle{width:80px}
#keys{color:#666;font-size:11px}
#tip{position:fixed;pointer-events:none;background:#fff;border:1px solid #999;padding:4px 6px;font-size:12px;max-width:360px;box-shadow:0 1px 4px #0003}
.ch{fill:none;stroke:#ccc;stroke-width:2.5;pointer-events:stroke}
.ch.inj,.ch.sink{stroke:#e6e6e6;stroke-width:1.5}
.ch.wrap{stroke-dasharray:3 2}
.ch.hot{stroke-width:3.5;stroke-dasharray:none}
.ch:hover,.worm:hover{stroke-width:6}
.node{fill:#fff;stroke:#777;stroke-width:1.2}
.switch{fill:#eef2f7;stroke:#556;stroke-width:1.2}
.switches text{font:9px sans-serif;fill:#556}
.labels text{font-size:8px;fill:#555;text-anchor:middle;pointer-events:none}
.worm{fill:none;stroke-width:var(--ww,4.5px);stroke-linecap:round;pointer-events:stroke;cursor:pointer}
.worm.dim{opacity:.2}
.worm.selected{stroke-width:calc(var(--ww,4.5px)*1.35)}
.worm.deadlocked{stroke-width:calc(var(--ww,4.5px)*1.35);filter:drop-shadow(0 0 2px #f00)}
.waited{fill:none;stroke:#e00;stroke-width:2;stroke-dasharray:3 2;pointer-events:stroke}
.stop{font-size:8px;font-weight:700;pointer-events:none}
.endpoint circle{fill:none;stroke-width:2}.endpoint text{font:700 8px sans-serif;text-anchor:middle;pointer-events:none}
.endpoint.src circle{stroke:#111}.endpoint.src text{fill:#111}.endpoint.dst circle{stroke:#2a7}.endpoint.dst text{fill:#2a7}
#legend{margin-top:12px;border-top:1px solid #eee}#legend h4{margin:8px 0 4px}#legend ul{list-style:none;padding:0;margin:0}
#legend li{margin:2px 0;display:flex;align-items:center;gap:6px}
.swatch{display:inline-block;width:22px;height:5px;border-radius:2px}.swatch.dashed{border-top:2px dashed #e00;height:0}
.mark{display:inline-block;width:16px;height:16px;border-radius:50%;border:2px solid;font:700 9px/12px sans-serif;text-align:center}
.mark.src{border-color:#111}.mark.dst{border-color:#2a7;color:#2a7}
.services{display:grid;grid-template-columns:auto 1fr;gap:2px 8px;margin:0}.services dt{font-weight:700}.services dd{margin:0}
.heat-scale{display:flex;align-items:center;gap:6px}.heat-scale .ramp{flex:1;height:8px;background:linear-gradient(90deg,#ffffcc,#fd8d3c,#800026)}
.note{color:#666;font-size:11px;margin:2px 0}
.stop.retransmit{text-decoration:underline}
`;

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
<style>${CSS}</style>
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

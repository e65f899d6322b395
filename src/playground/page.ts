import { VIEWER_CSS } from '../viewer/style.js';

const CSS = `
body{grid-template-columns:1fr 1fr 330px;grid-template-rows:auto auto 1fr auto}
header{grid-column:1/4;flex-wrap:wrap;gap:10px}
#form{display:flex;gap:8px;align-items:center;flex-wrap:wrap}
#form input[type=number]{width:62px}
#form .sep{flex:0 0 8px}
#form .primary{font-weight:700}
#error{color:#c00;font-weight:600}
#hint{grid-column:1/3;padding:4px 10px;color:#555;font-size:12px}
.pane{display:grid;grid-template-rows:auto 1fr;min-height:0;border-right:1px solid #ddd}
.pane h2{font-size:13px;margin:0;padding:4px 10px;border-bottom:1px solid #eee}
.pane .stage{position:relative;overflow:hidden;background:#fff}
aside{grid-row:2/4;grid-column:3}
footer{grid-column:1/4}
table.numbers{border-collapse:collapse;margin-bottom:8px}table.numbers td,table.numbers th{padding:1px 8px 1px 0;text-align:left}
svg.arrivals text{font:10px sans-serif;fill:#333}svg.arrivals .axis{fill:#777}
ul.plan{padding-left:16px;margin:0 0 6px}
table.arrivals{border-collapse:collapse;margin:6px 0 0}table.arrivals td,table.arrivals th{padding:0 8px 0 0;text-align:left}
pre.yaml{font:11px ui-monospace,monospace;background:#f4f4f4;padding:4px;white-space:pre-wrap}
`;

/**
 * The playground page: the viewer's drawing and the page's script inline, and the Web Worker's
 * script (the planners and the engine) as text the page starts its worker from. It opens from disk
 * and loads nothing from anywhere.
 */
export function playgroundPage(appScript: string, workerScript: string): string {
  const inline = (js: string) => js.replace(/<\/(script)/gi, '<\\/$1');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1">
<title>mcsim playground</title>
<style>${VIEWER_CSS}${CSS}</style>
</head>
<body>
<header><h1>mcsim playground</h1><div id="form"></div><span id="status"></span></header>
<div id="hint">Click a node for the source, then others for destinations (again to drop one; shift-click moves the source). Both schemes run on the same set, in your browser, with mcsim's own planners and engine.</div>
<section class="pane" id="pane-a"><h2>A</h2><div class="stage"></div></section>
<section class="pane" id="pane-b"><h2>B</h2><div class="stage"></div></section>
<aside><div id="numbers"></div><div id="chart"></div><div id="arrivals"></div><div id="plans"></div>
<h4>as a config for mcsim run</h4><a id="get-a" hidden></a><pre class="yaml" id="yaml-a"></pre><a id="get-b" hidden></a><pre class="yaml" id="yaml-b"></pre></aside>
<footer><div id="timeline"></div></footer>
<script id="mcsim-worker" type="text/plain">${inline(workerScript)}</script>
<script>${inline(appScript)}</script>
</body>
</html>
`;
}

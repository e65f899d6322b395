/** The viewer's style; the playground's page draws networks with it too. */
export const VIEWER_CSS = `
*{box-sizing:border-box}
html,body{margin:0;height:100%;font:13px system-ui,sans-serif;color:#222;background:#fafafa}
body{display:grid;grid-template-rows:auto 1fr auto;grid-template-columns:1fr 300px;height:100vh}
header{grid-column:1/3;padding:6px 10px;border-bottom:1px solid #ddd;display:flex;gap:16px;align-items:center}
header h1{font-size:14px;margin:0}
#status{color:#c00;font-weight:600}
#stage{position:relative;overflow:hidden;background:#fff}
.net{position:relative;width:100%;height:100%;cursor:grab}
.net .layer{position:absolute;inset:0;width:100%;height:100%;display:block}
.net .flow{pointer-events:none;will-change:transform}
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

// The stylesheet of every public page, inlined in the document (one request, no asset to cache). It
// uses only the theme's CSS variables (themes.ts), so a theme or a custom theme restyles everything.
export const PUBLIC_PAGE_CSS = `
*,*::before,*::after{box-sizing:border-box}
body{margin:0;background:var(--bg);color:var(--fg);font-family:var(--font,system-ui,sans-serif);line-height:1.5}
a{color:var(--accent)}
a:focus-visible,button:focus-visible,input:focus-visible,select:focus-visible{outline:3px solid var(--accent);outline-offset:2px}
.wrap{max-width:60rem;margin:0 auto;padding:0 1rem}
.skip{position:absolute;left:-999px;top:0;background:var(--card);color:var(--fg);padding:.5rem 1rem;z-index:1}
.skip:focus{left:1rem}
.visually-hidden{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}
.site-header{border-bottom:1px solid var(--border)}
.site-header .wrap{display:flex;flex-wrap:wrap;align-items:center;justify-content:flex-end;gap:.5rem 1.5rem;padding-top:1rem;padding-bottom:1rem}
.brand{display:flex;align-items:center;gap:.6rem;color:var(--fg);text-decoration:none;font-weight:700;font-size:1.2rem;margin-right:auto}
.brand img,.brand-icon{width:2rem;height:2rem;object-fit:contain}
.brand-icon{margin-right:auto}
.links,.locales ul{display:flex;flex-wrap:wrap;gap:.25rem 1rem;list-style:none;margin:0;padding:0}
.locales{display:flex;align-items:center;gap:.5rem;color:var(--muted)}
.locales [aria-current]{color:var(--fg);font-weight:700;text-decoration:none}
main{padding-top:1.5rem;padding-bottom:2rem}
h1{font-size:1.6rem;margin:0 0 .5rem}
h2{font-size:1.25rem;margin:2rem 0 .75rem}
h3{font-size:1.05rem;margin:0}
.description{color:var(--muted);margin:0 0 1.5rem}
.card{background:var(--card);border:1px solid var(--border);border-radius:var(--radius,.5rem);padding:1rem;margin:0 0 1rem}
.overall{display:flex;align-items:center;gap:.75rem;font-size:1.25rem;font-weight:700;border-left:.5rem solid var(--ok)}
.overall.s-degraded,.overall.s-maintenance{border-left-color:var(--degraded)}
.overall.s-maintenance{border-left-color:var(--maintenance)}
.overall.s-partial_outage,.overall.s-major_outage{border-left-color:var(--down)}
.updated{color:var(--muted);font-size:.875rem;margin:-.5rem 0 1.5rem}
.group{padding:0}
.group>h3{padding:.75rem 1rem;border-bottom:1px solid var(--border)}
.components{list-style:none;margin:0;padding:0}
.component{padding:1rem;border-top:1px solid var(--border)}
.components>.component:first-child{border-top:0}
.component-head{display:flex;flex-wrap:wrap;justify-content:space-between;gap:.25rem 1rem;align-items:baseline}
.component-name{font-weight:600;margin:0;font-size:1rem}
.component-description{color:var(--muted);font-size:.875rem;margin:.25rem 0 0}
.status{font-weight:600;white-space:nowrap}
.status::before{display:inline-block;width:1.1em;text-align:center;margin-right:.25em}
.status.s-operational{color:var(--ok)}.status.s-operational::before{content:"\\2713"/""}
.status.s-degraded{color:var(--degraded)}.status.s-degraded::before{content:"!"/""}
.status.s-outage{color:var(--down)}.status.s-outage::before{content:"\\2715"/""}
.status.s-maintenance{color:var(--maintenance)}.status.s-maintenance::before{content:"\\2692"/""}
.status.s-unknown{color:var(--muted)}.status.s-unknown::before{content:"?"/""}
.bars{display:block;width:100%;height:2.25rem;margin:.75rem 0 .25rem}
.bars rect,.bars path{fill:var(--ok)}
.bars .d-degraded{fill:var(--degraded)}
.bars .d-outage{fill:var(--down)}
.bars .d-maintenance{fill:var(--maintenance)}
.bars .d-no_data{fill:var(--nodata)}
.bars-legend{display:flex;justify-content:space-between;color:var(--muted);font-size:.8rem}
.period-uptime{margin:.25rem 0;color:var(--muted);font-size:.875rem}
.latency{margin-top:.75rem}
.latency summary{cursor:pointer;color:var(--muted);font-size:.875rem}
.chart{display:block;width:100%;height:5rem;margin-top:.5rem}
.chart .p50{stroke:var(--accent);fill:none;stroke-width:1.5}
.chart .p95{stroke:var(--muted);fill:none;stroke-width:1;stroke-dasharray:3 2}
.chart .axis{stroke:var(--border)}
.chart circle.mark{stroke:none}
.chart circle.p50{fill:var(--accent)}
.chart circle.p95{fill:var(--muted)}
.chart .value{fill:var(--fg);font-size:.75rem}
.event{border-left:.4rem solid var(--degraded)}
.event.maintenance{border-left-color:var(--maintenance)}
.event h3{margin-bottom:.25rem}
.meta{color:var(--muted);font-size:.875rem;margin:.25rem 0}
.timeline{list-style:none;margin:.75rem 0 0;padding:0}
.timeline li{border-top:1px solid var(--border);padding:.5rem 0}
.timeline .update-status{font-weight:700}
.message{white-space:pre-line;margin:.25rem 0}
.pager{display:flex;justify-content:space-between;align-items:center;gap:1rem;margin-top:1.5rem}
footer.site-footer{border-top:1px solid var(--border);color:var(--muted);font-size:.875rem}
footer.site-footer .wrap{display:flex;flex-wrap:wrap;gap:.5rem 1.5rem;padding-top:1rem;padding-bottom:2rem}
label{display:block;font-weight:600;margin:.75rem 0 .25rem}
input,select{font:inherit;color:var(--fg);background:var(--bg);border:1px solid var(--muted);border-radius:var(--radius,.375rem);padding:.5rem .6rem;max-width:100%}
button{font:inherit;cursor:pointer;background:var(--accent);color:var(--accent-fg);border:0;border-radius:var(--radius,.375rem);padding:.55rem 1rem;margin-top:.75rem}
`
  .trim()
  .replace(/\n/g, '');

// The dashboard's one stylesheet, served at /app/assets/dashboard.css. Colours keep at least 4.5:1
// contrast on their backgrounds (WCAG AA) in the light scheme and in the dark one (the system's
// choice, prefers-color-scheme); every control shows a visible focus ring.
export const DASHBOARD_CSS_PATH = '/app/assets/dashboard.css';

export const DASHBOARD_CSS = `
*{box-sizing:border-box}
html{color-scheme:light dark}
body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1f2328;background:#f6f8fa}
a{color:#0550ae}
a:hover{text-decoration-thickness:2px}
:focus-visible{outline:3px solid #0969da;outline-offset:2px}
.skip{position:absolute;left:-999px;top:0;background:#fff;padding:.5rem 1rem}
.skip:focus{left:0;z-index:10}
header.top{background:#24292f;color:#fff}
header.top .bar{max-width:80rem;margin:0 auto;padding:.6rem 1rem;display:flex;flex-wrap:wrap;gap:.5rem 1.25rem;align-items:center}
header.top a{color:#fff}
header.top .brand{font-weight:700;text-decoration:none;margin-right:auto}
header.top form{margin:0}
header.top button{background:transparent;color:#fff;border:1px solid #8c959f;padding:.25rem .75rem}
.layout{max-width:80rem;margin:0 auto;padding:1rem;display:grid;gap:1.5rem;grid-template-columns:minmax(12rem,15rem) 1fr}
.layout.single{grid-template-columns:1fr;max-width:32rem}
@media (max-width:48rem){.layout{grid-template-columns:1fr}}
nav.side h2{font-size:.8rem;text-transform:uppercase;letter-spacing:.04em;color:#57606a;margin:1rem 0 .25rem}
nav.side ul{list-style:none;margin:0;padding:0}
nav.side li a{display:block;padding:.3rem .5rem;border-radius:6px;text-decoration:none;color:#1f2328}
nav.side li a[aria-current]{background:#ddf4ff;font-weight:600;color:#0a3069}
main h1{font-size:1.5rem;margin:.25rem 0 1rem}
.card{background:#fff;border:1px solid #d0d7de;border-radius:8px;padding:1rem 1.25rem;margin:0 0 1.25rem}
.card h2{font-size:1.125rem;margin:0 0 .75rem}
.tabs{display:flex;gap:1rem;border-bottom:1px solid #d0d7de;margin:0 0 1rem;padding:0;list-style:none}
.tabs a{display:block;padding:.4rem .1rem;text-decoration:none;color:#1f2328}
.tabs a[aria-current]{border-bottom:3px solid #fd8c73;font-weight:600}
label{display:block;font-weight:600;margin:.75rem 0 .25rem}
.hint{color:#57606a;font-size:.875rem;margin:.15rem 0}
input[type=text],input[type=email],input[type=password],input[type=number],input[type=url],input[type=datetime-local],select,textarea{width:100%;max-width:28rem;font:inherit;padding:.45rem .6rem;border:1px solid #8c959f;border-radius:6px;background:#fff;color:#1f2328}
fieldset{border:1px solid #d0d7de;border-radius:6px;margin:.75rem 0;padding:.5rem .75rem}
legend{font-weight:600;padding:0 .25rem}
fieldset label{font-weight:400;display:flex;gap:.5rem;align-items:baseline;margin:.35rem 0}
fieldset label[for]:not(.check){font-weight:600;display:block;margin:.75rem 0 .25rem}
textarea{max-width:40rem;font:.95rem ui-monospace,SFMono-Regular,Menlo,monospace;resize:vertical}
label.check{font-weight:400;display:flex;gap:.5rem;align-items:baseline;margin:.5rem 0}
.regions{display:grid;grid-template-columns:repeat(auto-fill,minmax(13rem,1fr));gap:0 1rem}
.kinds{display:flex;flex-wrap:wrap;gap:.5rem;list-style:none;margin:0 0 1rem;padding:0}
.kinds a{display:block;padding:.3rem .8rem;border:1px solid #8c959f;border-radius:6px;text-decoration:none;color:#1f2328;background:#fff}
.kinds a[aria-current]{background:#ddf4ff;border-color:#0969da;font-weight:600;color:#0a3069}
a.button{display:inline-block;font-weight:600;padding:.45rem 1rem;border-radius:6px;border:1px solid #1f883d;background:#1f883d;color:#fff;text-decoration:none}
a.button.secondary{background:#f6f8fa;color:#1f2328;border-color:#8c959f}
a.button.danger{background:#fff;color:#b0262a;border-color:#b0262a}
.title-row{display:flex;flex-wrap:wrap;gap:.5rem 1rem;align-items:center;justify-content:space-between}
.title-row h1{margin-bottom:.5rem}
.title-row .actions{margin-top:0}
button{font:inherit;font-weight:600;padding:.45rem 1rem;border-radius:6px;border:1px solid #1f883d;background:#1f883d;color:#fff;cursor:pointer}
button.secondary{background:#f6f8fa;color:#1f2328;border-color:#8c959f}
button.danger{background:#fff;color:#b0262a;border-color:#b0262a}
.actions{display:flex;gap:.75rem;margin-top:1rem;flex-wrap:wrap}
.field-error{color:#b0262a;font-weight:600;margin:.25rem 0}
[aria-invalid=true]{border-color:#b0262a}
.notice{border-radius:6px;padding:.75rem 1rem;margin:0 0 1rem;border:1px solid}
.notice.error{background:#ffebe9;border-color:#cf222e;color:#82071e}
.notice.warning{background:#fff8c5;border-color:#9a6700;color:#4d2d00}
.notice.success{background:#dafbe1;border-color:#1a7f37;color:#044f1e}
.secret{font:1rem ui-monospace,SFMono-Regular,Menlo,monospace;background:#f6f8fa;border:1px solid #d0d7de;padding:.5rem;border-radius:6px;word-break:break-all;display:block}
table{border-collapse:collapse;width:100%;font-size:.95rem}
th,td{text-align:left;padding:.45rem .5rem;border-bottom:1px solid #d0d7de;vertical-align:middle}
th{color:#57606a;font-weight:600}
td form{margin:0}
td button{padding:.2rem .6rem}
.muted{color:#57606a}
code{font:.9em ui-monospace,SFMono-Regular,Menlo,monospace}
nav.side ul.areas{margin:.15rem 0 .5rem .75rem}
nav.side li a[aria-current=true]{font-weight:600}
.counts{display:flex;flex-wrap:wrap;gap:.5rem;list-style:none;margin:0 0 1rem;padding:0}
.count{display:inline-block;padding:.3rem .7rem;border:1px solid #d0d7de;border-radius:999px;background:#fff;text-decoration:none;color:#1f2328}
.count .n{font-weight:700}
.filters{display:flex;flex-wrap:wrap;gap:.25rem 1rem;align-items:flex-end;margin:0 0 1rem}
.filters label{margin:.25rem 0}
.filters .actions{margin:0}
.filters input[type=text]{max-width:16rem}
.filters select{max-width:12rem}
table.monitors th[scope=row]{font-weight:400;color:#1f2328}
table.monitors .name{display:block;font-weight:600}
table.monitors .target{display:block;font-size:.85rem;overflow-wrap:anywhere}
table.monitors .tags{display:block}
.tag{display:inline-block;margin:.15rem .3rem 0 0;padding:0 .45rem;border:1px solid #8c959f;border-radius:999px;font-size:.8rem;text-decoration:none}
table.monitors .last-cell{white-space:nowrap}
.num{text-align:right;white-space:nowrap}
.badge{display:inline-block;padding:.05rem .5rem;border-radius:999px;font-size:.85rem;font-weight:600;border:1px solid}
.badge.active{background:#dafbe1;color:#044f1e;border-color:#1a7f37}
.badge.degraded{background:#fff8c5;color:#4d2d00;border-color:#9a6700}
.badge.error{background:#ffebe9;color:#82071e;border-color:#cf222e}
.badge.unknown,.badge.paused{background:#f6f8fa;color:#424a53;border-color:#8c959f}
.dots{display:flex;flex-wrap:wrap;gap:.25rem;list-style:none;margin:0;padding:0;max-width:7rem}
.dot{width:.8rem;height:.8rem;border-radius:50%;border:1px solid #57606a}
.dot.active{background:#1a7f37}
.dot.degraded{background:#bf8700}
.dot.error{background:#cf222e}
.dot.unknown{background:#fff}
svg.spark polyline{fill:none;stroke-width:1.5}
svg.spark .p95{stroke:#8c959f}
svg.spark .p50{stroke:#0969da}
.live{font-size:.85rem}
.crumbs{margin:0;font-size:.9rem}
.now{display:flex;flex-wrap:wrap;gap:.5rem 1.5rem;align-items:center;margin:0 0 1.25rem}
.now form{margin:0}
figure.chart{margin:0 0 1rem}
figure.chart figcaption{display:flex;flex-wrap:wrap;gap:.25rem 1rem;font-size:.9rem}
svg.latency{width:100%;height:120px;background:#f6f8fa;border:1px solid #d0d7de;border-radius:4px}
svg.latency polyline{fill:none;stroke-width:1.5;vector-effect:non-scaling-stroke}
svg.latency .p50,.key.p50::before,svg.spark .p50{stroke:#0969da;background:#0969da}
svg.latency .p95,.key.p95::before{stroke:#9a6700;background:#9a6700}
svg.latency .p99,.key.p99::before{stroke:#cf222e;background:#cf222e}
svg.latency .axis{font-size:9px;fill:#57606a}
svg.latency circle.mark,svg.spark circle.mark{stroke:none}
svg.latency circle.p50,svg.spark circle.p50{fill:#0969da}
svg.latency circle.p95{fill:#9a6700}
svg.latency circle.p99{fill:#cf222e}
svg.spark circle.p95{fill:#8c959f}
svg.latency text.value{font-size:11px;fill:#24292f}
svg.spark text.value{font-size:8px;fill:#24292f}
table.monitors .basis{display:block;font-size:.75rem}
figure.chart .basis{font-size:.85rem}
ul.errors{list-style:none;margin:0;padding:0}
ul.errors li{margin:.25rem 0}
ul.errors .badge{margin:0 .35rem}
.legend{font-size:.85rem;color:#57606a}
.key::before{content:"";display:inline-block;width:.9rem;height:.2rem;margin:0 .3rem .2rem 0;vertical-align:middle}
.phases{display:flex;width:100%;max-width:40rem;height:12px;margin:.5rem 0;border-radius:3px;overflow:hidden}
.phases .phase{display:contents}
.phase.dns rect,.swatch.dns{fill:#0969da;background:#0969da}
.phase.connect rect,.swatch.connect{fill:#8250df;background:#8250df}
.phase.tls rect,.swatch.tls{fill:#bf3989;background:#bf3989}
.phase.ttfb rect,.swatch.ttfb{fill:#9a6700;background:#9a6700}
.phase.transfer rect,.swatch.transfer{fill:#1a7f37;background:#1a7f37}
.swatch{display:inline-block;width:.75rem;height:.75rem;margin-right:.4rem;border-radius:2px;vertical-align:middle}
table.compact{width:auto}
svg.days{width:100%;max-width:40rem;height:40px}
svg.days .ok{fill:#1a7f37}
svg.days .partial{fill:#bf8700}
svg.days .bad{fill:#cf222e}
svg.days .none{fill:#d0d7de}
dl.facts{display:grid;grid-template-columns:max-content 1fr;gap:.25rem 1rem;margin:0}
dl.facts dt{font-weight:600;color:#57606a}
dl.facts dd{margin:0;overflow-wrap:anywhere}
.assertions{margin:0;padding-left:1.25rem}
.assertions .fail strong{color:#b0262a}
.assertions .pass strong{color:#1a7f37}
.pager{display:flex;gap:1rem;margin-top:.75rem}
ul.plain{list-style:none;margin:0;padding:0}
pre.command{background:#f6f8fa;border:1px solid #d0d7de;border-radius:6px;padding:.6rem .75rem;overflow-x:auto;white-space:pre-wrap;overflow-wrap:anywhere}
ol.audit{list-style:none;margin:0;padding:0}
ol.audit li.card p{margin:0 0 .5rem}
table.diff td{overflow-wrap:anywhere;max-width:24rem}
table.diff .before code{color:#82071e}
table.diff .after code{color:#044f1e}
.previews{display:flex;gap:1rem;flex-wrap:wrap;margin-top:.75rem}
.theme-preview{margin:0;flex:1 1 16rem;border:1px solid #d0d7de;border-radius:8px;overflow:hidden}
.theme-preview .tp-page{background:var(--bg);color:var(--fg);font-family:var(--font);padding:.75rem}
.theme-preview p{margin:0 0 .5rem}
.tp-title{font-weight:700}
.tp-banner{background:var(--card);border:1px solid var(--border);border-left:6px solid var(--ok);border-radius:var(--radius);padding:.4rem .6rem}
.tp-card{background:var(--card);border:1px solid var(--border);border-radius:var(--radius);padding:.4rem .6rem;margin:.35rem 0;display:flex;gap:.5rem;align-items:center;flex-wrap:wrap}
.tp-ok{color:var(--ok)}
.tp-degraded{color:var(--degraded)}
.tp-muted{color:var(--muted);font-size:.85rem}
.tp-link{color:var(--accent)}
.theme-preview .bars{display:flex;gap:2px;margin-left:auto}
.theme-preview .bar{width:4px;height:16px;border-radius:1px;background:var(--ok)}
.theme-preview .bar.degraded{background:var(--degraded)}
.theme-preview .bar.down{background:var(--down)}
.theme-preview figcaption{padding:.25rem .75rem;font-size:.85rem;background:#f6f8fa;color:#424a53;border-top:1px solid #d0d7de}
table.arrange input{width:5rem;font:inherit;padding:.25rem .4rem;border:1px solid #8c959f;border-radius:6px}
table.arrange select{width:auto}
table.arrange tr[draggable=true]{cursor:grab}
table.arrange th[scope=row]{font-weight:400}
table.arrange .name{display:block;font-weight:600}
details summary{cursor:pointer;margin:.75rem 0 .25rem;font-weight:600}
@media (prefers-color-scheme: dark){
body{color:#e6edf3;background:#0d1117}
a{color:#58a6ff}
:focus-visible{outline-color:#58a6ff}
.skip{background:#161b22;color:#e6edf3}
header.top{background:#010409}
nav.side h2,.hint,.muted,th,.legend,dl.facts dt,svg.latency .axis{color:#9198a1;fill:#9198a1}
nav.side li a{color:#e6edf3}
nav.side li a[aria-current]{background:#1f3a5f;color:#e6edf3}
.card,.count,.kinds a,.tp-none{background:#161b22;border-color:#3d444d;color:#e6edf3}
.tabs{border-bottom-color:#3d444d}
.tabs a{color:#e6edf3}
input[type=text],input[type=email],input[type=password],input[type=number],input[type=url],input[type=datetime-local],select,textarea,table.arrange input{background:#0d1117;color:#e6edf3;border-color:#8b949e}
fieldset{border-color:#3d444d}
button{border-color:#238636;background:#238636;color:#fff}
button.secondary,a.button.secondary{background:#21262d;color:#e6edf3;border-color:#8b949e}
button.danger,a.button.danger{background:#0d1117;color:#ff7b72;border-color:#f85149}
a.button{background:#238636;border-color:#238636;color:#fff}
.kinds a[aria-current]{background:#1f3a5f;border-color:#58a6ff;color:#e6edf3}
.field-error{color:#ff7b72}
[aria-invalid=true]{border-color:#f85149}
.notice.error{background:#3d1116;border-color:#f85149;color:#ffdcd7}
.notice.warning{background:#3b2e05;border-color:#d29922;color:#f8e3a1}
.notice.success{background:#0f2d1a;border-color:#2ea043;color:#aff5b4}
.notice a{color:inherit}
.secret,pre.command{background:#161b22;border-color:#3d444d;color:#e6edf3}
th,td{border-bottom-color:#3d444d}
table.monitors th[scope=row]{color:#e6edf3}
.badge.active{background:#0f2d1a;color:#7ee787;border-color:#2ea043}
.badge.degraded{background:#3b2e05;color:#e3b341;border-color:#d29922}
.badge.error{background:#3d1116;color:#ff7b72;border-color:#f85149}
.badge.unknown,.badge.paused{background:#21262d;color:#c9d1d9;border-color:#8b949e}
.dot{border-color:#9198a1}
.dot.active{background:#3fb950}
.dot.degraded{background:#d29922}
.dot.error{background:#f85149}
.dot.unknown{background:#0d1117}
svg.latency{background:#161b22;border-color:#3d444d}
svg.latency .p50,.key.p50::before,svg.spark .p50{stroke:#58a6ff;background:#58a6ff}
svg.latency .p95,.key.p95::before{stroke:#d29922;background:#d29922}
svg.latency .p99,.key.p99::before{stroke:#f85149;background:#f85149}
svg.spark .p95{stroke:#9198a1}
svg.latency circle.p50,svg.spark circle.p50{fill:#58a6ff}
svg.latency circle.p95{fill:#d29922}
svg.latency circle.p99{fill:#f85149}
svg.spark circle.p95{fill:#9198a1}
svg.latency text.value,svg.spark text.value{fill:#e6edf3}
svg.days .ok{fill:#3fb950}
svg.days .partial{fill:#d29922}
svg.days .bad{fill:#f85149}
svg.days .none{fill:#3d444d}
.assertions .fail strong{color:#ff7b72}
.assertions .pass strong{color:#7ee787}
table.diff .before code{color:#ffa198}
table.diff .after code{color:#7ee787}
.theme-preview{border-color:#3d444d}
.theme-preview figcaption{background:#161b22;color:#c9d1d9;border-top-color:#3d444d}
}
`;

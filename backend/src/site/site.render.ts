// HTML of the public site: one layout with navigation by content type, pages rendered from
// markdown (raw HTML in the markdown is escaped by the renderer), index pages, home and 404.
import { escapeHtml } from '../common/html';
import {
  CONTENT_TYPE_TITLES,
  CONTENT_TYPES,
  SITE_NAME,
  SITE_SUMMARY,
  type ContentPage,
  type ContentType,
} from '../content/content.service';
import { markdown } from '../content/markdown';

const CSS = `
*{box-sizing:border-box}
body{margin:0;font:16px/1.6 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1f2328;background:#fff}
header{border-bottom:1px solid #d8dee4;background:#f6f8fa}
header .bar{max-width:60rem;margin:0 auto;padding:.75rem 1rem;display:flex;flex-wrap:wrap;gap:.25rem 1rem;align-items:baseline}
header .brand{font-weight:700;color:#1f2328;margin-right:1rem}
header a{color:#0969da;text-decoration:none}
header a[aria-current]{font-weight:600;text-decoration:underline}
main{max-width:60rem;margin:0 auto;padding:1rem}
footer{max-width:60rem;margin:2rem auto;padding:1rem;color:#59636e;font-size:.875rem;border-top:1px solid #d8dee4}
a{color:#0969da}
h1,h2,h3{line-height:1.25}
pre{background:#f6f8fa;padding:1rem;overflow:auto;border-radius:6px;font-size:.875rem}
code{font:.875em ui-monospace,SFMono-Regular,Menlo,monospace;background:#f6f8fa;padding:.1em .3em;border-radius:4px}
pre code{padding:0;background:none}
table{border-collapse:collapse;display:block;overflow:auto;margin:1rem 0}
th,td{border:1px solid #d8dee4;padding:.35rem .6rem;text-align:left;vertical-align:top}
th{background:#f6f8fa}
blockquote{margin:0;padding:0 1rem;color:#59636e;border-left:.25rem solid #d8dee4}
.lead{font-size:1.125rem;color:#59636e}
.list li{margin:.35rem 0}
.meta{color:#59636e;font-size:.875rem}
`;

export function layout(title: string, body: string, current?: ContentType): string {
  const nav = CONTENT_TYPES.map(
    (type) =>
      `<a href="/${type}"${type === current ? ' aria-current="page"' : ''}>${escapeHtml(CONTENT_TYPE_TITLES[type])}</a>`,
  ).join('\n');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>${CSS}</style>
</head>
<body>
<header><nav class="bar" aria-label="Sections"><a class="brand" href="/">${escapeHtml(SITE_NAME)}</a>
${nav}
</nav></header>
<main>
${body}
</main>
<footer>${escapeHtml(SITE_NAME)} is open-source software. Every page is also available as markdown: add <code>.md</code> to its address. Index for language models: <a href="/llms.txt">/llms.txt</a>.</footer>
</body>
</html>
`;
}

function pageList(pages: readonly ContentPage[]): string {
  if (!pages.length) return '<p>No pages yet.</p>';
  return `<ul class="list">\n${pages
    .map((p) => `<li><a href="${escapeHtml(p.path)}">${escapeHtml(p.title)}</a> — ${escapeHtml(p.description)}</li>`)
    .join('\n')}\n</ul>`;
}

/** A content page; `children` are listed below it (the other pages of its type, on a type's index page). */
export function renderPage(page: ContentPage, children: readonly ContentPage[] = []): string {
  const body = `<article>
<h1>${escapeHtml(page.title)}</h1>
<p class="lead">${escapeHtml(page.description)}</p>
${markdown.render(page.markdown)}
</article>
${children.length ? `<h2>In ${escapeHtml(CONTENT_TYPE_TITLES[page.type])}</h2>\n${pageList(children)}` : ''}
<p class="meta"><a href="${escapeHtml(page.path)}.md">View as markdown</a></p>`;
  return layout(`${page.title} · ${SITE_NAME}`, body, page.type);
}

/** A generated index of one type, for types without their own index page. */
export function renderTypeIndex(type: ContentType, pages: readonly ContentPage[]): string {
  const title = CONTENT_TYPE_TITLES[type];
  return layout(`${title} · ${SITE_NAME}`, `<h1>${escapeHtml(title)}</h1>\n${pageList(pages)}`, type);
}

export function renderHome(pages: readonly ContentPage[]): string {
  const sections = CONTENT_TYPES.map((type) => {
    const list = pages.filter((p) => p.type === type);
    if (!list.length) return '';
    return `<h2><a href="/${type}">${escapeHtml(CONTENT_TYPE_TITLES[type])}</a></h2>\n${pageList(list)}`;
  }).join('\n');
  const body = `<h1>${escapeHtml(SITE_NAME)}</h1>
<p class="lead">${escapeHtml(SITE_SUMMARY)}</p>
<p>Start it from a clone with <code>npm ci &amp;&amp; npm start</code>; read <a href="/docs/self-hosting">Self-hosting</a>, the <a href="/docs/reference/rpc-api">RPC API</a> and the <a href="/docs/reference/mcp-server">MCP server</a> reference.</p>
${sections}`;
  return layout(SITE_NAME, body);
}

export function renderNotFound(path: string): string {
  const body = `<h1>Page not found</h1>
<p>There is no page at <code>${escapeHtml(path)}</code>. Try the <a href="/">home page</a>, the <a href="/docs">docs</a> or the <a href="/llms.txt">index of every page</a>.</p>`;
  return layout(`Not found · ${SITE_NAME}`, body);
}

// The public site's pages, read once at start from the markdown files in `content/`, and the full
// text index over them. The site routes and the MCP content tools read through this service.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';
import { Inject, Injectable } from '@nestjs/common';
import { z } from 'zod';
import { NotFoundError, ValidationError } from '../common/errors';
import type { AppConfig } from '../config/config';
import { APP_CONFIG } from '../config/config.module';
import { ContentIndex } from './content-index';
import { parseFrontMatter, plainPassages } from './markdown';

export const CONTENT_TYPES = [
  'product',
  'pricing',
  'blog',
  'comparisons',
  'use-cases',
  'customer-stories',
  'tooling',
  'docs',
  'guides',
  'changelog',
] as const;
export type ContentType = (typeof CONTENT_TYPES)[number];

export const CONTENT_TYPE_TITLES: Record<ContentType, string> = {
  product: 'Product',
  pricing: 'Pricing',
  blog: 'Blog',
  comparisons: 'Comparisons',
  'use-cases': 'Use cases',
  'customer-stories': 'Customer stories',
  tooling: 'Tooling',
  docs: 'Docs',
  guides: 'Guides',
  changelog: 'Changelog',
};

/** A search hit: the views of this service are declared once, as these schemas (MCP shows them). */
export const contentHitView = z.object({
  title: z.string(),
  type: z.enum(CONTENT_TYPES),
  snippet: z.string(),
  url: z.string(),
  path: z.string(),
  score: z.number(),
});
export type ContentHit = z.infer<typeof contentHitView>;

export const contentPageView = z.object({
  title: z.string(),
  type: z.enum(CONTENT_TYPES),
  path: z.string(),
  url: z.string(),
  markdown: z.string(),
  description: z.string(),
});
export type ContentPage = z.infer<typeof contentPageView>;

export const CONTENT_DIR = Symbol('CONTENT_DIR');
export const SEARCH_LIMIT_DEFAULT = 10;
export const SEARCH_LIMIT_MAX = 50;
const QUERY_MAX = 500;

export const SITE_NAME = 'Uptime Service';
export const SITE_SUMMARY =
  'An open-source, self-hostable service that monitors endpoints (HTTP, TCP, DNS, ICMP, gRPC) from 28 regions ' +
  'and from private locations, and publishes status pages with status reports and maintenances.';

/**
 * The repository's `content/` folder, found by walking up from this file: the same answer from the
 * TypeScript sources (tests) and from the compiled `backend/dist` (npm start).
 */
export function findContentDir(from: string = __dirname): string {
  let dir = from;
  while (true) {
    const candidate = join(dir, 'content');
    if (existsSync(join(candidate, 'docs')) && existsSync(join(dir, 'package.json'))) return candidate;
    const parent = dirname(dir);
    if (parent === dir) throw new Error(`content folder not found above ${from}`);
    dir = parent;
  }
}

interface LoadedPage extends ContentPage {
  order: number;
}

@Injectable()
export class ContentService {
  private readonly byPath = new Map<string, LoadedPage>();
  private readonly ordered: LoadedPage[];
  private readonly index: ContentIndex;
  private readonly siteUrl: string;

  constructor(@Inject(APP_CONFIG) config: Pick<AppConfig, 'siteUrl'>, @Inject(CONTENT_DIR) contentDir: string) {
    this.siteUrl = config.siteUrl.replace(/\/+$/, '');
    for (const type of CONTENT_TYPES) {
      const folder = join(contentDir, type);
      if (!existsSync(folder)) continue;
      for (const file of markdownFiles(folder)) {
        const page = this.load(type, folder, file, contentDir);
        if (this.byPath.has(page.path)) throw new Error(`${file}: a second page for ${page.path}`);
        this.byPath.set(page.path, page);
      }
    }
    this.ordered = [...this.byPath.values()].sort(
      (a, b) =>
        CONTENT_TYPES.indexOf(a.type) - CONTENT_TYPES.indexOf(b.type) ||
        a.order - b.order ||
        a.title.localeCompare(b.title),
    );
    this.index = new ContentIndex(
      this.ordered.map((page) => ({
        id: page.path,
        title: page.title,
        passages: [page.description, ...plainPassages(page.markdown)],
      })),
    );
  }

  /** Pages matching `query` among `types` (all types when empty), best first. */
  search(query: string, types: readonly ContentType[], limit: number = SEARCH_LIMIT_DEFAULT): ContentHit[] {
    if (!query.trim()) throw ValidationError.field('query', 'must contain at least one word');
    if (query.length > QUERY_MAX) throw ValidationError.field('query', `must be at most ${QUERY_MAX} characters`);
    for (const type of types) {
      if (!(CONTENT_TYPES as readonly string[]).includes(type)) {
        throw ValidationError.field('type', `must be one of ${CONTENT_TYPES.join(', ')}`);
      }
    }
    const n = Number.isFinite(limit)
      ? Math.min(SEARCH_LIMIT_MAX, Math.max(1, Math.floor(limit)))
      : SEARCH_LIMIT_DEFAULT;
    const wanted = new Set<ContentType>(types.length ? types : CONTENT_TYPES);
    return this.index
      .search(query, n, (path) => wanted.has(this.byPath.get(path)!.type))
      .map((hit) => {
        const page = this.byPath.get(hit.id)!;
        return {
          title: page.title,
          type: page.type,
          snippet: hit.snippet,
          url: page.url,
          path: page.path,
          score: hit.score,
        };
      });
  }

  /** One page by path: `/docs/x`, `docs/x`, `/docs/x.md` or its absolute URL. */
  getPage(path: string): ContentPage {
    const page = this.byPath.get(normalizePath(path));
    if (!page) throw new NotFoundError(`page ${JSON.stringify(path)} not found; search_content lists existing pages`);
    return publicPage(page);
  }

  /** Every page, grouped by type in CONTENT_TYPES order. */
  pages(): ContentPage[] {
    return this.ordered.map(publicPage);
  }

  /** The site index in the llms.txt format (https://llmstxt.org). */
  llmsTxt(): string {
    const lines = [
      `# ${SITE_NAME}`,
      '',
      `> ${SITE_SUMMARY}`,
      '',
      'Checks carry assertions (status code, body, headers, DNS records) and report per-region status, ' +
        'latency percentiles and HTTP response logs. Status pages show components, optionally grouped, linked to ' +
        'monitors or static. Programs use the Connect RPC API (`monitor.v1` and sibling services under /rpc, ' +
        'described at /openapi.json) with an `x-service-key` API key; AI assistants use the MCP server at /mcp.',
      '',
      'Pricing: the service is free, open-source software (MIT) that you run yourself. Inside a deployment, ' +
        'workspaces are on the `pro` plan (every feature) by default; a `free` plan with lower limits exists for ' +
        'hosted-style deployments.',
    ];
    for (const type of CONTENT_TYPES) {
      const pages = this.ordered.filter((p) => p.type === type);
      if (!pages.length) continue;
      lines.push('', `## ${CONTENT_TYPE_TITLES[type]}`, '');
      for (const page of pages) lines.push(`- [${page.title}](${page.url}): ${page.description}`);
    }
    return `${lines.join('\n')}\n`;
  }

  /** The absolute URL of a site path. */
  urlOf(path: string): string {
    return `${this.siteUrl}${path}`;
  }

  private load(type: ContentType, folder: string, file: string, contentDir: string): LoadedPage {
    const name = relative(contentDir, file);
    const { meta, body } = parseFrontMatter(readFileSync(file, 'utf8'), name);
    const rest = relative(folder, file).split(sep).join('/').replace(/\.md$/, '');
    const slug = rest === 'index' ? '' : rest.replace(/\/index$/, '');
    if (!/^[a-z0-9/-]*$/.test(slug)) throw new Error(`${name}: file names may use a-z, 0-9 and - only`);
    const path = slug ? `/${type}/${slug}` : `/${type}`;
    return {
      title: meta.title,
      description: meta.description,
      type,
      path,
      url: this.urlOf(path),
      markdown: body.trimStart(),
      order: meta.order ?? Number.MAX_SAFE_INTEGER,
    };
  }
}

function publicPage(page: LoadedPage): ContentPage {
  return {
    title: page.title,
    type: page.type,
    path: page.path,
    url: page.url,
    markdown: page.markdown,
    description: page.description,
  };
}

export function normalizePath(path: string): string {
  let p = path.trim();
  if (/^https?:\/\//i.test(p)) {
    try {
      p = new URL(p).pathname;
    } catch {
      // not a URL after all: treat as a path
    }
  }
  p = p
    .replace(/[?#].*$/, '')
    .replace(/^\/+|\/+$/g, '')
    .replace(/\.md$/i, '');
  p = `/${p}`;
  return p.replace(/\/index$/, '') || '/';
}

function markdownFiles(folder: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(folder).sort()) {
    const full = join(folder, entry);
    if (statSync(full).isDirectory()) out.push(...markdownFiles(full));
    else if (entry.endsWith('.md')) out.push(full);
  }
  return out;
}

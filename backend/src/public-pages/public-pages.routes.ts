// The public status page and its history as HTML, plus robots.txt, sitemap.xml and favicon.ico (of
// the main site, and of each page's custom domain). Plain GET routes on the Fastify instance, like the site's; they
// answer on custom domains through the rewrite of page-domains.ts. Each page surface resolves the
// page, asks PageAccess first, then answers from the cached snapshot with an ETag and a 304. Every
// answer carries the public security headers (public-headers.ts); the page and its history may be
// framed by the origins of the page's `embedOrigins`, nothing else may be framed.
import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { escapeHtml } from '../common/html';
import { FAVICON_CACHE_CONTROL, FAVICON_TYPE, faviconIco } from '../http/favicon';
import type { AppConfig } from '../config/config';
import { APP_CONFIG } from '../config/config.module';
import { ContentService } from '../content/content.service';
import { CompressedDocument, sendDocument } from './compressed-document';
import { PageAccess, PROTECTED_CACHE_CONTROL, redirectToAccess } from './access/page-access';
import { resolvePage } from './page-resolver';
import type { PublicPage } from './public-page.types';
import { PublicPagesService } from './public-pages.service';
import { renderHistoryPage, renderNotFound } from './render/history.render';
import { negotiateLocale } from './render/i18n';
import { PAGE_LOCALES, type PageLocale } from '../status-pages/locales';
import { pageIndexable, pageStylesheet } from './render/layout';
import { setPublicHeaders, styleSource, type PublicPolicy } from './public-headers';
import { componentNames, renderStatusPage } from './render/page.render';

/** Public pages: fresh for 30 s, then served stale for up to 5 min while a cache revalidates. */
export const PUBLIC_CACHE_CONTROL = 'public, max-age=30, stale-while-revalidate=300';
const HTML = 'text/html; charset=utf-8';
const TEXT = 'text/plain; charset=utf-8';
const XML = 'application/xml; charset=utf-8';

interface PageQuery {
  locale?: string;
  page?: string;
}

@Injectable()
export class PublicPagesRoutes implements OnModuleInit {
  constructor(
    @Inject(PublicPagesService) private readonly pages: PublicPagesService,
    @Inject(PageAccess) private readonly access: PageAccess,
    @Inject(ContentService) private readonly content: ContentService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(HttpAdapterHost) private readonly adapterHost: HttpAdapterHost,
  ) {}

  onModuleInit(): void {
    const fastify = this.adapterHost.httpAdapter.getInstance<FastifyInstance>();
    fastify.get('/status/:slug', (request, reply) => this.page(request, reply));
    fastify.get('/status/:slug/history', (request, reply) => this.history(request, reply));
    fastify.get('/status/:slug/robots.txt', (request, reply) => this.pageRobots(request, reply));
    fastify.get('/status/:slug/sitemap.xml', (request, reply) => this.pageSitemap(request, reply));
    // Anything else under /status: the page's 404 (other surfaces register their own paths).
    fastify.get('/status', (request, reply) => this.notFound(request, reply));
    fastify.get('/status/*', (request, reply) => this.notFound(request, reply));
    // The icon browsers ask for on every page of every origin; on a page's custom domain the rewrite
    // turns /favicon.ico into the page's path.
    fastify.get('/favicon.ico', (_request, reply) => favicon(reply));
    fastify.get('/status/:slug/favicon.ico', (_request, reply) => favicon(reply));
    fastify.get('/robots.txt', (_request, reply) => this.siteRobots(reply));
    fastify.get('/sitemap.xml', (_request, reply) => this.siteSitemap(reply));
  }

  private locale(page: PublicPage, request: FastifyRequest): PageLocale {
    const asked = (request.query as PageQuery).locale;
    return negotiateLocale(page.locales, page.defaultLocale, asked, request.headers['accept-language']);
  }

  private async page(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> {
    setPublicHeaders(reply);
    const resolved = await resolvePage(request);
    if (!resolved) return this.notFound(request, reply);
    const { page, base } = resolved;
    if (!(await this.access.allows(page, request))) return redirectToAccess(reply, base, request);
    const locale = this.locale(page, request);
    const snapshot = await this.pages.snapshot(page);
    // The body depends on the data (version), the locale and the links' base (host), nothing else.
    const etag = `"${snapshot.version}-${locale}${base ? '' : '-d'}"`;
    this.cacheHeaders(reply, page, etag);
    // On the 304 too: a cache updates the stored answer's headers from it.
    setPublicHeaders(reply, framedPolicy(page));
    if (matches(request.headers['if-none-match'], etag)) return reply.status(304).send();
    const document = this.pages.rendered(
      `page|${snapshot.version}|${locale}|${base}`,
      () => new CompressedDocument(renderStatusPage({ snapshot, locale, base })),
    );
    return sendDocument(request, reply, document, HTML);
  }

  private async history(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> {
    setPublicHeaders(reply);
    const resolved = await resolvePage(request);
    if (!resolved) return this.notFound(request, reply);
    const { page, base } = resolved;
    if (!(await this.access.allows(page, request))) return redirectToAccess(reply, base, request);
    const locale = this.locale(page, request);
    const asked = Number((request.query as PageQuery).page ?? '1');
    const [history, snapshot] = await Promise.all([this.pages.history(page, asked), this.pages.snapshot(page)]);
    this.cacheHeaders(reply, page, null);
    setPublicHeaders(reply, framedPolicy(page));
    const body = renderHistoryPage({ history, locale, base, names: componentNames(snapshot.groups) });
    return reply.status(200).header('content-type', HTML).send(body);
  }

  private cacheHeaders(reply: FastifyReply, page: PublicPage, etag: string | null): void {
    const open = page.accessType === 'public';
    reply.header('cache-control', open ? PUBLIC_CACHE_CONTROL : PROTECTED_CACHE_CONTROL);
    // The locale follows Accept-Language; a protected page's answer also depends on the session cookie.
    reply.header('vary', open ? 'Accept-Language' : 'Accept-Language, Cookie');
    if (etag) reply.header('etag', etag);
  }

  private notFound(request: FastifyRequest, reply: FastifyReply): FastifyReply {
    setPublicHeaders(reply);
    const locale = negotiateLocale(PAGE_LOCALES, 'en', undefined, request.headers['accept-language']);
    return reply
      .status(404)
      .header('content-type', HTML)
      .header('cache-control', 'no-store')
      .send(renderNotFound(locale));
  }

  /** robots.txt of a custom domain (rewritten here): the page's own rule and its sitemap. */
  private async pageRobots(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> {
    setPublicHeaders(reply);
    const resolved = await resolvePage(request);
    if (!resolved) return reply.status(404).header('content-type', TEXT).send('Not found\n');
    const { page, base } = resolved;
    const origin = `${request.protocol}://${request.host}`;
    const lines = pageIndexable(page)
      ? ['User-agent: *', `Disallow: ${base}/access`, '', `Sitemap: ${origin}${base}/sitemap.xml`]
      : ['User-agent: *', `Disallow: ${base || '/'}`];
    return reply
      .status(200)
      .header('content-type', TEXT)
      .header('cache-control', PUBLIC_CACHE_CONTROL)
      .send(`${lines.join('\n')}\n`);
  }

  /** sitemap.xml of a custom domain: the page and its history, when the page may be indexed. */
  private async pageSitemap(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> {
    setPublicHeaders(reply);
    const resolved = await resolvePage(request);
    if (!resolved || !pageIndexable(resolved.page)) {
      return reply.status(404).header('content-type', TEXT).send('Not found\n');
    }
    const { page, base } = resolved;
    const origin = `${request.protocol}://${request.host}`;
    const urls = [`${origin}${base || '/'}`, `${origin}${base}/history`].map((loc) => ({
      loc,
      lastmod: page.updatedAt,
    }));
    return reply
      .status(200)
      .header('content-type', XML)
      .header('cache-control', PUBLIC_CACHE_CONTROL)
      .send(sitemap(urls));
  }

  /** The main site's robots.txt: pages that may not be indexed are disallowed; the sitemap lists the rest. */
  private async siteRobots(reply: FastifyReply): Promise<FastifyReply> {
    setPublicHeaders(reply);
    const pages = await this.pages.publishedPagesForRobots();
    const lines = ['User-agent: *', 'Disallow: /status/*/access'];
    for (const p of pages) if (!p.indexable) lines.push(`Disallow: /status/${encodeURIComponent(p.slug)}`);
    lines.push('', `Sitemap: ${this.config.siteUrl}/sitemap.xml`);
    return reply
      .status(200)
      .header('content-type', TEXT)
      .header('cache-control', PUBLIC_CACHE_CONTROL)
      .send(`${lines.join('\n')}\n`);
  }

  /** The main site's sitemap: the site's own pages and the published, public, indexable status pages. */
  private async siteSitemap(reply: FastifyReply): Promise<FastifyReply> {
    setPublicHeaders(reply);
    const pages = await this.pages.publishedPagesForRobots();
    const site = this.config.siteUrl;
    const urls = [
      { loc: `${site}/`, lastmod: null },
      ...this.content.pages().map((p) => ({ loc: p.url, lastmod: null })),
      ...pages
        .filter((p) => p.indexable)
        .flatMap((p) => [
          { loc: `${site}/status/${encodeURIComponent(p.slug)}`, lastmod: p.updatedAt },
          { loc: `${site}/status/${encodeURIComponent(p.slug)}/history`, lastmod: p.updatedAt },
        ]),
    ];
    return reply
      .status(200)
      .header('content-type', XML)
      .header('cache-control', PUBLIC_CACHE_CONTROL)
      .send(sitemap(urls));
  }
}

function favicon(reply: FastifyReply): FastifyReply {
  setPublicHeaders(reply);
  return reply
    .status(200)
    .header('content-type', FAVICON_TYPE)
    .header('cache-control', FAVICON_CACHE_CONTROL)
    .send(faviconIco());
}

/** The page (or its history) as a document: its own stylesheet, framed only by the origins it names. */
function framedPolicy(page: PublicPage): PublicPolicy {
  return { styles: [styleSource(pageStylesheet(page))], frameAncestors: page.embedOrigins };
}

/** Whether If-None-Match names this ETag (a list, `*`, or weak forms of it). */
function matches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header
    .split(',')
    .map((t) => t.trim().replace(/^W\//, ''))
    .some((t) => t === etag || t === '*');
}

function sitemap(urls: ReadonlyArray<{ loc: string; lastmod: Date | null }>): string {
  const entries = urls.map(
    (u) =>
      `<url><loc>${escapeHtml(u.loc)}</loc>${u.lastmod ? `<lastmod>${u.lastmod.toISOString().slice(0, 10)}</lastmod>` : ''}</url>`,
  );
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries.join('\n')}\n</urlset>\n`;
}

// The machine surfaces of a public page: JSON status, RSS and Atom feeds, SVG badges of the page and
// of each component, and the markdown twin. Each resolves the page, asks PageAccess first (401 with
// a short text when refused), and answers with an ETag derived from the snapshot's version, so a
// poller that already has the current data gets a 304 without a body. Only public pages are
// cacheable by shared caches and readable cross-origin (CORS `*` on the JSON and the badges).
import { createHash } from 'node:crypto';
import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppConfig } from '../config/config';
import { APP_CONFIG } from '../config/config.module';
import { PageAccess, PROTECTED_CACHE_CONTROL, refuseMachine } from './access/page-access';
import { resolvePage } from './page-resolver';
import { setPublicHeaders } from './public-headers';
import type { PageSnapshot, PublicPage } from './public-page.types';
import { PublicPagesService } from './public-pages.service';
import { badgeStyle, renderBadge, sanitizeLabel } from './render/badge';
import { renderAtom, renderRss } from './render/feeds';
import { renderMarkdown } from './render/markdown';
import { statusJson } from './render/status-json';

/** Feeds, JSON and markdown: fresh within half a minute, served stale while a cache revalidates. */
export const MACHINE_CACHE_CONTROL = 'public, max-age=30, stale-while-revalidate=300';
/** Badges are embedded in READMEs behind image proxies: a short max-age keeps them near real time. */
export const BADGE_CACHE_CONTROL = 'public, max-age=60, stale-while-revalidate=300';

const TYPES = {
  json: 'application/json; charset=utf-8',
  rss: 'application/rss+xml; charset=utf-8',
  atom: 'application/atom+xml; charset=utf-8',
  svg: 'image/svg+xml; charset=utf-8',
  markdown: 'text/markdown; charset=utf-8',
  text: 'text/plain; charset=utf-8',
} as const;

interface Surface {
  /** Part of the ETag: one snapshot gives different bodies per surface and per variant. */
  variant: string;
  type: string;
  cacheControl: string;
  /** Readable by scripts on other origins when the page is public. */
  cors: boolean;
  /** False: the thing asked for is not on the page (404). Checked before the validator. */
  exists?: (snapshot: PageSnapshot) => boolean;
  body: (snapshot: PageSnapshot) => Promise<string> | string;
}

@Injectable()
export class MachineRoutes implements OnModuleInit {
  constructor(
    @Inject(PublicPagesService) private readonly pages: PublicPagesService,
    @Inject(PageAccess) private readonly access: PageAccess,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(HttpAdapterHost) private readonly adapterHost: HttpAdapterHost,
  ) {}

  onModuleInit(): void {
    const fastify = this.adapterHost.httpAdapter?.getInstance<FastifyInstance>();
    if (!fastify) return;

    fastify.get('/status/:slug/status.json', (request, reply) =>
      this.serve(request, reply, (_page, urls) => ({
        variant: 'json',
        type: TYPES.json,
        cacheControl: MACHINE_CACHE_CONTROL,
        cors: true,
        body: (snapshot) => `${JSON.stringify(statusJson(snapshot, urls.pageUrl), null, 2)}\n`,
      })),
    );
    for (const [path, kind] of [
      ['feed.rss', 'rss'],
      ['feed.atom', 'atom'],
    ] as const) {
      fastify.get(`/status/:slug/${path}`, (request, reply) =>
        this.serve(request, reply, (page, urls) => ({
          variant: kind,
          type: TYPES[kind],
          cacheControl: MACHINE_CACHE_CONTROL,
          cors: false,
          body: async (snapshot) => {
            const history = await this.pages.history(page, 1);
            const links = { pageUrl: urls.pageUrl, selfUrl: `${urls.pageUrl}/${path}`, idHost: urls.idHost };
            return kind === 'rss' ? renderRss(snapshot, history, links) : renderAtom(snapshot, history, links);
          },
        })),
      );
    }
    fastify.get('/status/:slug/badge.svg', (request, reply) => {
      const q = request.query as Record<string, unknown>;
      const label = sanitizeLabel(q.label) ?? 'status';
      const style = badgeStyle(q.style);
      return this.serve(request, reply, () => ({
        variant: `badge|${style}|${label}`,
        type: TYPES.svg,
        cacheControl: BADGE_CACHE_CONTROL,
        cors: true,
        body: (snapshot) => renderBadge({ label, status: snapshot.overall, style }),
      }));
    });
    fastify.get('/status/:slug/components/:componentId/badge.svg', (request, reply) => {
      const q = request.query as Record<string, unknown>;
      const { componentId } = request.params as { componentId: string };
      const style = badgeStyle(q.style);
      const override = sanitizeLabel(q.label);
      return this.serve(request, reply, () => ({
        variant: `component-badge|${componentId}|${style}|${override ?? ''}`,
        type: TYPES.svg,
        cacheControl: BADGE_CACHE_CONTROL,
        cors: true,
        exists: (snapshot) => componentOf(snapshot, componentId) !== undefined,
        body: (snapshot) => {
          const component = componentOf(snapshot, componentId)!;
          // A component name longer than a label may be is cut like an override would be.
          const label = override ?? sanitizeLabel(component.name) ?? 'component';
          return renderBadge({ label, status: component.status, style });
        },
      }));
    });
    fastify.get('/status/:slug/index.md', (request, reply) =>
      this.serve(request, reply, (_page, urls) => ({
        variant: 'markdown',
        type: TYPES.markdown,
        cacheControl: MACHINE_CACHE_CONTROL,
        cors: false,
        body: (snapshot) => renderMarkdown(snapshot, urls.pageUrl),
      })),
    );
  }

  /**
   * The page's absolute URL: SITE_URL and the path, or the custom domain the visitor came through
   * (the Host was matched to the page before routing). TLS is terminated in front of the service,
   * so a custom domain is https unless SITE_URL itself is plain http (local installs, tests).
   */
  private urls(request: FastifyRequest, base: string): { pageUrl: string; idHost: string } {
    const site = new URL(this.config.siteUrl);
    const idHost = site.hostname;
    if (base !== '') return { pageUrl: `${this.config.siteUrl}${base}`, idHost };
    const scheme = site.protocol === 'http:' ? 'http' : 'https';
    return { pageUrl: `${scheme}://${request.headers.host ?? site.host}`, idHost };
  }

  private async serve(
    request: FastifyRequest,
    reply: FastifyReply,
    surface: (page: PublicPage, urls: { pageUrl: string; idHost: string }) => Surface,
  ): Promise<FastifyReply> {
    // No script, no style, no frame, whatever a label or a name held, on every answer (401 and 404 too).
    setPublicHeaders(reply);
    const resolved = await resolvePage(request);
    if (!resolved) return notFound(reply, 'No published status page here.');
    const { page, base } = resolved;
    if (!(await this.access.allows(page, request))) return refuseMachine(reply);
    const s = surface(page, this.urls(request, base));
    const snapshot = await this.pages.snapshot(page);
    if (s.exists && !s.exists(snapshot)) return notFound(reply, 'No such component on this status page.');
    const isPublic = page.accessType === 'public';
    // The page's updatedAt covers what the snapshot does not hold (the history in the feeds).
    const validator = `${snapshot.version}\0${page.updatedAt.getTime()}\0${s.variant}\0${base}`;
    const etag = `"${createHash('sha256').update(validator).digest('base64url').slice(0, 27)}"`;
    reply.header('etag', etag).header('cache-control', isPublic ? s.cacheControl : PROTECTED_CACHE_CONTROL);
    if (s.cors && isPublic) reply.header('access-control-allow-origin', '*');
    // Who sees what depends on the access cookie or address on a protected page: caches must not share.
    if (!isPublic) reply.header('vary', 'cookie');
    // The validator first: a poller with the current data costs no rendering (nor history query).
    if (matches(request.headers['if-none-match'], etag)) return reply.code(304).send();
    return reply
      .code(200)
      .type(s.type)
      .send(await s.body(snapshot));
  }
}

function componentOf(snapshot: PageSnapshot, id: string) {
  return snapshot.groups.flatMap((g) => g.components).find((c) => c.id === id);
}

function notFound(reply: FastifyReply, message: string): FastifyReply {
  return reply.code(404).header('cache-control', 'no-store').type(TYPES.text).send(`${message}\n`);
}

/** If-None-Match (RFC 9110 §13.1.2): `*` or a list of entity tags, compared weakly. */
function matches(header: string | string[] | undefined, etag: string): boolean {
  if (!header) return false;
  const value = Array.isArray(header) ? header.join(',') : header;
  if (value.trim() === '*') return true;
  return value.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}

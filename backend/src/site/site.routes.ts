// The public website: plain GET routes on the Fastify instance, no authentication. Only real pages,
// their `.md` twins, the type indexes, `/` and `/llms.txt` are routed, plus a 404 page under each
// type's prefix, so the site never shadows the API's routes (/health, /rpc, /v1, /mcp, /oauth, ...).
import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { CONTENT_TYPES, ContentService } from '../content/content.service';
import { renderHome, renderNotFound, renderPage, renderTypeIndex } from './site.render';

const HTML = 'text/html; charset=utf-8';
const MARKDOWN = 'text/markdown; charset=utf-8';
const TEXT = 'text/plain; charset=utf-8';

@Injectable()
export class SiteRoutes implements OnModuleInit {
  constructor(
    @Inject(ContentService) private readonly content: ContentService,
    @Inject(HttpAdapterHost) private readonly adapterHost: HttpAdapterHost,
  ) {}

  onModuleInit(): void {
    const fastify = this.adapterHost.httpAdapter.getInstance<FastifyInstance>();
    const pages = this.content.pages();
    const send = (reply: FastifyReply, status: number, type: string, body: string) =>
      reply.status(status).header('content-type', type).header('cache-control', 'public, max-age=300').send(body);

    const home = renderHome(pages);
    fastify.get('/', (_request, reply) => send(reply, 200, HTML, home));
    const llms = this.content.llmsTxt();
    fastify.get('/llms.txt', (_request, reply) => send(reply, 200, TEXT, llms));

    for (const page of pages) {
      // Pages of a type are listed under the type's own index page.
      const children = page.path === `/${page.type}` ? pages.filter((p) => p.type === page.type && p !== page) : [];
      const html = renderPage(page, children);
      fastify.get(page.path, (_request, reply) => send(reply, 200, HTML, html));
      fastify.get(`${page.path}.md`, (_request, reply) => send(reply, 200, MARKDOWN, page.markdown));
    }
    const routed = new Set([...pages.map((p) => p.path), ...CONTENT_TYPES.map((type) => `/${type}`)]);
    for (const type of CONTENT_TYPES) {
      if (!pages.some((p) => p.path === `/${type}`)) {
        const html = renderTypeIndex(
          type,
          pages.filter((p) => p.type === type),
        );
        fastify.get(`/${type}`, (_request, reply) => send(reply, 200, HTML, html));
      }
      fastify.get(`/${type}/*`, (request, reply) => {
        const path = request.url.replace(/[?#].*$/, '');
        // `/docs/` and `/docs/self-hosting/` mean the page without the slash.
        const trimmed = path.replace(/\/+$/, '');
        if (trimmed !== path && routed.has(trimmed)) return reply.redirect(trimmed, 301);
        if (path.endsWith('.md')) return send(reply, 404, TEXT, `No page at ${path}\n`);
        return send(reply, 404, HTML, renderNotFound(path));
      });
    }
  }
}

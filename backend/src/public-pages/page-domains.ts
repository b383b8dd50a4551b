// Custom domains of public pages: an in-memory map domain → slug, loaded at start, reloaded when a
// page changes (change feed) and on a timer (a missed notification heals within a minute). The HTTP
// server's rewriteUrl (http/fastify-options.ts) asks it, before routing, whether the Host is a page's
// domain, and then serves `/<rest>` as `/status/<slug>/<rest>`, so every route under `/status/:slug`
// answers on the page's domain too.
import {
  Inject,
  Injectable,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
  type OnModuleInit,
} from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import type { FastifyInstance } from 'fastify';
import type { IncomingMessage } from 'node:http';
import type { Logger } from 'pino';
import { LOGGER } from '../config/config.module';
import { ChangeFeed } from '../database/change-feed';
import { STATUS_PAGES_PORT, type StatusPagesPort } from '../status-pages/status-pages.port';
import { markViaDomain } from './page-resolver';

export const PAGE_CHANNEL = 'page_changes';
const REFRESH_MS = 60_000;

/** `Example.COM:8443.` → `example.com`; null for no Host. IPv6 literals never name a page. */
export function hostName(host: string | undefined): string | null {
  if (!host) return null;
  const name = host.trim().toLowerCase().replace(/:\d+$/, '').replace(/\.$/, '');
  return name || null;
}

const routers = new WeakMap<object, PageDomains>();

/**
 * The path of the page's routes for a URL on its custom domain: `/<rest>` → `/status/<slug>/<rest>`;
 * null when the URL already names the page's routes.
 */
export function domainRewrite(url: string, slug: string): string | null {
  const prefix = `/status/${encodeURIComponent(slug)}`;
  if (url === prefix || url.startsWith(`${prefix}/`) || url.startsWith(`${prefix}?`)) return null;
  return url === '/' || url.startsWith('/?') ? `${prefix}${url.slice(1)}` : `${prefix}${url}`;
}

/**
 * The URL to route for this request: `/status/<slug>/<rest>` when its Host is a page's custom domain,
 * else the URL unchanged. `server` is the Fastify instance (rewriteUrl's `this`).
 */
export function rewritePageDomain(server: object, req: IncomingMessage): string {
  const url = req.url ?? '/';
  const slug = routers.get(server)?.slugOf(req.headers.host);
  const rewritten = slug ? domainRewrite(url, slug) : null;
  if (!slug || rewritten === null) return url;
  markViaDomain(req, slug);
  return rewritten;
}

@Injectable()
export class PageDomains implements OnModuleInit, OnApplicationBootstrap, OnApplicationShutdown {
  private domains = new Map<string, string>();
  private timer: NodeJS.Timeout | null = null;
  private reloading: Promise<void> | null = null;
  private again = false;

  constructor(
    @Inject(STATUS_PAGES_PORT) private readonly pages: StatusPagesPort,
    @Inject(ChangeFeed) feed: ChangeFeed,
    @Inject(HttpAdapterHost) private readonly adapterHost: HttpAdapterHost,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {
    feed.subscribe(PAGE_CHANNEL, {
      changed: () => this.refresh(),
      live: (live) => {
        if (live) this.refresh();
      },
    });
  }

  onModuleInit(): void {
    const adapter = this.adapterHost.httpAdapter as { getInstance?: () => FastifyInstance } | undefined;
    const fastify = adapter?.getInstance?.();
    if (fastify) routers.set(fastify, this);
  }

  async onApplicationBootstrap(): Promise<void> {
    await this.reload();
    this.timer = setInterval(() => this.refresh(), REFRESH_MS);
    this.timer.unref();
  }

  onApplicationShutdown(): void {
    if (this.timer) clearInterval(this.timer);
  }

  /** The slug of the published page served on this Host, if any. */
  slugOf(host: string | undefined): string | undefined {
    const name = hostName(host);
    return name ? this.domains.get(name) : undefined;
  }

  /** Reloads the map now; resolves once a load that started after this call has finished. */
  async reload(): Promise<void> {
    if (this.reloading) {
      this.again = true;
      return this.reloading;
    }
    this.reloading = (async () => {
      try {
        do {
          this.again = false;
          const rows = await this.pages.publishedDomains();
          this.domains = new Map(rows.map((r) => [r.domain, r.slug]));
        } while (this.again);
      } finally {
        // In the same turn as the last check of `again`: a change announced after it starts a new
        // load instead of joining this finished one (a .finally() callback left a gap of a microtask
        // in which such a change was dropped until the next timer).
        this.reloading = null;
      }
    })();
    return this.reloading;
  }

  private refresh(): void {
    this.reload().catch((error: unknown) => this.logger.warn({ err: error }, 'custom domain map not reloaded'));
  }
}

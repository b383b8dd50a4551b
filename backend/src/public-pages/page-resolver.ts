// Which public page a request addresses, for every route under `/status/:slug...`: the page of the
// slug, and the base its links are built on (`/status/<slug>`, or '' on the page's custom domain,
// where page-domains.ts rewrote `/<rest>` to `/status/<slug>/<rest>` before routing).
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { IncomingMessage } from 'node:http';
import type { PublicPage } from './public-page.types';

/** What resolvePage needs, registered per Fastify instance by PublicPagesService at start. */
export interface PageFinder {
  findBySlug(slug: string): Promise<PublicPage | null>;
}

const finders = new WeakMap<FastifyInstance, PageFinder>();

export function registerPageFinder(fastify: FastifyInstance, finder: PageFinder): void {
  finders.set(fastify, finder);
}

/** Set on the raw request by the rewrite: the slug of the custom domain the visitor came through. */
const VIA_DOMAIN = Symbol('public-page-domain');

export function markViaDomain(raw: IncomingMessage, slug: string): void {
  (raw as IncomingMessage & { [VIA_DOMAIN]?: string })[VIA_DOMAIN] = slug;
}

export function viaDomain(raw: IncomingMessage): string | undefined {
  return (raw as IncomingMessage & { [VIA_DOMAIN]?: string })[VIA_DOMAIN];
}

export function pageBase(slug: string, raw: IncomingMessage): string {
  return viaDomain(raw) === slug ? '' : `/status/${encodeURIComponent(slug)}`;
}

export async function resolvePage(request: FastifyRequest): Promise<{ page: PublicPage; base: string } | null> {
  const slug = (request.params as { slug?: string } | undefined)?.slug;
  const finder = finders.get(request.server);
  if (!slug || !finder) return null;
  const page = await finder.findBySlug(slug);
  if (!page) return null;
  return { page, base: pageBase(page.slug, request.raw) };
}

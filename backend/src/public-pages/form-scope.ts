// What the form routes of a public page (access, subscribe) share: their own Fastify scope that reads
// url-encoded forms, answers that no cache may keep nor any site frame (they carry a CSRF token of
// this browser, and a framed button invites clickjacking, whatever the page's embedOrigins), the
// public CSP (no script, the document's own stylesheet only), plain-text errors that never show a
// stack, and a CSRF key of their own.
import { hkdfSync } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import { resolveSecretKey, type AppConfig } from '../config/config';
import { PROTECTED_CACHE_CONTROL } from './access/page-access';
import { registerPageFinder } from './page-resolver';
import { inlineStyleSources, setPublicHeaders } from './public-headers';
import type { PublicPagesService } from './public-pages.service';

const FORM_BODY_LIMIT = 16 * 1024;

export interface FormScope {
  pages: PublicPagesService;
  logger: Logger;
  /** Names the routes in error logs. */
  what: string;
  parse: (body: string) => unknown;
  /** More headers on every answer of the scope. */
  headers?: Record<string, string>;
}

/** Sets up `app`, a scope of its own (fastify.register), for form routes. */
export function formScope(app: FastifyInstance, scope: FormScope): void {
  // resolvePage finds pages through the instance a route lives on; this scope is its own instance.
  registerPageFinder(app, scope.pages);
  // Forms only, in this scope; the rest of the service keeps its own parsers.
  if (app.hasContentTypeParser('application/x-www-form-urlencoded')) {
    app.removeContentTypeParser('application/x-www-form-urlencoded');
  }
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: FORM_BODY_LIMIT },
    (_request, body, done) => done(null, scope.parse(body as string)),
  );
  app.addHook('onSend', (_request, reply, payload, done) => {
    reply.header('cache-control', PROTECTED_CACHE_CONTROL);
    // The styles of the document being sent: the page's stylesheet, whatever its theme.
    setPublicHeaders(reply, { styles: typeof payload === 'string' ? inlineStyleSources(payload) : [] });
    for (const [name, value] of Object.entries(scope.headers ?? {})) reply.header(name, value);
    done(null, payload);
  });
  app.setErrorHandler((error: Error & { statusCode?: number }, request, reply) => {
    const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 500;
    if (status === 500) scope.logger.error({ err: error, url: request.url }, `${scope.what} request failed`);
    return reply
      .code(status)
      .type('text/plain; charset=utf-8')
      .send(status === 500 ? 'Something went wrong on our side. Try again in a moment.\n' : 'Bad request.\n');
  });
}

/** A CSRF key for one kind of form, derived from SECRET_KEY (created on first use outside production). */
export function formCsrfKey(config: AppConfig, label: string): Buffer {
  return Buffer.from(hkdfSync('sha256', resolveSecretKey(config), 'uptime-service', label, 32));
}

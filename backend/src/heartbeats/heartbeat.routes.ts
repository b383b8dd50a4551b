// The ping URLs of heartbeat monitors: `/ping/<token>[/<suffix>]`, and Healthchecks.io's shape for a
// UUID token at the root, `/<uuid>[/<suffix>]` (hc-ping.com style), so an existing cron line moves by
// changing the host. GET, POST and HEAD (Fastify answers HEAD from the GET route). No API key: the
// token is the credential. Answers are Healthchecks.io's: 200 "OK", 404 "not found" for any unknown
// token or suffix (one answer whether the token is wrong, rotated or deleted), 429 "rate limited"
// with Retry-After beyond HEARTBEAT_PINGS_PER_MINUTE per token.
//
// Pings run in a Fastify scope of their own that reads every body as bytes, whatever its type: the
// first HEARTBEAT_BOUNDS.bodyBytes are kept and the rest is read and dropped, so a job that posts a
// long log still has its ping counted.
import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Logger } from 'pino';
import { HEARTBEAT_BOUNDS } from '../checks/check-config';
import { NotFoundError } from '../common/errors';
import { LOGGER } from '../config/config.module';
import { RateWindows, WindowLimit, type RateDecision } from '../rate-limit/rate-windows';
import { HeartbeatsService } from './heartbeats.service';
import { pingSignalOf } from './ping-kinds';

/** Pings a token may send a minute (README, "Limits"); more are answered 429. */
export const HEARTBEAT_PINGS_PER_MINUTE = 60;

const TEXT = 'text/plain; charset=utf-8';
const UUID = '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$';
/** The ping paths: the token and an optional suffix. */
const PATHS = ['/ping/:token', '/ping/:token/:suffix', `/:token(${UUID})`, `/:token(${UUID})/:suffix`];

/** HEARTBEAT_PINGS_PER_MINUTE pings a minute per token, over the shared windows (memory or database). */
export class PingLimit extends WindowLimit {
  protected readonly prefix = 'heartbeat-ping';

  async take(token: string, now = Date.now()): Promise<RateDecision> {
    const { taken, used } = await this.windows.take(this.keyOf(token), 1, this.limit, now);
    return this.decision(taken, used, now);
  }
}

interface PingBody {
  kept: Buffer;
  truncated: boolean;
}

@Injectable()
export class HeartbeatRoutes implements OnModuleInit {
  private readonly limit: PingLimit;

  constructor(
    @Inject(HeartbeatsService) private readonly heartbeats: HeartbeatsService,
    @Inject(RateWindows) windows: RateWindows,
    @Inject(LOGGER) private readonly logger: Logger,
    @Inject(HttpAdapterHost) private readonly adapterHost: HttpAdapterHost,
  ) {
    this.limit = new PingLimit(windows, HEARTBEAT_PINGS_PER_MINUTE);
  }

  onModuleInit(): void {
    const fastify = this.adapterHost.httpAdapter?.getInstance<FastifyInstance>();
    if (!fastify) return;
    void fastify.register((instance, _opts, done) => {
      this.register(instance);
      done();
    });
  }

  private register(app: FastifyInstance): void {
    app.removeAllContentTypeParsers();
    app.addContentTypeParser('*', (_request, payload, done) => {
      const kept: Buffer[] = [];
      let size = 0;
      payload.on('data', (chunk: Buffer) => {
        if (size < HEARTBEAT_BOUNDS.bodyBytes) kept.push(chunk.subarray(0, HEARTBEAT_BOUNDS.bodyBytes - size));
        size += chunk.length;
      });
      payload.on('end', () =>
        done(null, { kept: Buffer.concat(kept), truncated: size > HEARTBEAT_BOUNDS.bodyBytes } satisfies PingBody),
      );
      payload.on('error', (error) => done(error, undefined));
    });
    app.setErrorHandler((error: Error & { statusCode?: number }, _request, reply) => {
      const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 500;
      if (status === 500) this.logger.error({ err: error }, 'heartbeat ping failed');
      return reply
        .code(status)
        .type(TEXT)
        .send(status === 500 ? 'error' : 'bad request');
    });
    for (const url of PATHS) {
      app.route({
        method: ['GET', 'POST'],
        url,
        handler: (request: FastifyRequest<{ Params: { token: string; suffix?: string } }>, reply) =>
          this.ping(request, reply),
      });
    }
    // Anything else under /ping (a token longer than the router reads, more path segments) gets the
    // same 404 as an unknown token, not the server's generic one.
    app.route({ method: ['GET', 'POST'], url: '/ping/*', handler: (_request, reply) => notFound(reply) });
  }

  private async ping(
    request: FastifyRequest<{ Params: { token: string; suffix?: string } }>,
    reply: FastifyReply,
  ): Promise<FastifyReply> {
    void reply.header('cache-control', 'no-store');
    const signal = pingSignalOf(request.params.suffix);
    if (!signal) return notFound(reply);
    const decision = await this.limit.take(request.params.token);
    if (!decision.allowed) {
      return reply.code(429).header('retry-after', String(decision.retryAfterSeconds)).type(TEXT).send('rate limited');
    }
    const body = request.body as PingBody | undefined;
    try {
      await this.heartbeats.receivePing(
        request.params.token,
        {
          ...signal,
          method: request.method,
          source: request.ip,
          userAgent: request.headers['user-agent'] ?? '',
          body: body?.kept ?? Buffer.alloc(0),
          bodyTruncated: body?.truncated ?? false,
        },
        new Date(),
      );
    } catch (error) {
      if (error instanceof NotFoundError) return notFound(reply);
      throw error;
    }
    return reply.code(200).type(TEXT).send('OK');
  }
}

/** One answer for every token that is not a live heartbeat's, and for a suffix that is not one. */
function notFound(reply: FastifyReply): FastifyReply {
  return reply.code(404).type(TEXT).send('not found');
}

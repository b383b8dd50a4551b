// GET /metrics in the Prometheus text exposition format, and the hook that counts every HTTP answer by
// route pattern. The credential is `Authorization: Bearer <API key or METRICS_TOKEN>` (what Prometheus
// sends with `authorization: { credentials: ... }`), or an API key in x-service-key like the REST API.
// Refusals are the REST API's JSON errors; a 401 carries a Bearer challenge.
import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Logger } from 'pino';
import { Registry } from 'prom-client';
import { isDomainError } from '../common/errors';
import { LOGGER } from '../config/config.module';
import { httpStatusOf } from '../http/domain-error.filter';
import { MetricsService } from './metrics.service';
import { ServiceMetrics } from './service-metrics';

export const METRICS_PATH = '/metrics';
const CHALLENGE = 'Bearer realm="metrics"';

/** The credential as sent: the Bearer token, else x-service-key; null without either. */
export function metricsCredentialOf(request: FastifyRequest): string | null {
  const authorization = request.headers.authorization;
  if (typeof authorization === 'string' && authorization.trim()) {
    const match = /^Bearer[ \t]+(\S+)[ \t]*$/i.exec(authorization.trim());
    // Another scheme, or a token with spaces: nothing that can be a credential here.
    return match?.[1] ?? '';
  }
  const key = request.headers['x-service-key'];
  return typeof key === 'string' && key.trim() ? key.trim() : null;
}

@Injectable()
export class MetricsRoutes implements OnModuleInit {
  constructor(
    @Inject(MetricsService) private readonly metrics: MetricsService,
    @Inject(ServiceMetrics) private readonly service: ServiceMetrics,
    @Inject(LOGGER) private readonly logger: Logger,
    @Inject(HttpAdapterHost) private readonly adapterHost: HttpAdapterHost,
  ) {}

  onModuleInit(): void {
    const fastify = this.adapterHost.httpAdapter?.getInstance<FastifyInstance>();
    if (!fastify) return;
    // On the root instance, so it sees every route's answer; the pattern (`/ping/:token`), never the
    // URL, becomes the label, so tokens and ids stay out of the metrics and the series stay bounded.
    fastify.addHook('onResponse', (request, reply, done) => {
      this.service.requestAnswered(
        request.method,
        request.routeOptions.url,
        reply.statusCode,
        reply.elapsedTime / 1000,
      );
      done();
    });
    fastify.route({ method: 'GET', url: METRICS_PATH, handler: (request, reply) => this.scrape(request, reply) });
  }

  private async scrape(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> {
    void reply.header('cache-control', 'no-store');
    try {
      const access = await this.metrics.authenticate(metricsCredentialOf(request));
      const text = await this.metrics.scrape(access);
      return reply.code(200).type(Registry.PROMETHEUS_CONTENT_TYPE).send(text);
    } catch (error) {
      if (isDomainError(error)) {
        const status = httpStatusOf(error.code);
        if (status === 401) void reply.header('www-authenticate', CHALLENGE);
        return reply.code(status).send({ code: error.code, message: error.message });
      }
      this.logger.error({ err: error }, 'metrics scrape failed');
      return reply.code(500).send({ code: 'INTERNAL', message: 'Internal error' });
    }
  }
}

// The agent that `npm start` runs inside the server, so one machine checks every region out of the
// box. It talks to CheckWorkService directly; remote agents use the same service over HTTP.
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { Inject, Injectable, type BeforeApplicationShutdown, type OnApplicationBootstrap } from '@nestjs/common';
import type { Logger } from 'pino';
import type { AppConfig } from '../config/config';
import { APP_CONFIG, LOGGER } from '../config/config.module';
import { CheckAgent, DEFAULT_AGENT_OPTIONS } from './agent';
import { createExecutor } from './check-executor';
import { CheckWorkService, type AgentIdentity } from './check-work.service';
import { createProbeRegistry } from './probe-registry';

@Injectable()
export class EmbeddedAgentService implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private agent: CheckAgent | null = null;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(LOGGER) private readonly logger: Logger,
    @Inject(CheckWorkService) private readonly work: CheckWorkService,
  ) {}

  onApplicationBootstrap(): void {
    const settings = this.config.checker;
    if (!settings.embedded) return;
    const host = hostname();
    const identity: AgentIdentity = {
      agentId: `embedded-${host}-${process.pid}-${randomBytes(3).toString('hex')}`,
      locations: settings.regions,
      privateLocationId: null,
      // By host, not by process: a restarted server keeps its rows instead of adding 28 new ones.
      presence: { kind: 'embedded', agentId: host, host },
    };
    const ca = settings.caFile ? [readFileSync(settings.caFile, 'utf8')] : undefined;
    const onError = (error: unknown) => this.logger.warn({ err: error }, 'embedded checker agent');
    this.agent = new CheckAgent(
      {
        claim: (max, lookaheadMs) => this.work.claim(identity, max, lookaheadMs, new Date(), true),
        report: (results) => this.work.report(identity, results),
        renew: async (runs) => {
          await this.work.renew(identity, runs);
        },
      },
      createExecutor({
        workers: settings.workers,
        run: { ca, dnsServer: settings.dnsServer ?? undefined },
        probes: createProbeRegistry,
        onError,
      }),
      { ...DEFAULT_AGENT_OPTIONS, concurrency: settings.concurrency, onError },
    );
    this.agent.start();
    this.logger.info(
      { agentId: identity.agentId, regions: settings.regions.length, workers: settings.workers },
      'embedded checker agent started',
    );
  }

  async beforeApplicationShutdown(): Promise<void> {
    await this.agent?.stop();
  }
}

// ICMP checks in this process need `ping` (see ping-available.ts). Probed once at start, since
// installing it needs a restart anyway; whether ICMP monitors exist is asked at each /ready, so the
// warning appears as soon as the first one is created and goes away with the last.
import { Inject, Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import type { Logger } from 'pino';
import type { AppConfig } from '../config/config';
import { APP_CONFIG, LOGGER } from '../config/config.module';
import { MONITORS_PORT, type MonitorsPort } from '../monitors/monitors.port';
import { pingProblem } from './ping-available';

@Injectable()
export class IcmpReadiness implements OnApplicationBootstrap {
  /** Why ping cannot run here; null when it can, or when no checker runs in this process. */
  private problem: string | null = null;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(LOGGER) private readonly logger: Logger,
    @Inject(MONITORS_PORT) private readonly monitors: MonitorsPort,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    // Only the embedded agent runs probes here; remote agents check for themselves.
    if (!this.config.checker.embedded) return;
    this.problem = await pingProblem();
    const warning = await this.warning();
    if (warning) this.logger.warn({ icmp: warning }, 'ICMP checks will fail');
  }

  /** The /ready detail: set while ICMP monitors exist and ping cannot run. */
  async warning(): Promise<string | null> {
    if (this.problem === null || !(await this.monitors.anyOfKind('icmp'))) return null;
    return `ICMP monitors exist but ${this.problem}: every ICMP check fails`;
  }
}

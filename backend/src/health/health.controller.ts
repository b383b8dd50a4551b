import { Controller, Get, Inject, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { Database } from '../database/database';
import { IcmpReadiness } from './icmp-readiness.service';
import { Lifecycle } from './lifecycle';

/**
 * `/health`: the process is up. `/ready`: the database answers, migrations are applied, not draining.
 * Problems that do not stop the service from serving (ICMP monitors without a runnable `ping`) stay
 * ready, with `details` saying what fails.
 */
@Controller()
export class HealthController {
  constructor(
    @Inject(Database) private readonly db: Database,
    @Inject(Lifecycle) private readonly lifecycle: Lifecycle,
    @Inject(IcmpReadiness) private readonly icmp: IcmpReadiness,
  ) {}

  @Get('health')
  health() {
    return { status: 'ok' };
  }

  @Get('ready')
  async ready(@Res() reply: FastifyReply): Promise<void> {
    if (this.lifecycle.draining) {
      await reply.status(503).send({ status: 'unavailable', reason: 'shutting down' });
      return;
    }
    let icmp: string | null;
    try {
      await this.db.ping();
      if (await this.db.pendingMigrations()) {
        await reply.status(503).send({ status: 'unavailable', reason: 'migrations pending' });
        return;
      }
      icmp = await this.icmp.warning();
    } catch {
      await reply.status(503).send({ status: 'unavailable', reason: 'database unreachable' });
      return;
    }
    await reply.status(200).send(icmp ? { status: 'ready', details: { icmp } } : { status: 'ready' });
  }
}

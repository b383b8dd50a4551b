import { Controller, Get, Inject, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { Database } from '../database/database';
import { Lifecycle } from './lifecycle';

/** `/health`: the process is up. `/ready`: the database answers, migrations are applied, not draining. */
@Controller()
export class HealthController {
  constructor(
    @Inject(Database) private readonly db: Database,
    @Inject(Lifecycle) private readonly lifecycle: Lifecycle,
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
    try {
      await this.db.ping();
      if (await this.db.pendingMigrations()) {
        await reply.status(503).send({ status: 'unavailable', reason: 'migrations pending' });
        return;
      }
    } catch {
      await reply.status(503).send({ status: 'unavailable', reason: 'database unreachable' });
      return;
    }
    await reply.status(200).send({ status: 'ready' });
  }
}

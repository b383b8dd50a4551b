// Keeps the credential cache honest across API nodes. A dedicated connection LISTENs on
// `credential_changes`, which database triggers NOTIFY inside every transaction that revokes, expires,
// re-scopes or deletes a key, grant, token or workspace (migration CredentialChangeNotify). Each
// notification flushes the cache. The cache is live only while listening: it is flushed and bypassed
// from a listener error until the connection is back and LISTENing again.
//
// Listening is proven, not assumed: after LISTEN, a probe is NOTIFYed through the ordinary pool and
// must arrive on the listener. The embedded database's wire server shares one PGlite session between
// connections and hands a notification to the connection that sent it, never to the listener, so there
// the probe never arrives and the cache stays off (every request reads its credential; only the
// last-use writes are saved).
import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import { Client } from 'pg';
import type { Logger } from 'pino';
import type { PostgresConnectionOptions } from 'typeorm/driver/postgres/PostgresConnectionOptions';
import { LOGGER } from '../config/config.module';
import { Database } from '../database/database';
import { CredentialCache } from './credential-cache';

export const CREDENTIAL_CHANNEL = 'credential_changes';
const PROBE_TIMEOUT_MS = 2_000;
const RETRY_MIN_MS = 500;
const RETRY_MAX_MS = 30_000;

@Injectable()
export class CredentialInvalidation implements OnApplicationBootstrap, OnApplicationShutdown {
  private client: Client | null = null;
  private stopped = false;
  private retryMs = RETRY_MIN_MS;
  private retryTimer: NodeJS.Timeout | null = null;
  private probe: { token: string; arrived: () => void } | null = null;
  private settle: (listening: boolean) => void = () => undefined;
  /** Whether the first attempt ended listening (cache on) or not (off); for tests and diagnostics. */
  readonly firstAttempt = new Promise<boolean>((resolve) => (this.settle = resolve));

  constructor(
    @Inject(Database) private readonly db: Database,
    @Inject(CredentialCache) private readonly cache: CredentialCache,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  onApplicationBootstrap(): void {
    // Not awaited: the service starts with the cache off and turns it on once listening is proven.
    void this.connect();
  }

  async onApplicationShutdown(): Promise<void> {
    this.stopped = true;
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.cache.setLive(false);
    const client = this.client;
    this.client = null;
    await client?.end().catch(() => undefined);
  }

  private async connect(): Promise<void> {
    if (this.stopped) return;
    const url = (this.db.dataSource.options as PostgresConnectionOptions).url;
    const client = new Client({ connectionString: url, application_name: 'credential-invalidation' });
    this.client = client;
    client.on('notification', (message) => {
      if (message.channel !== CREDENTIAL_CHANNEL) return;
      if (this.probe && message.payload === this.probe.token) this.probe.arrived();
      else this.cache.flush();
    });
    client.on('error', (error) => this.lost(client, error));
    client.on('end', () => this.lost(client, null));
    try {
      await client.connect();
      await client.query(`LISTEN ${CREDENTIAL_CHANNEL}`);
      if (!(await this.probeArrives())) {
        this.logger.info(
          'credential cache off: database notifications do not reach a listening connection (embedded database)',
        );
        this.client = null;
        client.removeAllListeners('end');
        client.removeAllListeners('error');
        client.on('error', () => undefined);
        await client.query('UNLISTEN *').catch(() => undefined);
        await client.end().catch(() => undefined);
        this.settle(false);
        return;
      }
      if (this.client !== client) return;
      this.retryMs = RETRY_MIN_MS;
      this.cache.setLive(true);
      this.settle(true);
      this.logger.debug('credential cache on: listening for credential changes');
    } catch (error) {
      this.lost(client, error);
    }
  }

  private async probeArrives(): Promise<boolean> {
    const token = `probe:${randomBytes(12).toString('hex')}`;
    let timer: NodeJS.Timeout | undefined;
    const arrived = new Promise<boolean>((resolve) => {
      this.probe = { token, arrived: () => resolve(true) };
      timer = setTimeout(() => resolve(false), PROBE_TIMEOUT_MS);
    });
    try {
      await this.db.manager.query('SELECT pg_notify($1, $2)', [CREDENTIAL_CHANNEL, token]);
      return await arrived;
    } finally {
      clearTimeout(timer);
      this.probe = null;
    }
  }

  /** The listener is gone: nothing cached may be trusted until it listens again. */
  private lost(client: Client, error: unknown): void {
    if (this.client !== client) return;
    this.client = null;
    this.cache.setLive(false);
    this.settle(false);
    client.removeAllListeners('end');
    client.on('error', () => undefined);
    void client.end().catch(() => undefined);
    if (this.stopped) return;
    this.logger.warn({ err: error, retryMs: this.retryMs }, 'credential cache off: lost the change listener');
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      void this.connect();
    }, this.retryMs);
    this.retryTimer.unref();
    this.retryMs = Math.min(this.retryMs * 2, RETRY_MAX_MS);
  }
}

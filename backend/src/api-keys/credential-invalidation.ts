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
/** A barrier slower than this sends the request to the database instead of waiting on. */
const BARRIER_TIMEOUT_MS = 1_000;

interface Round {
  promise: Promise<void>;
  resolve: () => void;
  reject: (error: unknown) => void;
}

function round(): Round {
  let resolve!: () => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<void>((ok, fail) => ((resolve = ok), (reject = fail)));
  return { promise, resolve, reject };
}

@Injectable()
export class CredentialInvalidation implements OnApplicationBootstrap, OnApplicationShutdown {
  private client: Client | null = null;
  private stopped = false;
  private retryMs = RETRY_MIN_MS;
  private retryTimer: NodeJS.Timeout | null = null;
  private probe: { token: string; arrived: () => void } | null = null;
  /** The barrier round that callers join while another is on the wire; it starts when that one ends. */
  private nextRound: Round | null = null;
  private roundRunning = false;
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
      this.cache.setLive(true, () => this.barrier(client));
      this.settle(true);
      this.logger.debug('credential cache on: listening for credential changes');
    } catch (error) {
      this.lost(client, error);
    }
  }

  /**
   * Resolves after a round trip on the listening connection that started after this call: PostgreSQL
   * delivers every notification committed before a query ahead of that query's answer, so by then
   * every change committed before the call has flushed the cache.
   */
  private barrier(client: Client): Promise<void> {
    if (this.client !== client) return Promise.reject(new Error('not listening'));
    if (this.nextRound) return this.nextRound.promise;
    const next = round();
    this.nextRound = next;
    if (!this.roundRunning) this.startRound(client);
    return next.promise;
  }

  private startRound(client: Client): void {
    const current = this.nextRound!;
    this.nextRound = null;
    this.roundRunning = true;
    const timer = setTimeout(() => current.reject(new Error('barrier timed out')), BARRIER_TIMEOUT_MS);
    client
      .query('SELECT 1')
      .then(
        () => current.resolve(),
        (error: unknown) => current.reject(error),
      )
      .finally(() => {
        clearTimeout(timer);
        this.roundRunning = false;
        if (this.nextRound) {
          if (this.client === client) this.startRound(client);
          else this.nextRound.reject(new Error('not listening'));
        }
      });
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

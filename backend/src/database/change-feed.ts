// Tells in-process caches what changed in the database, on every API node. Database triggers NOTIFY
// inside the changing transaction, whoever makes it (a service verb, another node, the command line,
// hand-written SQL); the feed hears those notifications and hands each to its channel's subscribers.
// A cache may answer from memory only while the feed is live, and only after `barrier()`: once it
// resolves, every change committed before the call has been delivered.
//
// Two sources:
// - PostgreSQL: a dedicated connection LISTENs. Listening is proven, not assumed: a probe is NOTIFYed
//   through the ordinary pool and must arrive. A notification travels on its own and can arrive after
//   the committer's next request, so the barrier is a round trip on the listening connection that
//   began after the call (the server sends every notification committed before a query ahead of its
//   answer); concurrent callers share one round trip. From a listener error until it listens again
//   the feed is not live.
// - The embedded database served by this process: PGlite is one session, and a NOTIFY reaches the
//   connection that committed it, in the answer to its commit. The wire server hands it over in
//   process before writing that answer, so the barrier has nothing to wait for.
// A process that uses an embedded database served by another process (the command line's) can hear
// neither: the probe never arrives and the feed stays off.
import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import { Client } from 'pg';
import type { Logger } from 'pino';
import type { PostgresConnectionOptions } from 'typeorm/driver/postgres/PostgresConnectionOptions';
import { LOGGER } from '../config/config.module';
import { Database } from './database';
import { PgliteWireServer } from './embedded/pglite-wire-server';

export interface ChangeSubscriber {
  /** A change was committed; the payload is what the trigger sent. */
  changed(payload: string): void;
  /** The feed went live or stopped being live; either way, what was cached may be stale. */
  live(live: boolean): void;
}

const PROBE_CHANNEL = 'change_feed_probe';
const PROBE_TIMEOUT_MS = 2_000;
const RETRY_MIN_MS = 500;
const RETRY_MAX_MS = 30_000;
/** A barrier slower than this sends the caller to the database instead of waiting on. */
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

const quoted = (channel: string) => `"${channel.replace(/"/g, '""')}"`;

@Injectable()
export class ChangeFeed implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly subscribers = new Map<string, ChangeSubscriber[]>();
  private live = false;
  private stopped = false;
  private client: Client | null = null;
  private unsubscribe: (() => void) | null = null;
  private retryMs = RETRY_MIN_MS;
  private retryTimer: NodeJS.Timeout | null = null;
  private probe: { token: string; arrived: () => void } | null = null;
  /** The barrier round that callers join while another is on the wire; it starts when that one ends. */
  private nextRound: Round | null = null;
  private roundRunning = false;
  private settle: (live: boolean) => void = () => undefined;
  /** Whether the first attempt ended live or not; for tests and diagnostics. */
  readonly firstAttempt = new Promise<boolean>((resolve) => (this.settle = resolve));

  constructor(
    @Inject(Database) private readonly db: Database,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  /** Subscribes to a channel; call from a constructor, before the application starts. */
  subscribe(channel: string, subscriber: ChangeSubscriber): void {
    const list = this.subscribers.get(channel) ?? [];
    list.push(subscriber);
    this.subscribers.set(channel, list);
  }

  get isLive(): boolean {
    return this.live;
  }

  /** Resolves once every change committed before this call has been delivered; rejects when not live. */
  barrier(): Promise<void> {
    if (!this.live) return Promise.reject(new Error('change feed not live'));
    const client = this.client;
    if (!client) return Promise.resolve(); // in process: delivered before the commit was answered
    if (this.nextRound) return this.nextRound.promise;
    const next = round();
    this.nextRound = next;
    if (!this.roundRunning) this.startRound(client);
    return next.promise;
  }

  onApplicationBootstrap(): void {
    if (!this.subscribers.size) return this.settle(false);
    const wire = PgliteWireServer.servedHere(this.url);
    // Not awaited: the service starts with the feed off and turns it on once it is proven.
    void (wire ? this.inProcess(wire) : this.connect());
  }

  async onApplicationShutdown(): Promise<void> {
    this.stopped = true;
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.setLive(false);
    this.unsubscribe?.();
    const client = this.client;
    this.client = null;
    await client?.end().catch(() => undefined);
  }

  private get url(): string {
    return (this.db.dataSource.options as PostgresConnectionOptions).url ?? '';
  }

  private setLive(live: boolean): void {
    this.live = live;
    for (const list of this.subscribers.values()) for (const subscriber of list) subscriber.live(live);
  }

  private deliver(channel: string, payload: string): void {
    for (const subscriber of this.subscribers.get(channel) ?? []) subscriber.changed(payload);
  }

  private async inProcess(wire: PgliteWireServer): Promise<void> {
    try {
      this.unsubscribe = wire.onNotification(({ channel, payload }) => this.deliver(channel, payload));
      for (const channel of this.subscribers.keys()) await wire.listenTo(channel);
      if (this.stopped) return;
      this.setLive(true);
      this.settle(true);
    } catch (error) {
      this.logger.warn({ err: error }, 'change feed off: could not listen on the embedded database');
      this.settle(false);
    }
  }

  private async connect(): Promise<void> {
    if (this.stopped) return;
    const client = new Client({ connectionString: this.url, application_name: 'change-feed' });
    this.client = client;
    client.on('notification', (message) => {
      if (message.channel !== PROBE_CHANNEL) this.deliver(message.channel, message.payload ?? '');
      else if (this.probe && message.payload === this.probe.token) this.probe.arrived();
    });
    client.on('error', (error) => this.lost(client, error));
    client.on('end', () => this.lost(client, null));
    try {
      await client.connect();
      for (const channel of [PROBE_CHANNEL, ...this.subscribers.keys()])
        await client.query(`LISTEN ${quoted(channel)}`);
      if (!(await this.probeArrives())) {
        this.logger.info(
          'change feed off: database notifications do not reach a listening connection (an embedded database served by another process)',
        );
        this.client = null;
        client.removeAllListeners('end');
        client.removeAllListeners('error');
        client.on('error', () => undefined);
        await client.end().catch(() => undefined);
        this.settle(false);
        return;
      }
      if (this.client !== client) return;
      this.retryMs = RETRY_MIN_MS;
      this.setLive(true);
      this.settle(true);
      this.logger.debug('change feed on: listening for changes');
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
      timer.unref();
    });
    try {
      await this.db.manager.query('SELECT pg_notify($1, $2)', [PROBE_CHANNEL, token]);
      return await arrived;
    } finally {
      clearTimeout(timer);
      this.probe = null;
    }
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
          else this.nextRound.reject(new Error('change feed not live'));
        }
      });
  }

  /** The listener is gone: nothing cached may be trusted until it listens again. */
  private lost(client: Client, error: unknown): void {
    if (this.client !== client) return;
    this.client = null;
    this.setLive(false);
    this.settle(false);
    client.removeAllListeners('end');
    client.on('error', () => undefined);
    void client.end().catch(() => undefined);
    if (this.stopped) return;
    this.logger.warn({ err: error, retryMs: this.retryMs }, 'change feed off: lost the listening connection');
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      void this.connect();
    }, this.retryMs);
    this.retryTimer.unref();
    this.retryMs = Math.min(this.retryMs * 2, RETRY_MAX_MS);
  }
}

// Records when a key or OAuth grant was last used, off the request's path: at most one write per
// credential a minute, batched, never awaited by a request. A failed write is logged and dropped
// (`last_used_at` is informative; a request never fails for it).
import { Inject, Injectable, type BeforeApplicationShutdown } from '@nestjs/common';
import type { Logger } from 'pino';
import { LOGGER } from '../config/config.module';
import { ApiKeysRepository } from './api-keys.repository';

export const LAST_USED_RESOLUTION_MS = 60_000;
/** How long uses gather before one batched write. */
const FLUSH_DELAY_MS = 1_000;
/** Remembered writes, bounded; forgetting one only costs one more write. */
const MAX_REMEMBERED = 100_000;

export type UsageKind = 'api_key' | 'oauth_grant';

@Injectable()
export class LastUsedRecorder implements BeforeApplicationShutdown {
  private readonly written = new Map<string, number>();
  private readonly pending = { api_key: new Map<string, Date>(), oauth_grant: new Map<string, Date>() };
  private timer: NodeJS.Timeout | null = null;
  private flushing: Promise<void> = Promise.resolve();

  constructor(
    @Inject(ApiKeysRepository) private readonly keys: ApiKeysRepository,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  /** Notes a use; returns at once. */
  note(kind: UsageKind, id: string, at: Date): void {
    const slot = `${kind}:${id}`;
    const last = this.written.get(slot);
    if (last !== undefined && at.getTime() - last < LAST_USED_RESOLUTION_MS) return;
    if (this.written.size >= MAX_REMEMBERED) this.written.clear();
    this.written.set(slot, at.getTime());
    this.pending[kind].set(id, at);
    this.timer ??= setTimeout(() => void this.flush(), FLUSH_DELAY_MS).unref();
  }

  /** Writes what is pending; the one caller that awaits it is shutdown. */
  flush(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const keys = [...this.pending.api_key];
    const grants = [...this.pending.oauth_grant];
    this.pending.api_key.clear();
    this.pending.oauth_grant.clear();
    if (keys.length === 0 && grants.length === 0) return this.flushing;
    this.flushing = this.flushing
      .then(async () => {
        if (keys.length > 0) await this.keys.touchMany('api_keys', keys);
        if (grants.length > 0) await this.keys.touchMany('oauth_grants', grants);
      })
      .catch((error: unknown) => this.logger.warn({ err: error }, 'could not record last use of credentials'));
    return this.flushing;
  }

  async beforeApplicationShutdown(): Promise<void> {
    await this.flush();
  }
}

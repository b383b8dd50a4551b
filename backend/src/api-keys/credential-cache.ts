// What a credential (an API key or an OAuth access token) resolved to, kept in process for a few
// seconds so a request does not look its key up again. Any change that could make an entry wrong (a
// key or grant revoked, expired, re-scoped or deleted, a workspace's plan changed: migration
// CredentialChangeNotify) NOTIFYs `credential_changes` and flushes the whole cache on every node
// (database/feed-cache.ts), before a later request can be answered from it.
import { Inject, Injectable } from '@nestjs/common';
import type { ServiceContext } from '../common/context';
import { ChangeFeed } from '../database/change-feed';
import { FeedCache } from '../database/feed-cache';

/** A credential's context without the transport, and when the credential itself expires. */
export interface CachedCredential {
  ctx: Readonly<Omit<ServiceContext, 'via'>>;
  expiresAt: Date | null;
  /** What to record as used: `last_used_at` of this key or grant. */
  usage: { kind: 'api_key' | 'oauth_grant'; id: string };
}

export const CREDENTIAL_CHANNEL = 'credential_changes';
/** Short: the cache saves lookups under load, not across idle minutes. */
export const CREDENTIAL_CACHE_TTL_MS = 10_000;

@Injectable()
export class CredentialCache extends FeedCache<CachedCredential> {
  constructor(@Inject(ChangeFeed) feed: ChangeFeed) {
    super(feed, {
      channel: CREDENTIAL_CHANNEL,
      ttlMs: CREDENTIAL_CACHE_TTL_MS,
      maxEntries: 10_000,
      // Which entry a change touches is not worth working out: revocations are rare.
      staleKey: () => null,
    });
  }
}

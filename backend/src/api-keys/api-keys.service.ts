import { Inject, Injectable } from '@nestjs/common';
import { z } from 'zod';
import type { Scope, ServiceContext } from '../common/context';
import { hashToken, safeEqual } from '../common/crypto';
import { NotFoundError, UnauthorizedError } from '../common/errors';
import { parseInput } from '../common/validation';
import { MutationRunner } from '../audit/mutation-runner';
import { toWorkspaceRef } from '../workspaces/workspaces.service';
import type { ApiKeyEntity } from './api-key.entity';
import { generateApiKey, parseApiKey } from './api-key-format';
import { ApiKeysRepository } from './api-keys.repository';
import { CredentialCache } from './credential-cache';
import { LastUsedRecorder } from './last-used.recorder';

const createSchema = z.object({
  name: z
    .string()
    .trim()
    .min(1, { message: 'must be 1 to 256 characters' })
    .max(256, { message: 'must be 1 to 256 characters' })
    .default('API key'),
  scope: z.enum(['read', 'write'], { message: 'must be read or write' }),
  createdByUserId: z.string().regex(/^\d+$/, { message: 'must be a user id' }).nullable().default(null),
  expiresAt: z.coerce.date({ message: 'must be a date' }).nullable().default(null),
});

export type CreateApiKeyInput = z.input<typeof createSchema>;

/** What the API shows of a key: never the secret or its hash. */
export interface ApiKeyView {
  id: string;
  name: string;
  prefix: string;
  scope: Scope;
  createdByUserId: string | null;
  lastUsedAt: string | null;
  expiresAt: string | null;
  revokedAt: string | null;
  createdAt: string;
}

export function toApiKeyView(k: ApiKeyEntity): ApiKeyView {
  return {
    id: k.id,
    name: k.name,
    prefix: k.prefix,
    scope: k.scope,
    createdByUserId: k.createdByUserId,
    lastUsedAt: k.lastUsedAt?.toISOString() ?? null,
    expiresAt: k.expiresAt?.toISOString() ?? null,
    revokedAt: k.revokedAt?.toISOString() ?? null,
    createdAt: k.createdAt.toISOString(),
  };
}

@Injectable()
export class ApiKeysService {
  constructor(
    @Inject(ApiKeysRepository) private readonly keys: ApiKeysRepository,
    @Inject(MutationRunner) private readonly mutations: MutationRunner,
    @Inject(CredentialCache) private readonly cache: CredentialCache,
    @Inject(LastUsedRecorder) private readonly lastUsed: LastUsedRecorder,
  ) {}

  /** Creates a key; the plain key is returned here once and is not stored. */
  async create(ctx: ServiceContext, input: CreateApiKeyInput): Promise<{ apiKey: ApiKeyView; key: string }> {
    const data = parseInput(createSchema, input);
    return this.mutations.run(ctx, async (trail) => {
      const generated = generateApiKey();
      const entity = await this.keys.insert({
        workspaceId: ctx.workspace.id,
        name: data.name,
        prefix: generated.prefix,
        secretHash: hashToken(generated.key),
        scope: data.scope,
        createdByUserId: data.createdByUserId,
        expiresAt: data.expiresAt,
      });
      const apiKey = toApiKeyView(entity);
      trail.record({ action: 'api_key.create', entityType: 'api_key', entityId: entity.id, after: { ...apiKey } });
      return { apiKey, key: generated.key };
    });
  }

  async list(ctx: ServiceContext, options: { includeRevoked?: boolean } = {}): Promise<ApiKeyView[]> {
    return (await this.keys.list(ctx.workspace.id, options.includeRevoked ?? false)).map(toApiKeyView);
  }

  async get(ctx: ServiceContext, id: string): Promise<ApiKeyView> {
    const key = await this.keys.findInWorkspace(ctx.workspace.id, id);
    if (!key) throw NotFoundError.of('api key', id);
    return toApiKeyView(key);
  }

  /** Revokes a key; revoking a revoked key changes nothing. */
  async revoke(ctx: ServiceContext, id: string): Promise<ApiKeyView> {
    const view = await this.mutations.run(ctx, async (trail) => {
      const key = await this.keys.findInWorkspace(ctx.workspace.id, id);
      if (!key) throw NotFoundError.of('api key', id);
      if (key.revokedAt) {
        trail.unchanged();
        return toApiKeyView(key);
      }
      const revoked = await this.keys.markRevoked(key, new Date());
      trail.record({
        action: 'api_key.delete',
        entityType: 'api_key',
        entityId: key.id,
        before: { ...toApiKeyView(key) },
        after: { ...toApiKeyView(revoked) },
      });
      return toApiKeyView(revoked);
    });
    // Other nodes hear of it from the database's notification; this one need not wait for it.
    this.cache.flush();
    return view;
  }

  /**
   * Turns an API key, as auth/credential.ts read it from `x-service-key`, into the context of its one
   * workspace. The key is taken exactly as given (no trimming), the same string the rate limit counts.
   */
  async authenticate(plainKey: string, via: ServiceContext['via']): Promise<ServiceContext> {
    const parsed = parseApiKey(plainKey);
    if (!parsed) throw new UnauthorizedError('Invalid API key');
    const hash = hashToken(parsed.key);
    const now = new Date();
    const cached = await this.cache.get(`key:${hash}`, now.getTime());
    if (cached && (!cached.expiresAt || cached.expiresAt > now)) {
      this.lastUsed.note('api_key', cached.usage.id, now);
      return { ...cached.ctx, via };
    }
    const generation = this.cache.begin();
    const key = await this.keys.findByPrefix(parsed.prefix);
    if (!key || !key.workspace || !safeEqual(key.secretHash, hash)) {
      throw new UnauthorizedError('Invalid API key');
    }
    if (key.revokedAt) throw new UnauthorizedError('This API key has been revoked');
    if (key.expiresAt && key.expiresAt <= now) throw new UnauthorizedError('This API key has expired');
    const ctx = {
      workspace: Object.freeze(toWorkspaceRef(key.workspace)),
      actor: Object.freeze({ type: 'api_key' as const, keyId: key.id, userId: key.createdByUserId }),
      scope: key.scope,
    };
    this.cache.put(
      `key:${hash}`,
      { ctx, expiresAt: key.expiresAt, usage: { kind: 'api_key', id: key.id } },
      generation,
      now.getTime(),
    );
    this.lastUsed.note('api_key', key.id, now);
    return { ...ctx, via };
  }
}

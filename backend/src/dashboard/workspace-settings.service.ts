// The verbs behind a workspace's settings pages, for a person signed in to the dashboard. Who may do
// what is decided here, not in the routes: every member sees the API keys, members and connected
// apps; owners and admins create and revoke keys; connected apps are revoked by their owner or by an
// owner or admin (OAuthGrantsService enforces that with the role given here).
import { Inject, Injectable } from '@nestjs/common';
import { z } from 'zod';
import { ApiKeysService, type ApiKeyView } from '../api-keys/api-keys.service';
import type { ServiceContext } from '../common/context';
import { parseInput, singleLine } from '../common/validation';
import { OAuthGrantsService, type ConnectedAppView } from '../oauth/oauth-grants.service';
import { MEMBER_ROLES, type MemberRole } from '../users/membership.entity';
import { MANAGER_ROLES, UsersService } from '../users/users.service';

const createKeySchema = z.object({
  name: singleLine(256)
    .transform((s) => s.trim())
    .refine((s) => s.length > 0, { error: 'is required' }),
  scope: z.enum(['read', 'write'], { error: 'must be read or write' }),
});

export type CreateKeyInput = z.input<typeof createKeySchema>;

export interface KeyRow extends ApiKeyView {
  createdByEmail: string | null;
}

@Injectable()
export class WorkspaceSettingsService {
  constructor(
    @Inject(UsersService) private readonly users: UsersService,
    @Inject(ApiKeysService) private readonly apiKeys: ApiKeysService,
    @Inject(OAuthGrantsService) private readonly grants: OAuthGrantsService,
  ) {}

  /** The signed-in user's role in the context's workspace (NotFound when not a member). */
  role(ctx: ServiceContext): Promise<MemberRole> {
    return this.users.requireRole(ctx, MEMBER_ROLES);
  }

  async listKeys(ctx: ServiceContext): Promise<KeyRow[]> {
    await this.role(ctx);
    const [keys, members] = await Promise.all([this.apiKeys.list(ctx), this.users.listMembers(ctx)]);
    const emails = new Map(members.map((m) => [m.userId, m.user?.email ?? null]));
    return keys.map((k) => ({
      ...k,
      createdByEmail: k.createdByUserId ? (emails.get(k.createdByUserId) ?? null) : null,
    }));
  }

  /** Creates a key on behalf of the signed-in owner or admin; the plain key is answered only here. */
  async createKey(ctx: ServiceContext, input: CreateKeyInput): Promise<{ apiKey: ApiKeyView; key: string }> {
    const data = parseInput(createKeySchema, input);
    await this.users.requireRole(ctx, MANAGER_ROLES);
    return this.apiKeys.create(ctx, {
      name: data.name,
      scope: data.scope,
      createdByUserId: ctx.actor.type === 'user' ? ctx.actor.userId : null,
    });
  }

  async revokeKey(ctx: ServiceContext, id: string): Promise<ApiKeyView> {
    await this.users.requireRole(ctx, MANAGER_ROLES);
    return this.apiKeys.revoke(ctx, id);
  }

  async listConnectedApps(ctx: ServiceContext): Promise<ConnectedAppView[]> {
    await this.role(ctx);
    return this.grants.list(ctx);
  }

  async revokeConnectedApp(ctx: ServiceContext, grantId: string): Promise<void> {
    const role = await this.role(ctx);
    await this.grants.revoke(ctx, role, grantId);
  }
}

// Small factories for the medium specs of the access services (test/medium): people and their
// dashboard contexts, OAuth clients, consents and connections, and the audit trail, all made through
// the services' own verbs, never raw SQL.
import { createHash, randomBytes } from 'node:crypto';
import { AuditService, type AuditEntryView } from '../../backend/src/audit/audit.service';
import type { Scope, ServiceContext } from '../../backend/src/common/context';
import { OAuthAuthorizeService } from '../../backend/src/oauth/oauth-authorize.service';
import { OAuthClientsService } from '../../backend/src/oauth/oauth-clients.service';
import { OAuthConsentService } from '../../backend/src/oauth/oauth-consent.service';
import { OAuthGrantsService } from '../../backend/src/oauth/oauth-grants.service';
import { OAuthTokenService, type TokenResponse } from '../../backend/src/oauth/oauth-token.service';
import type { MemberRole } from '../../backend/src/users/membership.entity';
import { UsersService } from '../../backend/src/users/users.service';
import { installer, type TestApp } from './app';

export const PASSWORD = 'correct horse battery staple';
export const REDIRECT_URI = 'http://127.0.0.1/callback';

let people = 0;

export interface Person {
  userId: string;
  email: string;
  /** The person signed in to the dashboard, acting on the workspace. */
  ctx: ServiceContext;
}

/** A new user with a role (and, unless told otherwise, a password) in the context's workspace. */
export async function newMember(
  t: TestApp,
  ctx: ServiceContext,
  role: MemberRole,
  options: { password?: string | null } = {},
): Promise<Person> {
  people += 1;
  const email = `${role}-${process.pid}-${people}@example.com`;
  const users = t.app.get(UsersService);
  const { user } = await users.addMember(
    { ...installer, workspace: ctx.workspace },
    { email, role, name: `Person ${people}` },
  );
  const password = options.password === undefined ? PASSWORD : options.password;
  if (password !== null) await users.setPassword(installer, user.id, { password });
  return { userId: user.id, email, ctx: asUser(ctx, user.id, role) };
}

/** The context of a person signed in to the dashboard (viewers read only, as the dashboard gives them). */
export function asUser(ctx: ServiceContext, userId: string, role: MemberRole = 'member'): ServiceContext {
  return {
    workspace: ctx.workspace,
    actor: { type: 'user', userId },
    scope: role === 'viewer' ? 'read' : 'write',
    via: 'dashboard',
  };
}

/** The workspace's audit entries of the last 14 days, newest first (the workspace must be on `pro`). */
export async function auditOf(
  t: TestApp,
  ctx: ServiceContext,
  filter: { entityType?: string; entityId?: string } = {},
): Promise<AuditEntryView[]> {
  return (await t.app.get(AuditService).list(ctx, { ...filter, perPage: 50 })).items;
}

export interface Pkce {
  verifier: string;
  challenge: string;
}

export function pkce(): Pkce {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

/** A public client registered with the loopback redirect URI; answers its client_id. */
export async function registeredClient(t: TestApp, redirectUris = [REDIRECT_URI]): Promise<string> {
  return (await t.app.get(OAuthClientsService).register({ redirect_uris: redirectUris, client_name: 'Editor' }))
    .client_id;
}

/** A pending authorization request of the client (PKCE S256); answers the consent screen's request id. */
export async function pendingRequest(
  t: TestApp,
  clientId: string,
  challenge: Pkce,
  options: { scope?: string; state?: string; now?: Date } = {},
): Promise<string> {
  const outcome = await t.app.get(OAuthAuthorizeService).authorize(
    {
      client_id: clientId,
      redirect_uri: REDIRECT_URI,
      response_type: 'code',
      code_challenge: challenge.challenge,
      code_challenge_method: 'S256',
      scope: options.scope ?? 'read write',
      ...(options.state === undefined ? {} : { state: options.state }),
    },
    options.now,
  );
  if (outcome.kind !== 'redirect') throw new Error(`authorization refused: ${outcome.message}`);
  const request = new URL(outcome.location).searchParams.get('request');
  if (!request) throw new Error(`no consent request in ${outcome.location}`);
  return request;
}

/** An authorization code the person approved for the client; answers the code. */
export async function approvedCode(
  t: TestApp,
  person: Person,
  clientId: string,
  challenge: Pkce,
  options: { scope?: Scope; now?: Date } = {},
): Promise<string> {
  const request = await pendingRequest(t, clientId, challenge, { now: options.now });
  const location = await t.app
    .get(OAuthConsentService)
    .approve(
      request,
      { userId: person.userId, workspaceId: person.ctx.workspace.id, scope: options.scope ?? 'write' },
      options.now,
    );
  const code = new URL(location).searchParams.get('code');
  if (!code) throw new Error(`no code in ${location}`);
  return code;
}

export interface Connection {
  clientId: string;
  grantId: string;
  tokens: TokenResponse;
}

/** The whole flow: register, authorize, approve, exchange the code; answers the client, grant and tokens. */
export async function connectApp(
  t: TestApp,
  person: Person,
  options: { scope?: Scope; clientId?: string; now?: Date } = {},
): Promise<Connection> {
  const clientId = options.clientId ?? (await registeredClient(t));
  const challenge = pkce();
  const code = await approvedCode(t, person, clientId, challenge, options);
  const tokens = await t.app.get(OAuthTokenService).token(
    {
      grant_type: 'authorization_code',
      client_id: clientId,
      code,
      redirect_uri: REDIRECT_URI,
      code_verifier: challenge.verifier,
    },
    options.now,
  );
  const grant = (await t.app.get(OAuthGrantsService).list(person.ctx)).find(
    (g) => g.clientId === clientId && g.userId === person.userId,
  );
  if (!grant) throw new Error('no grant after the code exchange');
  return { clientId, grantId: grant.id, tokens };
}

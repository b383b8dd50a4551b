// OAuth grants and access tokens written straight to the tables, until the OAuth server issues them.
import { hashToken } from '../../backend/src/common/crypto';
import type { HttpTestApp, Tenant } from './http-app';

/** A read grant of the tenant's owner to a test client; answers the grant id. */
export async function oauthGrant(t: HttpTestApp, tenant: Tenant): Promise<string> {
  const [grant] = await t.db.rows<{ id: string }>(
    `INSERT INTO oauth_grants (client_id, client_name, user_id, workspace_id, scope)
     VALUES ('https://client.example/meta.json', 'Test client', $1, $2, 'read') RETURNING id::text AS id`,
    [tenant.userId, tenant.ctx.workspace.id],
  );
  return grant.id;
}

/** An access token of the grant, named `name` (unique per test), expiring after `expiresInMs`. */
export async function accessToken(t: HttpTestApp, grantId: string, name: string, expiresInMs = 3_600_000) {
  const token = `svc_oat_${name}_${'x'.repeat(32)}`;
  await t.db.manager.query(
    `INSERT INTO oauth_tokens (grant_id, kind, token_hash, expires_at) VALUES ($1, 'access', $2, $3)`,
    [grantId, hashToken(token), new Date(Date.now() + expiresInMs)],
  );
  return token;
}

// The in-process credential cache (api-keys/credential-cache.ts) across API nodes: two applications
// on one database, each with its own cache. A key or OAuth grant revoked through one node, by another
// process or by hand in SQL fails on the very next call on the other node, because the revoking
// transaction NOTIFYs and every node's change feed flushes its cache before answering from it. Runs on
// PostgreSQL and on the embedded database (two nodes in one process share its wire server).
import { parseApiKey } from '../../backend/src/api-keys/api-key-format';
import { ApiKeysService } from '../../backend/src/api-keys/api-keys.service';
import { CredentialCache } from '../../backend/src/api-keys/credential-cache';
import { hashToken } from '../../backend/src/common/crypto';
import { ChangeFeed } from '../../backend/src/database/change-feed';
import { sqlElsewhere } from '../support/database';
import { newTenant, startHttpApp, type HttpTestApp, type Tenant } from '../support/http-app';
import { accessToken, oauthGrant } from '../support/oauth';
import { skipTest } from '../support/skips';

const isPglite = !process.env.TEST_DATABASE_URL && !process.env.DATABASE_URL;

describe('credential cache across API nodes', () => {
  let a: HttpTestApp;
  let b: HttpTestApp;

  beforeAll(async () => {
    a = await startHttpApp();
    b = await startHttpApp({ sameDatabaseAs: a });
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  const rpc = (node: HttpTestApp, headers: Record<string, string>) =>
    fetch(`${node.baseUrl}/rpc/monitor.v1.MonitorService/ListMonitors`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: '{}',
    });
  const mcp = (node: HttpTestApp, headers: Record<string, string>) =>
    fetch(`${node.baseUrl}/mcp`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...headers },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ping' }),
    });
  const cached = async (node: HttpTestApp, entry: string) =>
    (await node.app.get(CredentialCache).get(entry)) !== undefined;
  const keyEntry = (key: string) => `key:${hashToken(parseApiKey(key)!.key)}`;

  const elsewhere = (sql: string, params: unknown[] = []) => sqlElsewhere(a.database.url, sql, params);

  async function oauthToken(tenant: Tenant): Promise<{ token: string; grantId: string }> {
    const grantId = await oauthGrant(a, tenant);
    return { token: await accessToken(a, grantId, `cache_${tenant.ctx.workspace.id}`), grantId };
  }

  beforeAll(async () => {
    // Live on both kinds of database: PostgreSQL through LISTEN, the embedded database in process.
    expect(await a.app.get(ChangeFeed).firstAttempt).toBe(true);
    expect(await b.app.get(ChangeFeed).firstAttempt).toBe(true);
  });

  it('refuses a key revoked through one node on the very next call on the other', async () => {
    const tenant = await newTenant(a);
    for (const node of [a, b]) expect((await rpc(node, { 'x-service-key': tenant.readKey })).status).toBe(200);
    // The other node answered from its cache: the test exercises the invalidation, not a lookup.
    expect(await cached(b, keyEntry(tenant.readKey))).toBe(true);
    const [{ id }] = await a.db.rows<{ id: string }>(
      `SELECT id::text AS id FROM api_keys WHERE workspace_id = $1 AND scope = 'read'`,
      [tenant.ctx.workspace.id],
    );
    await a.app.get(ApiKeysService).revoke(tenant.ctx, id);
    const answer = await rpc(b, { 'x-service-key': tenant.readKey });
    expect(answer.status).toBe(401);
    expect(await answer.text()).toContain('revoked');
  });

  it('refuses a key revoked by another process (SQL on a connection of its own) on the very next call', async () => {
    const tenant = await newTenant(a);
    for (const node of [a, b]) expect((await rpc(node, { 'x-service-key': tenant.writeKey })).status).toBe(200);
    expect((await cached(a, keyEntry(tenant.writeKey))) && (await cached(b, keyEntry(tenant.writeKey)))).toBe(true);
    await elsewhere(`UPDATE api_keys SET revoked_at = now() WHERE workspace_id = $1 AND scope = 'write'`, [
      tenant.ctx.workspace.id,
    ]);
    for (const node of [a, b]) expect((await rpc(node, { 'x-service-key': tenant.writeKey })).status).toBe(401);
  });

  it('refuses a revoked OAuth grant on the very next call on the other node', async () => {
    const tenant = await newTenant(a);
    const { token, grantId } = await oauthToken(tenant);
    for (const node of [a, b]) expect((await mcp(node, { authorization: `Bearer ${token}` })).status).toBe(200);
    expect(await cached(b, `oat:${hashToken(token)}`)).toBe(true);
    await a.db.manager.query('UPDATE oauth_grants SET revoked_at = now() WHERE id = $1', [grantId]);
    const answer = await mcp(b, { authorization: `Bearer ${token}` });
    expect(answer.status).toBe(401);
    expect(await answer.text()).toContain('revoked');
  });

  it('never answers from the cache before a change committed earlier has been heard', async () => {
    // A notification travels on its own and can arrive after the revoking caller's next request; the
    // barrier round trip on the listener is what makes the next lookup see it. Any notification on the
    // channel flushes the cache, so a bare pg_notify stands in for a revocation here.
    const tenant = await newTenant(a);
    for (let i = 0; i < 30; i += 1) {
      expect((await rpc(b, { 'x-service-key': tenant.readKey })).status).toBe(200);
      await a.db.manager.query(`SELECT pg_notify('credential_changes', 'api_keys')`);
      expect(await cached(b, keyEntry(tenant.readKey))).toBe(false);
    }
  });

  it('notifies on a plan change and on deletes, never on last-use writes or renames', async () => {
    const tenant = await newTenant(a);
    const heard: string[] = [];
    let sentinel: () => void = () => undefined;
    const sentinelHeard = new Promise<void>((resolve) => (sentinel = resolve));
    a.app.get(ChangeFeed).subscribe('credential_changes', {
      changed: (payload) => (payload === 'test-sentinel' ? sentinel() : heard.push(payload)),
      live: () => undefined,
    });
    const ws = tenant.ctx.workspace.id;
    await elsewhere(`UPDATE api_keys SET last_used_at = now() WHERE workspace_id = $1`, [ws]);
    await elsewhere(`UPDATE workspaces SET name = 'Renamed' WHERE id = $1`, [ws]);
    expect((await rpc(b, { 'x-service-key': tenant.readKey })).status).toBe(200);
    await elsewhere(`UPDATE workspaces SET plan = 'free' WHERE id = $1`, [ws]);
    await elsewhere(`DELETE FROM api_keys WHERE workspace_id = $1 AND scope = 'write'`, [ws]);
    // Notifications arrive in commit order: once the sentinel is heard, so is every change before it.
    await elsewhere(`SELECT pg_notify('credential_changes', 'test-sentinel')`);
    await sentinelHeard;
    expect(heard).toEqual(['workspaces', 'api_keys']);
  });

  if (isPglite) {
    skipTest('bypasses the cache from losing its listener until it listens again', 'postgres-only');
    return;
  }

  it('bypasses the cache from losing its listener until it listens again', async () => {
    const tenant = await newTenant(a);
    expect((await rpc(b, { 'x-service-key': tenant.readKey })).status).toBe(200);
    expect(await cached(b, keyEntry(tenant.readKey))).toBe(true);
    const cache = b.app.get(CredentialCache);
    // Cut every listener of this database: both nodes lose theirs, as in a failover.
    await elsewhere(
      `SELECT pg_terminate_backend(pid) FROM pg_stat_activity
        WHERE application_name = 'change-feed' AND datname = current_database()`,
    );
    while (cache.isLive) await new Promise((resolve) => setTimeout(resolve, 10));
    expect(await cached(b, keyEntry(tenant.readKey))).toBe(false);
    await elsewhere(`UPDATE api_keys SET revoked_at = now() WHERE workspace_id = $1 AND scope = 'read'`, [
      tenant.ctx.workspace.id,
    ]);
    expect((await rpc(b, { 'x-service-key': tenant.readKey })).status).toBe(401);
    // Back to listening, it caches again.
    while (!cache.isLive) await new Promise((resolve) => setTimeout(resolve, 20));
    expect((await rpc(b, { 'x-service-key': tenant.writeKey })).status).toBe(200);
    expect(await cached(b, keyEntry(tenant.writeKey))).toBe(true);
  });
});

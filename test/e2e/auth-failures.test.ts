// Failed authentications are limited per client address (AUTH_FAILURE_LIMIT a minute) across the RPC
// API, the REST API, /mcp and the agent endpoints: wrong keys used to get 401 forever, and the agent
// endpoints had no limit at all. Over the limit, every call from the address gets a plain 429 with
// Retry-After before its credential is looked at.
import { newTenant, startHttpApp, type HttpTestApp, type Tenant } from '../support/http-app';

const LIMIT = 6;

/** Starts well inside a fixed one-minute window, so the calls of a test share it. */
async function roomInWindow(): Promise<void> {
  const msLeft = 60_000 - (Date.now() % 60_000);
  if (msLeft < 15_000) await new Promise((resolve) => setTimeout(resolve, msLeft + 200));
}

describe('failed authentications per client address', () => {
  let t: HttpTestApp;
  let tenant: Tenant;

  beforeAll(async () => {
    // The shared store, so the count is the one every API node would see.
    t = await startHttpApp({ env: { AUTH_FAILURE_LIMIT: String(LIMIT), RATE_LIMIT_STORE: 'database' } });
    tenant = await newTenant(t);
  });

  afterAll(() => t.close());

  const rest = (key?: string) => fetch(`${t.baseUrl}/v1/whoami`, { headers: key ? { 'x-service-key': key } : {} });
  const rpc = (key?: string) =>
    fetch(`${t.baseUrl}/rpc/monitor.v1.MonitorService/ListMonitors`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(key ? { 'x-service-key': key } : {}) },
      body: '{}',
    });
  const mcp = (key: string) =>
    fetch(`${t.baseUrl}/mcp`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
        'x-service-key': key,
      },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ping' }),
    });
  const agentClaim = (token: string) =>
    fetch(`${t.baseUrl}/agent/v1/claim`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ agentId: 'a1', max: 1, lookaheadMs: 0 }),
    });

  it('answers 429 with Retry-After to every call from an address that failed the limit, on every surface', async () => {
    await roomInWindow();
    const wrongKey = `${tenant.readKey.slice(0, -4)}zzzz`;
    const failed = [
      await rest(wrongKey),
      await rest(),
      await rpc(wrongKey),
      await rpc(),
      await mcp('svc_nope'),
      await agentClaim('not-a-token-of-any-location-0000000000'),
    ];
    expect(failed.map((r) => r.status)).toEqual(Array(LIMIT).fill(401));

    for (const refused of [
      await rest(tenant.readKey),
      await rpc(tenant.readKey),
      await mcp(tenant.readKey),
      await agentClaim('x'),
    ]) {
      expect(refused.status).toBe(429);
      const retryAfter = Number(refused.headers.get('retry-after'));
      expect(retryAfter).toBeGreaterThanOrEqual(1);
      expect(retryAfter).toBeLessThanOrEqual(60);
      expect(refused.headers.get('content-type')).toContain('text/plain');
      expect(await refused.text()).toContain('Too many failed authentications from this address');
    }
    // Paths that take no credential are not affected.
    expect((await fetch(`${t.baseUrl}/health`)).status).toBe(200);
  });
});

describe('failed authentications below the limit, and with the limit off', () => {
  let t: HttpTestApp;
  let off: HttpTestApp;

  beforeAll(async () => {
    t = await startHttpApp({ env: { AUTH_FAILURE_LIMIT: String(LIMIT), RATE_LIMIT_STORE: 'memory' } });
    off = await startHttpApp({ env: { AUTH_FAILURE_LIMIT: '0' } });
  });

  afterAll(async () => {
    await t.close();
    await off.close();
  });

  const whoami = (app: HttpTestApp, key: string) =>
    fetch(`${app.baseUrl}/v1/whoami`, { headers: { 'x-service-key': key } });

  it('lets good credentials through below the limit, and does not count them', async () => {
    const { readKey } = await newTenant(t);
    await roomInWindow();
    for (let i = 0; i < LIMIT - 1; i++) expect((await whoami(t, 'svc_wrong')).status).toBe(401);
    for (let i = 0; i < LIMIT; i++) expect((await whoami(t, readKey)).status).toBe(200);
    expect((await whoami(t, 'svc_wrong')).status).toBe(401);
    expect((await whoami(t, readKey)).status).toBe(429);
  });

  it('never refuses with AUTH_FAILURE_LIMIT=0', async () => {
    const { readKey } = await newTenant(off);
    for (let i = 0; i < 40; i++) expect((await whoami(off, 'svc_wrong')).status).toBe(401);
    expect((await whoami(off, readKey)).status).toBe(200);
  });
});

describe('the client address behind a reverse proxy', () => {
  let direct: HttpTestApp;
  let proxied: HttpTestApp;

  beforeAll(async () => {
    direct = await startHttpApp({ env: { AUTH_FAILURE_LIMIT: '2' } });
    proxied = await startHttpApp({ env: { AUTH_FAILURE_LIMIT: '2', TRUST_PROXY: '127.0.0.1' } });
  });

  afterAll(async () => {
    await direct.close();
    await proxied.close();
  });

  const whoami = (app: HttpTestApp, key: string, forwardedFor: string) =>
    fetch(`${app.baseUrl}/v1/whoami`, { headers: { 'x-service-key': key, 'x-forwarded-for': forwardedFor } });

  it('counts each forwarded client apart when the proxy is trusted (TRUST_PROXY)', async () => {
    const { readKey } = await newTenant(proxied);
    await roomInWindow();
    for (let i = 0; i < 2; i++) expect((await whoami(proxied, 'svc_wrong', '203.0.113.7')).status).toBe(401);
    expect((await whoami(proxied, readKey, '203.0.113.7')).status).toBe(429);
    expect((await whoami(proxied, readKey, '198.51.100.9')).status).toBe(200);
  });

  it('ignores X-Forwarded-For from an untrusted peer, so a guesser cannot dodge the limit with it', async () => {
    const { readKey } = await newTenant(direct);
    await roomInWindow();
    for (let i = 0; i < 2; i++) expect((await whoami(direct, 'svc_wrong', `203.0.113.${i}`)).status).toBe(401);
    expect((await whoami(direct, readKey, '198.51.100.9')).status).toBe(429);
  });
});

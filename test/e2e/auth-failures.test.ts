// Failed authentications are limited per client network (AUTH_FAILURE_LIMIT a minute; an IPv4 address
// or an IPv6 /64) across the RPC API, the REST API, /mcp and the agent endpoints. Only failures spend
// the budget and only failures are refused over it (429 with Retry-After): a valid API key, OAuth
// token or agent token always gets through. It used to be every request from the address, so behind
// a proxy without TRUST_PROXY, where every client is one address, anyone could shut the API, MCP and
// every remote agent for everyone with a few wrong keys.
import { PrivateLocationsService } from '../../backend/src/private-locations/private-locations.service';
import { newTenant, startHttpApp, type HttpTestApp, type Tenant } from '../support/http-app';
import { accessToken, oauthGrant } from '../support/oauth';

const LIMIT = 6;
const AGENT_TOKEN = 'shared-agent-token-for-tests-0123456789abcdef';
const REFUSED = 'Too many failed authentications from this address';

/** Starts well inside a fixed one-minute window, so the calls of a test share it. */
async function roomInWindow(): Promise<void> {
  const msLeft = 60_000 - (Date.now() % 60_000);
  if (msLeft < 15_000) await new Promise((resolve) => setTimeout(resolve, msLeft + 200));
}

/** The calls of every authenticated surface, from the client `from` names (X-Forwarded-For) if any. */
function surfaces(t: HttpTestApp, from?: string) {
  const forwarded: Record<string, string> = from ? { 'x-forwarded-for': from } : {};
  return {
    rest: (key?: string) =>
      fetch(`${t.baseUrl}/v1/whoami`, { headers: { ...forwarded, ...(key ? { 'x-service-key': key } : {}) } }),
    rpc: (key?: string) =>
      fetch(`${t.baseUrl}/rpc/monitor.v1.MonitorService/ListMonitors`, {
        method: 'POST',
        headers: { ...forwarded, 'content-type': 'application/json', ...(key ? { 'x-service-key': key } : {}) },
        body: '{}',
      }),
    mcp: (bearer: string) =>
      fetch(`${t.baseUrl}/mcp`, {
        method: 'POST',
        headers: {
          ...forwarded,
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
          authorization: `Bearer ${bearer}`,
        },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ping' }),
      }),
    agentClaim: (token: string) =>
      fetch(`${t.baseUrl}/agent/v1/claim`, {
        method: 'POST',
        headers: { ...forwarded, 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({ agentId: 'a1', regions: ['fly-ams'], max: 1, lookaheadMs: 0 }),
      }),
  };
}

async function expectRefused(response: Response, plain = true): Promise<void> {
  expect(response.status).toBe(429);
  const retryAfter = Number(response.headers.get('retry-after'));
  expect(retryAfter).toBeGreaterThanOrEqual(1);
  expect(retryAfter).toBeLessThanOrEqual(60);
  expect(response.headers.get('www-authenticate')).toBeNull();
  const body = await response.text();
  expect(body).toContain(REFUSED);
  if (plain) expect(response.headers.get('content-type')).toContain('text/plain');
  // RPC answers in its protocol, so Connect clients read the code and the reason.
  else expect(JSON.parse(body)).toMatchObject({ code: 'resource_exhausted' });
}

const wrongKeyOf = (key: string, i = 0) => `${key.slice(0, -4)}${String(i).padStart(4, 'z')}`;

describe('failed authentications per client network', () => {
  let t: HttpTestApp;
  let tenant: Tenant;

  beforeAll(async () => {
    // The shared store, so the count is the one every API node would see. Behind a trusted proxy on
    // loopback, X-Forwarded-For names the client: each test is a client of its own.
    t = await startHttpApp({
      env: {
        AUTH_FAILURE_LIMIT: String(LIMIT),
        RATE_LIMIT_STORE: 'database',
        TRUST_PROXY: '127.0.0.1',
        AGENT_TOKEN,
      },
    });
    tenant = await newTenant(t);
  });

  afterAll(() => t.close());

  it('refuses failures over the limit with 429 on every surface, and lets every valid credential through', async () => {
    const { rest, rpc, mcp, agentClaim } = surfaces(t, '203.0.113.10');
    const oauth = await accessToken(t, await oauthGrant(t, tenant), 'failures');
    const location = await t.app.get(PrivateLocationsService).create(tenant.ctx, { name: 'Office' });
    await roomInWindow();
    const failed = [
      await rest(wrongKeyOf(tenant.readKey)),
      await rest(),
      await rpc(wrongKeyOf(tenant.readKey)),
      await rpc(),
      await mcp('svc_oat_not_a_token_of_anyone_xxxxxxxxxxxxxxxxxxxxxxxx'),
      await agentClaim('not-a-token-of-any-location-0000000000'),
    ];
    expect(failed.map((r) => r.status)).toEqual(Array(LIMIT).fill(401));

    // Over the limit a failure is refused wherever it comes, with or without a credential.
    await expectRefused(await rest(wrongKeyOf(tenant.readKey, 1)));
    await expectRefused(await rest());
    await expectRefused(await rpc(wrongKeyOf(tenant.readKey, 1)), false);
    await expectRefused(await mcp(wrongKeyOf(tenant.writeKey, 1)));
    await expectRefused(await mcp('svc_oat_still_not_a_token_xxxxxxxxxxxxxxxxxxxxxxxxxxxxx'));
    await expectRefused(await agentClaim(`${location.token}x`));

    // A valid credential of every kind still works from the same address.
    expect((await rest(tenant.readKey)).status).toBe(200);
    expect((await rpc(tenant.readKey)).status).toBe(200);
    expect((await mcp(tenant.writeKey)).status).toBe(200);
    expect((await mcp(oauth)).status).toBe(200);
    expect((await agentClaim(location.token!)).status).toBe(200);
    expect((await agentClaim(AGENT_TOKEN)).status).toBe(200);
    // Paths that take no credential are not affected.
    expect((await fetch(`${t.baseUrl}/health`)).status).toBe(200);
  });

  it('gives an IPv6 /64 one budget: two addresses in it share it, the next /64 has its own', async () => {
    await roomInWindow();
    const first = surfaces(t, '2001:db8:5:6::1');
    const sameNetwork = surfaces(t, '2001:db8:5:6:ffff:ffff:ffff:fffe');
    for (let i = 0; i < LIMIT / 2; i++) {
      expect((await first.rest(wrongKeyOf(tenant.readKey, i))).status).toBe(401);
      expect((await sameNetwork.rest(wrongKeyOf(tenant.readKey, i))).status).toBe(401);
    }
    await expectRefused(await first.rest(wrongKeyOf(tenant.readKey, 99)));
    await expectRefused(await sameNetwork.rest(wrongKeyOf(tenant.readKey, 99)));
    await expectRefused(await surfaces(t, '2001:db8:5:6::abcd').agentClaim('not-a-token-0000000000000000'));
    expect((await sameNetwork.rest(tenant.readKey)).status).toBe(200);
    expect((await surfaces(t, '2001:db8:5:7::1').rest(wrongKeyOf(tenant.readKey))).status).toBe(401);
    // An IPv4 client written as an IPv4-mapped IPv6 address is the same client.
    for (let i = 0; i < LIMIT; i++) {
      expect((await surfaces(t, '198.51.100.20').rest(wrongKeyOf(tenant.readKey, i))).status).toBe(401);
    }
    await expectRefused(await surfaces(t, '::ffff:198.51.100.20').rest(wrongKeyOf(tenant.readKey)));
  });
});

describe('one address for every client (a proxy without TRUST_PROXY)', () => {
  let t: HttpTestApp;

  beforeAll(async () => {
    t = await startHttpApp({ env: { AUTH_FAILURE_LIMIT: '30', RATE_LIMIT_STORE: 'memory' } });
  });

  afterAll(() => t.close());

  it('100 wrong keys do not lock out a valid key, while another wrong key still gets 429', async () => {
    const tenant = await newTenant(t);
    const { rest, rpc, mcp } = surfaces(t);
    await roomInWindow();
    const statuses: number[] = [];
    for (let i = 0; i < 100; i++) statuses.push((await rest(wrongKeyOf(tenant.readKey, i))).status);
    expect(statuses.filter((s) => s === 401)).toHaveLength(30);
    expect(statuses.slice(30)).toEqual(Array(70).fill(429));

    expect((await rest(tenant.readKey)).status).toBe(200);
    expect((await rpc(tenant.readKey)).status).toBe(200);
    expect((await mcp(tenant.readKey)).status).toBe(200);
    await expectRefused(await rest(wrongKeyOf(tenant.readKey, 100)));
    await expectRefused(await rpc(wrongKeyOf(tenant.readKey, 100)), false);
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

  it('does not count good credentials', async () => {
    const { readKey } = await newTenant(t);
    await roomInWindow();
    for (let i = 0; i < LIMIT - 1; i++) expect((await whoami(t, 'svc_wrong')).status).toBe(401);
    for (let i = 0; i < LIMIT; i++) expect((await whoami(t, readKey)).status).toBe(200);
    expect((await whoami(t, 'svc_wrong')).status).toBe(401);
    expect((await whoami(t, 'svc_wrong')).status).toBe(429);
    expect((await whoami(t, readKey)).status).toBe(200);
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
    expect((await whoami(proxied, 'svc_wrong', '203.0.113.7')).status).toBe(429);
    expect((await whoami(proxied, 'svc_wrong', '198.51.100.9')).status).toBe(401);
    expect((await whoami(proxied, readKey, '203.0.113.7')).status).toBe(200);
  });

  it('ignores X-Forwarded-For from an untrusted peer, so a guesser cannot dodge the limit with it', async () => {
    const { readKey } = await newTenant(direct);
    await roomInWindow();
    for (let i = 0; i < 2; i++) expect((await whoami(direct, 'svc_wrong', `203.0.113.${i}`)).status).toBe(401);
    expect((await whoami(direct, 'svc_wrong', '198.51.100.9')).status).toBe(429);
    expect((await whoami(direct, readKey, '198.51.100.9')).status).toBe(200);
  });
});

// Credentials are read once (backend/src/auth/credential.ts) and the value that authenticates is the
// value the rate limit counts. A key with a non-breaking space around it used to authenticate (it was
// trimmed) while the rate limit counted it as a new credential: a fresh budget per variant.
import { newTenant, startHttpApp, type HttpTestApp, type Tenant } from '../support/http-app';
import { accessToken, oauthGrant } from '../support/oauth';

const LIMIT = 3;
const NOT_IN_ALPHABET = 'only letters, digits and underscores are allowed';

/** Starts well inside a fixed one-minute window, so the calls of a test share it. */
async function roomInWindow(): Promise<void> {
  const msLeft = 60_000 - (Date.now() % 60_000);
  if (msLeft < 15_000) await new Promise((resolve) => setTimeout(resolve, msLeft + 200));
}

/** Sends the UTF-8 bytes of `text` as a header value (fetch takes header values as Latin-1). */
const utf8Header = (text: string) => Buffer.from(text, 'utf8').toString('latin1');

describe('credentials read once for authentication and the rate limit', () => {
  let t: HttpTestApp;

  beforeAll(async () => {
    t = await startHttpApp({ env: { RATE_LIMIT_PER_MINUTE: String(LIMIT), RATE_LIMIT_STORE: 'memory' } });
  });

  afterAll(() => t.close());

  const rest = (headers: Record<string, string>) => fetch(`${t.baseUrl}/v1/whoami`, { headers });
  const rpc = (headers: Record<string, string>) =>
    fetch(`${t.baseUrl}/rpc/monitor.v1.MonitorService/ListMonitors`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: '{}',
    });
  const mcp = (headers: Record<string, string>) =>
    fetch(`${t.baseUrl}/mcp`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...headers },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ping' }),
    });

  const oauthToken = async (tenant: Tenant) => accessToken(t, await oauthGrant(t, tenant), tenant.ctx.workspace.id);

  it('refuses a key with anything outside the key alphabet on every API, saying why, never trimming it into a key', async () => {
    const { readKey } = await newTenant(t);
    const variants = [
      `\u00a0${readKey}`,
      `${readKey}\u00a0`,
      `\u00a0${readKey}\u00a0`,
      utf8Header(`${readKey}\u200b`),
      readKey.replace(/_/g, '-'),
    ];
    for (const key of variants) {
      const answers = [
        await rest({ 'x-service-key': key }),
        await rpc({ 'x-service-key': key }),
        await mcp({ 'x-service-key': key }),
      ];
      expect(answers.map((a) => a.status)).toEqual([401, 401, 401]);
      for (const answer of answers) expect(await answer.text()).toContain(NOT_IN_ALPHABET);
    }
    // The clean key still works: its budget was not touched by the refused variants.
    const clean = await rest({ 'x-service-key': readKey });
    expect([clean.status, clean.headers.get('x-ratelimit-remaining')]).toEqual([200, String(LIMIT - 1)]);
  });

  it('gives a variant of a key that has used its calls no fresh budget', async () => {
    const { readKey } = await newTenant(t);
    await roomInWindow();
    for (let i = 0; i < LIMIT; i++) expect((await rpc({ 'x-service-key': readKey })).status).toBe(200);
    expect((await rpc({ 'x-service-key': readKey })).status).toBe(429);
    for (const key of [`\u00a0${readKey}`, `${readKey}\u00a0`]) {
      expect((await rpc({ 'x-service-key': key })).status).not.toBe(200);
      expect((await mcp({ 'x-service-key': key })).status).not.toBe(200);
    }
  });

  it('counts a bearer token by the token, whatever the spelling of the scheme, and refuses one with a stray character', async () => {
    const token = await oauthToken(await newTenant(t));
    await roomInWindow();
    for (let i = 0; i < LIMIT; i++) expect((await mcp({ authorization: `Bearer ${token}` })).status).toBe(200);
    for (const authorization of [`Bearer ${token}`, `bearer ${token}`, `Bearer  ${token}`, `BEARER\t${token}`]) {
      expect([authorization, (await mcp({ authorization })).status]).toEqual([authorization, 429]);
    }
    for (const authorization of [`Bearer ${token}\u00a0`, `Bearer \u00a0${token}`]) {
      const refused = await mcp({ authorization });
      expect(refused.status).toBe(401);
      expect(await refused.text()).toContain(NOT_IN_ALPHABET);
    }
    const otherScheme = await mcp({ authorization: `Bearer\u00a0${token}` });
    expect(otherScheme.status).toBe(401);
    expect(await otherScheme.text()).toContain('Expected Authorization: Bearer <access token>');
  });
});

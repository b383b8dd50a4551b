// Property test of the raw HTTP routes that take no JSON API shape: the heartbeat ping URLs
// (`/ping/<token>[/<suffix>]`, Healthchecks.io's `/<uuid>[/<suffix>]`), `GET /metrics` and the signed
// acknowledgement link of alert messages (`/alerts/ack/<token>`). Generated
// requests (any method, path segment, credential header and body) never get a 5xx; a ping is stored
// only for a live token and a known suffix, and nothing else is stored; /metrics answers 200 only to a
// credential that is one, and a key's answer never names another workspace's monitor. PROPERTY_RUNS
// sets the number of generated requests per route (default 2000), PROPERTY_SEED replays a run.
import fc from 'fast-check';
import { AlertsService } from '../../backend/src/alerts/alerts.service';
import { MonitorsService } from '../../backend/src/monitors/monitors.service';
import { AlertAckLinks } from '../../backend/src/notifications/alert-ack-links';
import { openAlert } from '../support/alerts';
import { propertyRuns, propertySeed } from '../support/arbitraries';
import { pingsApplied } from '../support/heartbeats';
import { newTenant, startHttpApp, type HttpTestApp, type Tenant } from '../support/http-app';

const CONCURRENCY = 8;
const METHODS = ['GET', 'POST', 'HEAD', 'PUT', 'DELETE', 'PATCH', 'OPTIONS'] as const;
const SUFFIXES = ['', 'start', 'fail', 'log', '0', '1', '255', '256', '-1', 'START', 'fail/extra', 'log%00'];
const UUID_TOKEN = '5b1e7a4c-2f3d-4c8e-9a6b-0d1c2e3f4a5b';

/** Characters a header value may carry (printable Latin-1 and tab; fetch refuses CR, LF and NUL). */
const headerValue = fc
  .array(
    fc.oneof(
      { weight: 8, arbitrary: fc.integer({ min: 0x20, max: 0x7e }) },
      { weight: 1, arbitrary: fc.integer({ min: 0xa0, max: 0xff }) },
      { weight: 1, arbitrary: fc.constant(0x09) },
    ),
    { maxLength: 300, size: 'large' },
  )
  .map((codes) => String.fromCharCode(...codes));

/**
 * A path segment: anything, percent-encoded, or a few shapes the routes care about. Never a dot
 * segment (`.`, `..`, `%2e`, ...): the client resolves those before sending, so the request that
 * reaches the server is another path than the one generated.
 */
const segment = fc
  .oneof(
    fc.string({ maxLength: 80, size: 'medium' }).map(encodeURIComponent),
    fc.stringMatching(/^[A-Za-z0-9_-]{0,70}$/),
    fc.uuid().map((u) => u.toUpperCase()),
    fc.constantFrom('%00', '%ZZ', '%2F', 'ping', 'metrics'),
  )
  .filter((s) => !/^(\.|%2e){1,2}$/i.test(s));

const body = fc.oneof(
  fc.constant(undefined),
  fc.uint8Array({ maxLength: 12_000, size: 'large' }),
  fc.string({ maxLength: 2_000, size: 'medium' }),
);

/** The suffixes the README lists: none, start, fail, log, or an exit code 0 to 255 as written by a shell. */
const knownSuffix = (suffix: string) =>
  ['', 'start', 'fail', 'log'].includes(suffix) || (/^(0|[1-9][0-9]{0,2})$/.test(suffix) && Number(suffix) <= 255);

interface Failure {
  status: number;
  request: string;
  answer: string;
}

describe('property: ping routes, /metrics and the alert link under generated requests', () => {
  let t: HttpTestApp;
  let a: Tenant;
  let b: Tenant;
  let token: string;
  let monitorId: string;
  let otherMonitorId: string;

  beforeAll(async () => {
    t = await startHttpApp({ env: { METRICS_TOKEN: 'property-metrics-token-0123456789abcdef' } });
    a = await newTenant(t);
    b = await newTenant(t);
    const monitor = await t.app.get(MonitorsService).create(
      a.ctx,
      'heartbeat',
      {
        name: 'Property job',
        active: true,
        heartbeat: { schedule: 'period', periodSeconds: 3600, graceSeconds: 60 },
      },
      { pingToken: UUID_TOKEN },
    );
    monitorId = monitor.id;
    token = UUID_TOKEN;
    const other = await t.app.get(MonitorsService).create(b.ctx, 'heartbeat', {
      name: 'Other workspace job',
      active: true,
      heartbeat: { schedule: 'period', periodSeconds: 3600, graceSeconds: 60 },
    });
    otherMonitorId = other.id;
  });

  afterAll(async () => {
    await t.close();
  });

  it('/alerts/ack/<token>: never a 5xx; only a POST of a signed token acknowledges, and only its alert', async () => {
    const failures = new Map<string, Failure>();
    const { alert } = await openAlert(t, a, 'Property linked');
    const { alert: other } = await openAlert(t, b, 'Property other');
    const token = t.app.get(AlertAckLinks).token(alert.id, new Date());
    const [id, expires, mac] = token.split('.');
    const altered = fc.oneof(
      fc.constant(`${other.id}.${expires}.${mac}`),
      fc.constant(`${id}.${Number(expires) + 1}.${mac}`),
      fc
        .nat({ max: mac.length - 1 })
        .map((i) => `${id}.${expires}.${mac.slice(0, i)}${mac[i] === 'A' ? 'B' : 'A'}${mac.slice(i + 1)}`),
      fc.constant(t.app.get(AlertAckLinks).token(alert.id, new Date(Date.now() - 8 * 86_400_000))),
    );
    const request = fc.record({
      method: fc.constantFrom(...METHODS),
      token: fc.oneof(
        { weight: 1, arbitrary: fc.constant(token) },
        { weight: 2, arbitrary: altered },
        { weight: 4, arbitrary: segment },
      ),
      extra: fc.oneof({ weight: 6, arbitrary: fc.constant('') }, { weight: 1, arbitrary: segment.map((x) => `/${x}`) }),
      contentType: fc.oneof(
        fc.constant(undefined),
        headerValue,
        fc.constantFrom('application/x-www-form-urlencoded', 'application/json', 'text/plain'),
      ),
      payload: body,
    });
    let acknowledged = false;
    await fc.assert(
      fc.asyncProperty(fc.array(request, { minLength: CONCURRENCY, maxLength: CONCURRENCY }), async (batch) => {
        await Promise.all(
          batch.map(async (r) => {
            const path = `/alerts/ack/${r.token}${r.extra}`;
            const headers: Record<string, string> =
              r.contentType === undefined ? {} : { 'content-type': r.contentType };
            const answer = await send(r.method, path, headers, r.payload);
            const real = r.token === token && r.extra === '';
            const routed = ['GET', 'POST', 'HEAD'].includes(r.method) && r.extra === '';
            // A body the HTTP layer cannot read is refused before the route (400, 413, 415).
            const allowed = !routed
              ? [400, 404, 405, 413, 414, 415]
              : real
                ? [200, 400, 413, 415]
                : [400, 403, 404, 413, 414, 415];
            if (real && r.method === 'POST' && answer.status === 200) acknowledged = true;
            if (answer.status >= 500 || !allowed.includes(answer.status)) {
              const key = `${answer.status} ${r.method} ${real} ${routed}`;
              if (!failures.has(key))
                failures.set(key, {
                  ...answer,
                  request: `${r.method} ${path.slice(0, 120)}`,
                  answer: answer.text.slice(0, 300),
                });
            }
          }),
        );
      }),
      { numRuns: Math.ceil(propertyRuns() / CONCURRENCY), seed: propertySeed(), endOnFailure: true },
    );
    expect([...failures.values()]).toEqual([]);
    const alerts = t.app.get(AlertsService);
    // Acknowledged only by a POST of its own signed token; the other workspace's alert never.
    expect((await alerts.get(a.ctx, alert.id)).alert.state).toBe(acknowledged ? 'acknowledged' : 'open');
    expect((await alerts.get(b.ctx, other.id)).alert.state).toBe('open');
  });

  const send = async (method: string, path: string, headers: Record<string, string>, payload?: Uint8Array | string) => {
    const withBody = payload !== undefined && method !== 'GET' && method !== 'HEAD';
    const answer = await fetch(`${t.baseUrl}${path}`, {
      method,
      headers,
      body: withBody ? payload : undefined,
      redirect: 'manual',
    });
    return { status: answer.status, text: method === 'HEAD' ? '' : await answer.text() };
  };

  it('ping URLs: never a 5xx; only a live token with a known suffix is stored', async () => {
    const failures = new Map<string, Failure>();
    const stored = { expected: 0 };
    const request = fc.record({
      method: fc.constantFrom(...METHODS),
      shape: fc.constantFrom('ping', 'uuid'),
      token: fc.oneof({ weight: 1, arbitrary: fc.constant(token) }, { weight: 4, arbitrary: segment }),
      uuid: fc.oneof(
        fc.constant(token),
        fc.uuid(),
        fc.uuid().map((u) => u.toUpperCase()),
      ),
      suffix: fc.oneof(fc.constantFrom(...SUFFIXES), segment),
      contentType: fc.oneof(fc.constant(undefined), headerValue, fc.constantFrom('application/json', 'text/plain')),
      payload: body,
    });
    await fc.assert(
      fc.asyncProperty(fc.array(request, { minLength: CONCURRENCY, maxLength: CONCURRENCY }), async (batch) => {
        await Promise.all(
          batch.map(async (r) => {
            // At the root only UUIDs are pings; any other first segment is another route of the server.
            const used = r.shape === 'ping' ? r.token : r.uuid;
            const base = r.shape === 'ping' ? `/ping/${used}` : `/${used}`;
            const path = r.suffix ? `${base}/${r.suffix}` : base;
            const headers: Record<string, string> =
              r.contentType === undefined ? {} : { 'content-type': r.contentType };
            const answer = await send(r.method, path, headers, r.payload);
            const live = used === token && knownSuffix(r.suffix);
            // A live ping is stored (200) or over its limit (429); a content type the HTTP layer
            // cannot parse is refused before any route (400, 415), and then nothing is stored.
            const allowed =
              live && ['GET', 'POST', 'HEAD'].includes(r.method)
                ? [200, 400, 415, 429]
                : [400, 404, 405, 413, 414, 415, 429];
            if (answer.status === 200) stored.expected += 1;
            if (answer.status >= 500 || !allowed.includes(answer.status)) {
              const key = `${answer.status} ${r.method} ${r.shape} ${live}`;
              if (!failures.has(key))
                failures.set(key, { ...answer, request: `${r.method} ${path}`, answer: answer.text });
            }
          }),
        );
      }),
      { numRuns: Math.ceil(propertyRuns() / CONCURRENCY), seed: propertySeed(), endOnFailure: true },
    );
    expect([...failures.values()]).toEqual([]);
    await pingsApplied(t.app, t.db);
    // Every 200 stored exactly one ping, all of them the live monitor's; nothing else was stored.
    const rows = await t.db.rows<{ monitor_id: string; n: string }>(
      'SELECT monitor_id::text AS monitor_id, count(*) AS n FROM heartbeat_pings GROUP BY monitor_id',
    );
    expect(rows.map((r) => [r.monitor_id, Number(r.n)])).toEqual(stored.expected ? [[monitorId, stored.expected]] : []);
  });

  it('/metrics: never a 5xx; 200 only for a credential, and a key sees only its workspace', async () => {
    const failures = new Map<string, Failure>();
    const credential = fc.oneof(
      { weight: 1, arbitrary: fc.constant(a.readKey) },
      { weight: 1, arbitrary: fc.constant('property-metrics-token-0123456789abcdef') },
      { weight: 1, arbitrary: fc.constant(`${a.readKey}x`) },
      { weight: 4, arbitrary: headerValue },
    );
    const request = fc.record({
      method: fc.constantFrom(...METHODS),
      where: fc.constantFrom('bearer', 'x-service-key', 'other-scheme', 'none'),
      credential,
      query: fc.oneof(
        fc.constant(''),
        fc.string({ maxLength: 40 }).map((q) => `?${encodeURIComponent(q)}`),
      ),
      payload: body,
    });
    await fc.assert(
      fc.asyncProperty(fc.array(request, { minLength: CONCURRENCY, maxLength: CONCURRENCY }), async (batch) => {
        await Promise.all(
          batch.map(async (r) => {
            const headers: Record<string, string> = {};
            if (r.where === 'bearer') headers.authorization = `Bearer ${r.credential}`;
            if (r.where === 'other-scheme') headers.authorization = `Basic ${r.credential}`;
            if (r.where === 'x-service-key') headers['x-service-key'] = r.credential;
            const answer = await send(r.method, `/metrics${r.query}`, headers, r.payload);
            const sent = r.where === 'bearer' || r.where === 'x-service-key';
            const operator = r.credential.trim() === 'property-metrics-token-0123456789abcdef' && sent;
            const key = r.credential.trim() === a.readKey && sent;
            const get = r.method === 'GET' || r.method === 'HEAD';
            const allowed = !get ? [400, 404, 405, 413, 415] : operator || key ? [200] : [401];
            const leak =
              answer.status === 200 && key && !operator && answer.text.includes(`monitor_id="${otherMonitorId}"`);
            if (answer.status >= 500 || !allowed.includes(answer.status) || leak) {
              const what = `${answer.status} ${r.method} ${r.where} ${operator ? 'operator' : key ? 'key' : 'junk'}`;
              if (!failures.has(what))
                failures.set(what, {
                  status: answer.status,
                  request: `${r.method} /metrics${r.query} (${r.where})`,
                  answer: answer.text.slice(0, 300),
                });
            }
          }),
        );
      }),
      { numRuns: Math.ceil(propertyRuns() / CONCURRENCY), seed: propertySeed(), endOnFailure: true },
    );
    expect([...failures.values()]).toEqual([]);
  });
});

// GET /metrics on the whole HTTP application and a real database: who sees what (a workspace's key its
// own monitors, METRICS_TOKEN every workspace and the internals, anything else 401 with a Bearer
// challenge), what the per-monitor series say after stored results, the bounds of their labels, and
// that the exposition passes Prometheus's own parser and linter (promtool, Debian package prometheus).
import { createClient } from '@connectrpc/connect';
import { HeartbeatSchedule } from '@uptime/proto/gen/monitor/v1/heartbeat_monitor_pb';
import { Periodicity, Region } from '@uptime/proto/gen/monitor/v1/common_pb';
import { MonitorService } from '@uptime/proto/gen/monitor/v1/monitor_service_pb';
import { NotificationService } from '@uptime/proto/gen/notification/v1/notification_service_pb';
import { NAME_LABEL_MAX, TAGS_LABEL_MAX } from '../../backend/src/metrics/metric-labels';
import { parseExposition, select, type Exposition } from '../support/exposition';
import { newTenant, startHttpApp, type HttpTestApp, type Tenant } from '../support/http-app';
import { promtoolCheck } from '../support/prometheus';
import { startReceiver } from '../support/receivers';
import { storeResult } from '../support/results';
import { eventually, rpcTransport } from '../support/rpc';

const METRICS_TOKEN = 'metrics-token-0123456789-abcdefghijklmnop';

describe('GET /metrics', () => {
  let t: HttpTestApp;
  let a: Tenant;
  let b: Tenant;
  const ids = { aHttp: '', aHeartbeat: '', bHttp: '' };
  let pingPath = '';
  const notAfter = new Date(Math.floor(Date.now() / 1000) * 1000 + 10 * 86_400_000);

  const scrape = async (headers: Record<string, string>) => {
    const response = await fetch(`${t.baseUrl}/metrics`, { headers });
    return { status: response.status, headers: response.headers, text: await response.text() };
  };
  const scrapeAs = async (credential: string): Promise<{ text: string; exposition: Exposition }> => {
    const answer = await scrape({ authorization: `Bearer ${credential}` });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('text/plain; version=0.0.4; charset=utf-8');
    return { text: answer.text, exposition: parseExposition(answer.text) };
  };
  const monitorIdsIn = (exposition: Exposition) =>
    new Set(exposition.samples.map((s) => s.labels.monitor_id).filter((id): id is string => id !== undefined));

  beforeAll(async () => {
    t = await startHttpApp({ env: { METRICS_TOKEN } });
    a = await newTenant(t);
    b = await newTenant(t);
    const monitorsOf = (key: string) => createClient(MonitorService, rpcTransport(t.baseUrl, key));
    const http = (name: string, tags: string[]) => ({
      monitor: {
        name,
        url: 'http://127.0.0.1:9/',
        periodicity: Periodicity.PERIODICITY_10M,
        regions: [Region.FLY_AMS, Region.FLY_IAD],
        // No checker runs in this app (startHttpApp's default): results come from storeResult.
        active: true,
        tags,
      },
    });
    const longTags = Array.from({ length: 18 }, (_, i) => `tag-${String(i).padStart(2, '0')}-${'x'.repeat(10)}`);
    ids.aHttp = (
      await monitorsOf(a.writeKey).createHTTPMonitor(http(`API ${'é'.repeat(100)}`, ['zeta', 'alpha', ...longTags]))
    ).monitor!.id;
    const heartbeat = await monitorsOf(a.writeKey).createHeartbeatMonitor({
      monitor: { name: 'nightly job', active: true, schedule: HeartbeatSchedule.PERIOD, periodSeconds: 3600n },
    });
    ids.aHeartbeat = heartbeat.monitor!.id;
    pingPath = new URL(heartbeat.monitor!.pingUrl).pathname;
    ids.bHttp = (await monitorsOf(b.writeKey).createHTTPMonitor(http('B secret service', []))).monitor!.id;
    // Region fly-ams: two successes (40 ms, 300 ms) and, latest, a failure; fly-iad: one degraded
    // check that saw a certificate expiring in 10 days. fly-iad's status is then degraded, fly-ams's down.
    await storeResult(t.app, { monitorId: ids.aHttp, minutesAgo: 30, status: 'success', latency: 40 });
    await storeResult(t.app, { monitorId: ids.aHttp, minutesAgo: 20, status: 'success', latency: 300 });
    await storeResult(t.app, { monitorId: ids.aHttp, minutesAgo: 10, status: 'error', latency: 5000 });
    await storeResult(t.app, {
      monitorId: ids.aHttp,
      minutesAgo: 10,
      status: 'degraded',
      latency: 1200,
      region: 'fly-iad',
      extra: {
        details: {
          certificate: {
            subject: 'CN=127.0.0.1',
            sans: ['IP Address:127.0.0.1'],
            issuer: 'CN=127.0.0.1',
            serial: '01',
            notBefore: new Date(Date.now() - 86_400_000).toISOString(),
            notAfter: notAfter.toISOString(),
            daysLeft: 9,
            verified: true,
            verificationError: null,
          },
        },
      },
    });
    await storeResult(t.app, { monitorId: ids.bHttp, minutesAgo: 5, status: 'success', latency: 20 });
    // A ping, so the requests counter has a route with a secret token in its URL.
    expect((await fetch(`${t.baseUrl}${pingPath}`)).status).toBe(200);
  });

  afterAll(async () => {
    await t?.close();
  });

  describe('access', () => {
    it('is 401 with a Bearer challenge without a credential, with a wrong one, or another scheme', async () => {
      const cases: Array<Record<string, string>> = [
        {},
        { authorization: 'Bearer wrong-token-0123456789-abcdefghijklmnop' },
        { authorization: `Bearer ${METRICS_TOKEN}x` },
        { authorization: 'Bearer svc_000000000000_0000000000000000000000000000000000000000' },
        { authorization: 'Bearer svc_oat_notatoken' },
        { authorization: `Basic ${Buffer.from(`x:${METRICS_TOKEN}`).toString('base64')}` },
        { authorization: `Token ${METRICS_TOKEN}` },
      ];
      for (const headers of cases) {
        const answer = await scrape(headers);
        expect({ headers, status: answer.status }).toEqual({ headers, status: 401 });
        expect(answer.headers.get('www-authenticate')).toBe('Bearer realm="metrics"');
        expect(answer.text).not.toContain('uptime_');
      }
    });

    it('a read key and a write key of workspace A see A’s monitors only, and no internals', async () => {
      for (const key of [a.readKey, a.writeKey]) {
        const { text, exposition } = await scrapeAs(key);
        expect(monitorIdsIn(exposition)).toEqual(new Set([ids.aHttp, ids.aHeartbeat]));
        expect(text).not.toContain(`monitor_id="${ids.bHttp}"`);
        expect(text).not.toContain('B secret service');
        expect(text).not.toContain(b.ctx.workspace.slug);
        expect(text).not.toMatch(/^uptime_(http|check|alert|db)_/m);
        expect(text).not.toMatch(/^(process|nodejs)_/m);
      }
      // The same key in x-service-key, as the REST API takes it.
      const answer = await scrape({ 'x-service-key': a.readKey });
      expect(answer.status).toBe(200);
      expect(monitorIdsIn(parseExposition(answer.text))).toEqual(new Set([ids.aHttp, ids.aHeartbeat]));
    });

    it('workspace B’s key sees B’s monitor and none of A’s', async () => {
      const { text, exposition } = await scrapeAs(b.readKey);
      expect(monitorIdsIn(exposition)).toEqual(new Set([ids.bHttp]));
      expect(text).not.toContain(a.ctx.workspace.slug);
    });

    it('METRICS_TOKEN sees every workspace and the service’s internals', async () => {
      const { exposition } = await scrapeAs(METRICS_TOKEN);
      const seen = monitorIdsIn(exposition);
      for (const id of Object.values(ids)) expect(seen).toContain(id);
      const workspaces = new Set(select(exposition, 'uptime_monitor_status').map((s) => s.labels.workspace));
      expect(workspaces).toEqual(new Set([a.ctx.workspace.slug, b.ctx.workspace.slug]));
      for (const name of [
        'uptime_http_requests_total',
        'uptime_http_request_duration_seconds',
        'uptime_check_lateness_seconds',
        'uptime_check_results_stored_total',
        'uptime_alert_outbox_pending',
        'uptime_alert_outbox_due',
        'uptime_alert_delivery_seconds',
        'uptime_db_pool_connections',
        'uptime_db_pool_max',
        'process_cpu_seconds_total',
      ])
        expect(exposition.types.has(name)).toBe(true);
      // Five results stored through the ingest path, all periodic HTTP checks.
      expect(select(exposition, 'uptime_check_results_stored_total', { kind: 'http' })[0]?.value).toBe(5);
      expect(select(exposition, 'uptime_check_lateness_seconds_count')[0]?.value).toBe(5);
      expect(select(exposition, 'uptime_db_pool_connections', { state: 'total' })[0]?.value).toBeGreaterThan(0);
      expect(select(exposition, 'uptime_db_pool_max')[0]?.value).toBe(4);
    });
  });

  describe('the series', () => {
    let exposition: Exposition;
    beforeAll(async () => {
      exposition = (await scrapeAs(a.readKey)).exposition;
    });
    const one = (name: string, labels: Record<string, string>) => {
      const found = select(exposition, name, labels);
      expect({ name, labels, found: found.length }).toEqual({ name, labels, found: 1 });
      return found[0].value;
    };

    it('status per region: the current status 1, the others 0; up 1 or 0', () => {
      const ams = { monitor_id: ids.aHttp, region: 'fly-ams' };
      const iad = { monitor_id: ids.aHttp, region: 'fly-iad' };
      expect(
        ['up', 'degraded', 'down', 'unknown'].map((status) => one('uptime_monitor_status', { ...ams, status })),
      ).toEqual([0, 0, 1, 0]);
      expect(
        ['up', 'degraded', 'down', 'unknown'].map((status) => one('uptime_monitor_status', { ...iad, status })),
      ).toEqual([0, 1, 0, 0]);
      expect(one('uptime_monitor_up', ams)).toBe(0);
      expect(one('uptime_monitor_up', iad)).toBe(1);
      // A heartbeat has one location, the server itself: region "heartbeat".
      const heartbeat = select(exposition, 'uptime_monitor_status', { monitor_id: ids.aHeartbeat });
      expect(new Set(heartbeat.map((s) => s.labels.region))).toEqual(new Set(['heartbeat']));
      expect(heartbeat.map((s) => s.labels.kind)[0]).toBe('heartbeat');
    });

    it('last latency, checks by result, uptime and the 24-hour histogram per region', () => {
      const ams = { monitor_id: ids.aHttp, region: 'fly-ams' };
      const iad = { monitor_id: ids.aHttp, region: 'fly-iad' };
      // The latest fly-ams check failed: no last latency there; fly-iad's degraded check took 1.2 s.
      expect(select(exposition, 'uptime_monitor_latency_seconds', ams)).toEqual([]);
      expect(one('uptime_monitor_latency_seconds', iad)).toBe(1.2);
      expect(one('uptime_monitor_checks_24h', { ...ams, result: 'success' })).toBe(2);
      expect(one('uptime_monitor_checks_24h', { ...ams, result: 'degraded' })).toBe(0);
      expect(one('uptime_monitor_checks_24h', { ...ams, result: 'error' })).toBe(1);
      expect(one('uptime_monitor_uptime_ratio_24h', ams)).toBeCloseTo(2 / 3, 10);
      expect(one('uptime_monitor_uptime_ratio_24h', iad)).toBe(1);
      // 40 ms and 300 ms (the failure is not in the sketch): cumulative buckets.
      const bucket = (le: string) => one('uptime_monitor_latency_24h_seconds_bucket', { ...ams, le });
      expect([bucket('0.025'), bucket('0.05'), bucket('0.25'), bucket('0.5'), bucket('+Inf')]).toEqual([0, 1, 1, 2, 2]);
      expect(one('uptime_monitor_latency_24h_seconds_count', ams)).toBe(2);
      expect(one('uptime_monitor_latency_24h_seconds_sum', ams)).toBeCloseTo(0.34, 2);
      expect(one('uptime_monitor_last_check_timestamp_seconds', ams)).toBeGreaterThan(Date.now() / 1000 - 15 * 60);
    });

    it('certificate expiry where the latest check saw one', () => {
      const name = 'uptime_monitor_certificate_expiry_timestamp_seconds';
      expect(one(name, { monitor_id: ids.aHttp, region: 'fly-iad' })).toBe(notAfter.getTime() / 1000);
      expect(select(exposition, name, { region: 'fly-ams' })).toEqual([]);
    });

    it('bounds the labels: the name cut, the tags sorted, joined and cut at a whole tag', () => {
      const labels = select(exposition, 'uptime_monitor_up', { monitor_id: ids.aHttp })[0].labels;
      expect([...labels.monitor_name]).toHaveLength(NAME_LABEL_MAX);
      expect(labels.monitor_name.endsWith('…')).toBe(true);
      expect(labels.tags.startsWith('alpha,tag-00-')).toBe(true);
      expect(labels.tags.endsWith(',…')).toBe(true);
      expect([...labels.tags].length).toBeLessThanOrEqual(TAGS_LABEL_MAX);
      expect(Object.keys(labels).sort()).toEqual(['kind', 'monitor_id', 'monitor_name', 'region', 'tags', 'workspace']);
    });
  });

  it('counts HTTP requests by route pattern, never by the raw path (no ping token in a label)', async () => {
    const { text, exposition } = await scrapeAs(METRICS_TOKEN);
    const token = pingPath.split('/').pop()!;
    expect(text).not.toContain(token);
    const pings = select(exposition, 'uptime_http_requests_total', {
      route: '/ping/:token',
      method: 'GET',
      code: '200',
    });
    expect(pings[0]?.value).toBeGreaterThanOrEqual(1);
    const refused = select(exposition, 'uptime_http_requests_total', { route: '/metrics', code: '401' });
    expect(refused[0]?.value).toBeGreaterThanOrEqual(1);
    await fetch(`${t.baseUrl}/no/such/path/${token}`);
    const after = (await scrapeAs(METRICS_TOKEN)).text;
    expect(after).not.toContain(token);
    expect(after).toMatch(/uptime_http_requests_total\{method="GET",route="unmatched",code="404"\} [1-9]/);
  });

  it('times an alert from queued to delivered, and reads the outbox', async () => {
    // A workspace of its own, so the other tests' sets stay as they are.
    const c = await newTenant(t);
    const receiver = await startReceiver();
    try {
      const transport = rpcTransport(t.baseUrl, c.writeKey);
      const { monitor } = await createClient(MonitorService, transport).createHTTPMonitor({
        monitor: {
          name: 'paged',
          url: 'http://127.0.0.1:9/',
          periodicity: Periodicity.PERIODICITY_10M,
          regions: [Region.FLY_AMS],
          active: true,
        },
      });
      await createClient(NotificationService, transport).createNotification({
        notification: {
          name: 'hook',
          providerType: 'webhook',
          monitorIds: [monitor!.id],
          provider: { case: 'webhook', value: { endpoint: `${receiver.url}/hook`, headers: [] } },
        },
      });
      await storeResult(t.app, { monitorId: monitor!.id, minutesAgo: 3, status: 'success' });
      await storeResult(t.app, { monitorId: monitor!.id, minutesAgo: 2, status: 'error' });
      const delivered = await eventually(
        async () =>
          select((await scrapeAs(METRICS_TOKEN)).exposition, 'uptime_alert_delivery_seconds_count', {
            outcome: 'delivered',
          }),
        (found) => (found[0]?.value ?? 0) >= 1,
      );
      expect(delivered[0]?.value).toBeGreaterThanOrEqual(1);
      expect(receiver.requests.length).toBeGreaterThanOrEqual(1);
      const { exposition } = await scrapeAs(METRICS_TOKEN);
      expect(select(exposition, 'uptime_alert_outbox_pending')[0]?.value).toBe(0);
      expect(
        select(exposition, 'uptime_alert_delivery_seconds_sum', { outcome: 'delivered' })[0]?.value,
      ).toBeGreaterThan(0);
    } finally {
      await receiver.close();
    }
  });

  it('passes promtool check metrics (Prometheus’s parser and linter), for a key and for the operator', async () => {
    for (const credential of [a.readKey, METRICS_TOKEN]) {
      const { text } = await scrapeAs(credential);
      const check = promtoolCheck(text);
      expect(check).toEqual({ status: 0, output: '' });
    }
  });
});

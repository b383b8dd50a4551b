// Certificate expiry alerts on a real server and database: results carrying the leaf certificate of
// their check (details.certificate, as the probes record it) are ingested through the agents' path
// (CheckWorkService.report); each threshold a certificate reaches is recorded once in the ingest
// transaction and sent through the monitor's channels by the delivery worker, here to a loopback
// webhook receiver. Nothing of our code is replaced.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { AlertDeliveryWorker } from '../../../backend/src/alerts/alert-delivery.worker';
import { CheckWorkService } from '../../../backend/src/checker/check-work.service';
import { emptyResult } from '../../../backend/src/checker/probe';
import type { CertificateInfo, CheckStatus, Region } from '../../../backend/src/checks/check-config';
import { MaintenancesService } from '../../../backend/src/maintenances/maintenances.service';
import { MonitorsService } from '../../../backend/src/monitors/monitors.service';
import { NotificationsService } from '../../../backend/src/notifications/notifications.service';
import { PageComponentsService } from '../../../backend/src/status-pages/page-components.service';
import { StatusPagesService } from '../../../backend/src/status-pages/status-pages.service';
import { newTenant, startHttpApp, type HttpTestApp } from '../../support/http-app';
import { startReceiver, type Receiver } from '../../support/receivers';
import { eventually } from '../../support/rpc';

const FAST = { backoffBaseMs: 50, backoffMaxMs: 400, pollMs: 200 };

interface WebhookBody {
  event: string;
  event_id: string;
  incident_key: string;
  title: string;
  text: string;
  monitor: { id: string; name: string; target: string };
  regions: unknown[];
  certificate?: {
    subject: string;
    sans: string[];
    issuer: string;
    serial: string;
    not_before: string;
    not_after: string;
    days_left: number;
    threshold_days: number;
    verified: boolean;
    verification_error: string | null;
    region: string;
  };
}

/** The certificate.expiring example of the webhook section of content/docs/notifications.md. */
function documentedBody(): WebhookBody {
  const docs = readFileSync(join(__dirname, '..', '..', '..', 'content', 'docs', 'notifications.md'), 'utf8');
  const block = [...docs.matchAll(/```json\n([\s\S]*?)```/g)]
    .map((m) => m[1])
    .find((b) => b.includes('"event": "certificate.expiring"'));
  if (!block) throw new Error('notifications.md has no certificate.expiring example');
  return JSON.parse(block) as WebhookBody;
}

describe('certificate expiry alerts', () => {
  let t: HttpTestApp;
  let receiver: Receiver;
  let slot = 0;
  const start = Date.now();
  let hooks = 0;

  beforeAll(async () => {
    t = await startHttpApp();
    t.app.get(AlertDeliveryWorker).configure(FAST);
    receiver = await startReceiver();
  });

  afterAll(async () => {
    await receiver.close();
    await t.close();
  });

  async function setup(options: { thresholds?: number[]; regions?: Region[] } = {}) {
    const tenant = await newTenant(t);
    const monitor = await t.app.get(MonitorsService).create(tenant.ctx, 'http', {
      name: 'Checkout API',
      url: 'https://127.0.0.1:9/health',
      periodicity: '1m',
      regions: options.regions ?? ['fly-ams', 'fly-iad'],
    });
    if (options.thresholds) {
      await t.db.rows('UPDATE monitors SET certificate_expiry_days = $2::int[] WHERE id = $1', [
        monitor.id,
        options.thresholds,
      ]);
    }
    hooks += 1;
    const path = `/cert-hook/${hooks}`;
    await t.app.get(NotificationsService).create(tenant.ctx, {
      name: `hook ${hooks}`,
      providerType: 'webhook',
      monitorIds: [monitor.id],
      provider: { kind: 'webhook', args: { endpoint: `${receiver.url}${path}`, headers: [] } },
    });
    return { tenant, monitorId: monitor.id, path };
  }

  function certificate(daysLeft: number, serial = '0A1B2C3D'): CertificateInfo {
    const notAfter = new Date(Date.UTC(2030, 0, 1));
    return {
      subject: 'CN=shop.example',
      sans: ['DNS:shop.example', 'DNS:www.shop.example'],
      issuer: 'C=US, O=Test CA, CN=Test Issuing CA',
      serial,
      notBefore: new Date(notAfter.getTime() - 90 * 86_400_000).toISOString(),
      notAfter: notAfter.toISOString(),
      daysLeft,
      verified: true,
      verificationError: null,
    };
  }

  /** One check per location, each carrying `cert`, newer than every result before it. */
  async function report(
    monitorId: string,
    cert: CertificateInfo,
    regions: Region[] = ['fly-ams'],
    status: CheckStatus = 'success',
  ) {
    slot += 1;
    const at = new Date(start - 3_600_000 + slot * 1000);
    const counts = await t.app.get(CheckWorkService).report(
      { agentId: 'test', locations: regions, privateLocationId: null },
      regions.map((location) => ({
        run: { monitorId, location, trigger: 'cron' as const, triggerId: null, cronTimestamp: at, periodMs: 60_000 },
        outcome: {
          ...emptyResult(),
          status,
          latencyMs: 12,
          statusCode: status === 'error' ? 503 : 200,
          attempts: 1,
          error: status === 'error' ? { kind: 'http' as const, message: 'status 503' } : null,
          details: { certificate: cert },
        },
        startedAt: at,
      })),
    );
    expect(counts.stored).toBe(regions.length);
  }

  const deliveries = (monitorId: string) =>
    t.db.rows<{ kind: string; status: string; incident_key: string }>(
      'SELECT kind, status, incident_key FROM alert_deliveries d WHERE monitor_id = $1 ORDER BY d.id',
      [monitorId],
    );

  const thresholds = async (monitorId: string) =>
    (
      await t.db.rows<{ threshold: number; alerted: boolean; days_left: number }>(
        'SELECT threshold, alerted, days_left FROM certificate_alerts WHERE monitor_id = $1 ORDER BY threshold DESC',
        [monitorId],
      )
    ).map((r) => [Number(r.threshold), r.alerted]);

  const bodiesTo = (path: string) =>
    receiver.requests.filter((r) => r.path === path).map((r) => JSON.parse(r.body) as WebhookBody);

  const delivered = (monitorId: string, count: number) =>
    eventually(
      () => deliveries(monitorId),
      (rows) => rows.length === count && rows.every((r) => r.status === 'delivered'),
    );

  it('sends each threshold once as the days run out, with the documented webhook payload', async () => {
    const { monitorId, path } = await setup();
    await report(monitorId, certificate(30));
    await report(monitorId, certificate(15));
    expect(await deliveries(monitorId)).toEqual([]);

    await report(monitorId, certificate(14));
    await delivered(monitorId, 1);
    // Seen again, from another location too: the 14-day alert is not sent again.
    await report(monitorId, certificate(13), ['fly-ams', 'fly-iad']);
    await report(monitorId, certificate(7));
    await delivered(monitorId, 2);
    await report(monitorId, certificate(6));
    await report(monitorId, certificate(1));
    await report(monitorId, certificate(0));
    const rows = await delivered(monitorId, 3);

    expect(rows.map((r) => r.kind)).toEqual(['certificate', 'certificate', 'certificate']);
    expect(await thresholds(monitorId)).toEqual([
      [14, true],
      [7, true],
      [1, true],
    ]);
    const bodies = await eventually(
      async () => bodiesTo(path),
      (b) => b.length === 3,
    );
    expect(bodies.map((b) => [b.event, b.certificate?.threshold_days, b.certificate?.days_left])).toEqual([
      ['certificate.expiring', 14, 14],
      ['certificate.expiring', 7, 7],
      ['certificate.expiring', 1, 1],
    ]);
    const [first] = bodies;
    expect(first.certificate).toEqual({
      subject: 'CN=shop.example',
      sans: ['DNS:shop.example', 'DNS:www.shop.example'],
      issuer: 'C=US, O=Test CA, CN=Test Issuing CA',
      serial: '0A1B2C3D',
      not_before: certificate(14).notBefore,
      not_after: '2030-01-01T00:00:00.000Z',
      days_left: 14,
      threshold_days: 14,
      verified: true,
      verification_error: null,
      region: 'fly-ams',
    });
    expect(first.title).toBe('[CERTIFICATE] Checkout API: TLS certificate expires in 14 days');
    expect(first.text).toContain(
      'The TLS certificate of Checkout API (http https://127.0.0.1:9/health), CN=shop.example, expires in 14 days (not after 2030-01-01T00:00:00Z).',
    );
    expect(first.text).toContain('Days left: 14 (alert at 14 days)');
    expect(first.regions).toEqual([]);
    // The body has exactly the fields the docs show for certificate.expiring.
    const documented = documentedBody();
    expect(Object.keys(first).sort()).toEqual(Object.keys(documented).sort());
    expect(Object.keys(first.certificate!).sort()).toEqual(Object.keys(documented.certificate!).sort());
    const headers = receiver.requests.find((r) => r.path === path)!.headers;
    expect(headers['x-alert-event']).toBe('certificate.expiring');
    expect(headers['x-alert-event-id']).toBe(first.event_id);
    // One incident key per threshold, and none of them is a status incident.
    expect(new Set(bodies.map((b) => b.incident_key)).size).toBe(3);
    // The status is the checks' alone: all successful, no status alert.
    const [state] = await t.db.rows<{ status: string }>(
      'SELECT status FROM monitor_alert_states WHERE monitor_id = $1',
      [monitorId],
    );
    expect(state.status).toBe('active');
  });

  it('alerts once, for the smallest threshold, when a check reaches two at once', async () => {
    const { monitorId, path } = await setup();
    await report(monitorId, certificate(3));
    await delivered(monitorId, 1);
    expect(await thresholds(monitorId)).toEqual([
      [14, false],
      [7, true],
    ]);
    await report(monitorId, certificate(2));
    await report(monitorId, certificate(-2));
    await delivered(monitorId, 2);
    const bodies = await eventually(
      async () => bodiesTo(path),
      (b) => b.length === 2,
    );
    expect(bodies.map((b) => [b.certificate?.threshold_days, b.certificate?.days_left])).toEqual([
      [7, 3],
      [1, -2],
    ]);
    expect(bodies[1].title).toBe('[CERTIFICATE] Checkout API: TLS certificate expired 2 days ago');
  });

  it('alerts again for a renewed certificate (a new serial)', async () => {
    const { monitorId } = await setup();
    await report(monitorId, certificate(5, 'AA01'));
    await delivered(monitorId, 1);
    await report(monitorId, certificate(5, 'AA01'));
    await report(monitorId, certificate(5, 'BB02'));
    await delivered(monitorId, 2);
    const keys = await t.db.rows<{ certificate_key: string }>(
      'SELECT DISTINCT certificate_key FROM certificate_alerts WHERE monitor_id = $1',
      [monitorId],
    );
    expect(keys).toHaveLength(2);
  });

  it('sends nothing when the monitor names no thresholds', async () => {
    const { monitorId } = await setup({ thresholds: [] });
    await report(monitorId, certificate(0));
    await report(monitorId, certificate(-5));
    expect(await thresholds(monitorId)).toEqual([]);
    expect(await deliveries(monitorId)).toEqual([]);
  });

  it('is not held by a maintenance window, nor behind a status alert the window holds', async () => {
    const { tenant, monitorId } = await setup({ regions: ['fly-ams'] });
    const page = await t.app
      .get(StatusPagesService)
      .create(tenant.ctx, { title: 'Status', slug: `certificates-${Date.now()}-${slot}` });
    const component = await t.app
      .get(PageComponentsService)
      .createComponent(tenant.ctx, { pageId: page.id, type: 'monitor', monitorId, name: 'API' });
    await t.app.get(MaintenancesService).create(
      tenant.ctx,
      {
        pageId: page.id,
        title: 'Upgrade',
        from: new Date(Date.now() - 60_000),
        to: new Date(Date.now() + 3_600_000),
        pageComponentIds: [component.id],
      },
      false,
    );
    await report(monitorId, certificate(20));
    await report(monitorId, certificate(20), ['fly-ams'], 'error');
    await report(monitorId, certificate(10), ['fly-ams'], 'error');
    const rows = await eventually(
      () => deliveries(monitorId),
      (r) => r.some((d) => d.kind === 'certificate' && d.status === 'delivered'),
    );
    expect(rows.map((r) => [r.kind, r.status])).toEqual([
      ['down', 'pending'],
      ['certificate', 'delivered'],
    ]);
  });

  it('sends once when two transactions ingest the same certificate at the same time', async () => {
    const { monitorId } = await setup({ regions: ['fly-ams', 'fly-iad'] });
    // Each round: two reports of new results (one per location) carrying the same certificate, on
    // two connections at once, as two API nodes would ingest them.
    for (let round = 0; round < 5; round += 1) {
      const serial = `C0${round}`;
      slot += 1;
      const at = new Date(start - 3_600_000 + slot * 1000);
      const one = (location: Region) =>
        t.app
          .get(CheckWorkService)
          .report({ agentId: `node-${location}`, locations: [location], privateLocationId: null }, [
            {
              run: {
                monitorId,
                location,
                trigger: 'cron' as const,
                triggerId: null,
                cronTimestamp: at,
                periodMs: 60_000,
              },
              outcome: {
                ...emptyResult(),
                status: 'success' as const,
                latencyMs: 12,
                statusCode: 200,
                attempts: 1,
                details: { certificate: certificate(3, serial) },
              },
              startedAt: at,
            },
          ]);
      const counts = await Promise.all([one('fly-ams'), one('fly-iad')]);
      expect(counts.map((c) => c.stored)).toEqual([1, 1]);
    }
    const rows = await delivered(monitorId, 5);
    expect(new Set(rows.map((r) => r.incident_key)).size).toBe(5);
    const perThreshold = await t.db.rows<{ n: string }>(
      'SELECT count(*) AS n FROM certificate_alerts WHERE monitor_id = $1 GROUP BY certificate_key, threshold',
      [monitorId],
    );
    expect(perThreshold.map((r) => Number(r.n))).toEqual(Array(10).fill(1));
  });
});

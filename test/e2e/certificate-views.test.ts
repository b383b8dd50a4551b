// The leaf certificate a check saw, wherever a result is shown: stored with the result through the
// agents' ingest path (as a probe records it, details.certificate), then read back over RPC
// (GetMonitorHTTPResponseLog), MCP (get_response_log) and the dashboard (the response log detail and
// the monitor page). Real server, real database, the official clients.
import { createClient } from '@connectrpc/connect';
import { createConnectTransport } from '@connectrpc/connect-node';
import { MonitorService } from '@uptime/proto/gen/monitor/v1/monitor_service_pb';
import type { CertificateInfo } from '../../backend/src/checks/check-config';
import { MonitorsService } from '../../backend/src/monitors/monitors.service';
import { DashboardClient, newMember } from '../support/dashboard';
import { newTenant, startHttpApp, type HttpTestApp, type Tenant } from '../support/http-app';
import { McpTestClients } from '../support/mcp';
import { storeResult } from '../support/results';
import { withKey } from '../support/rpc';

const EXPIRED: CertificateInfo = {
  subject: 'CN=127.0.0.1',
  sans: ['IP Address:127.0.0.1', 'DNS:localhost'],
  issuer: 'CN=127.0.0.1',
  serial: '5EC0DE01',
  notBefore: '2025-01-01T00:00:00.000Z',
  notAfter: '2025-04-01T00:00:00.000Z',
  daysLeft: -3,
  verified: false,
  verificationError: 'CERT_HAS_EXPIRED: certificate has expired',
};

describe('certificates in the response logs and the monitor page', () => {
  let t: HttpTestApp;
  let tenant: Tenant;
  let monitorId: string;
  let mcpClients: McpTestClients<{ logs: Array<{ id: string }>; log: Record<string, unknown> }>;

  beforeAll(async () => {
    t = await startHttpApp();
    tenant = await newTenant(t, 'pro');
    const monitor = await t.app.get(MonitorsService).create(tenant.ctx, 'http', {
      name: 'Self-signed',
      url: 'https://127.0.0.1:9/health',
      periodicity: '1m',
      regions: ['fly-ams'],
    });
    monitorId = monitor.id;
    // An older check without a handshake (it failed before one), then the newest with one.
    await storeResult(t.app, { monitorId, minutesAgo: 3, status: 'error' });
    await storeResult(t.app, {
      monitorId,
      minutesAgo: 1,
      status: 'success',
      extra: { url: 'https://127.0.0.1:9/health', details: { certificate: EXPIRED } },
    });
    mcpClients = new McpTestClients(t.baseUrl, 'certificates');
  });

  afterAll(async () => {
    await mcpClients.closeAll();
    await t.close();
  });

  const rpc = () =>
    createClient(
      MonitorService,
      createConnectTransport({
        baseUrl: `${t.baseUrl}/rpc`,
        httpVersion: '1.1',
        interceptors: [withKey(tenant.readKey)],
      }),
    );

  it('round-trips through storage: the newest log has it, the one without a handshake has none', async () => {
    const rows = await t.db.rows<{ certificate: CertificateInfo | null }>(
      'SELECT certificate FROM check_results WHERE monitor_id = $1 ORDER BY cron_timestamp',
      [monitorId],
    );
    expect(rows.map((r) => r.certificate)).toEqual([null, EXPIRED]);
  });

  it('shows it over RPC (GetMonitorHTTPResponseLog)', async () => {
    const client = rpc();
    const { logs } = await client.listMonitorHTTPResponseLogs({ id: monitorId });
    expect(logs).toHaveLength(2);
    const { log } = await client.getMonitorHTTPResponseLog({ id: monitorId, logId: logs[0].id });
    expect(log?.certificate).toMatchObject({
      subject: 'CN=127.0.0.1',
      sans: ['IP Address:127.0.0.1', 'DNS:localhost'],
      issuer: 'CN=127.0.0.1',
      serial: '5EC0DE01',
      notBefore: BigInt(Date.parse(EXPIRED.notBefore)),
      notAfter: BigInt(Date.parse(EXPIRED.notAfter)),
      daysLeft: -3,
      verified: false,
      verificationError: 'CERT_HAS_EXPIRED: certificate has expired',
    });
    const older = await client.getMonitorHTTPResponseLog({ id: monitorId, logId: logs[1].id });
    expect(older.log?.certificate).toBeUndefined();
  });

  it('shows it over MCP (get_response_log), as its output schema declares', async () => {
    const client = await mcpClients.withKey(tenant.readKey);
    await mcpClients.checkOutputSchemas(client);
    const { logs } = await mcpClients.ok(client, 'list_response_logs', { monitorId });
    const { log } = await mcpClients.ok(client, 'get_response_log', { monitorId, logId: logs[0].id });
    expect(log.certificate).toEqual(EXPIRED);
    const older = await mcpClients.ok(client, 'get_response_log', { monitorId, logId: logs[1].id });
    expect(older.log.certificate).toBeNull();
  });

  it('shows it on the response log detail and the monitor page of the dashboard', async () => {
    const member = await newMember(t, tenant.ctx, 'viewer');
    const browser = new DashboardClient(t.baseUrl);
    await browser.signIn(member.email);
    const slug = tenant.ctx.workspace.slug;
    const [newest] = await t.db.rows<{ id: string }>(
      'SELECT id::text AS id FROM check_results WHERE monitor_id = $1 AND certificate IS NOT NULL',
      [monitorId],
    );
    const detail = await browser.get(`/app/w/${slug}/monitors/${monitorId}/logs/${newest.id}`);
    expect(detail.status).toBe(200);
    const monitorPage = await browser.get(`/app/w/${slug}/monitors/${monitorId}`);
    expect(monitorPage.status).toBe(200);
    for (const page of [detail.body, monitorPage.body]) {
      expect(page).toContain('TLS certificate');
      expect(page).toContain('<code>CN=127.0.0.1</code>');
      expect(page).toContain('<code>IP Address:127.0.0.1, DNS:localhost</code>');
      expect(page).toContain('2025-04-01 00:00:00 UTC');
      expect(page).toContain('expired 3 days ago');
      expect(page).toContain('not verified');
      expect(page).toContain('CERT_HAS_EXPIRED: certificate has expired');
    }
    expect(monitorPage.body).toMatch(/Seen<\/dt>\s*<dd><time[^>]*>[^<]*<\/time> from fly-ams/);
  });
});

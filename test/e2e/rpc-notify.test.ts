// The RPC publishing methods' `notify` (status reports and maintenances) with real e-mail: the same
// service verbs as the MCP tools, so the same rules (SPEC §4.2 rules 2-5), with notify optional and
// false by default. A loopback SMTP server receives what the page's confirmed subscribers are sent.
import { timestampFromDate } from '@bufbuild/protobuf/wkt';
import { createClient } from '@connectrpc/connect';
import { MaintenanceService } from '@uptime/proto/gen/maintenance/v1/maintenance_service_pb';
import { StatusReportService, StatusReportStatus } from '@uptime/proto/gen/status_report/v1/status_report_service_pb';
import { StatusPagesService } from '../../backend/src/status-pages/status-pages.service';
import { SubscribersService } from '../../backend/src/subscribers/subscribers.service';
import { newTenant, startHttpApp, type HttpTestApp, type Tenant } from '../support/http-app';
import { rpcTransport } from '../support/rpc';
import { startSmtp, type TestSmtp } from '../support/smtp';

describe('RPC publishing with notify', () => {
  let t: HttpTestApp;
  let smtp: TestSmtp;
  let tenant: Tenant;
  let pageId: string;

  const transport = () => rpcTransport(t.baseUrl, tenant.writeKey);
  const reports = () => createClient(StatusReportService, transport());
  const maintenances = () => createClient(MaintenanceService, transport());
  const recipients = () => smtp.messages.flatMap((m) => m.to).sort();

  /** notified_at as stored, read past the service. */
  async function storedNotifiedAt(table: 'status_report_updates' | 'maintenances', id: string): Promise<Date | null> {
    const [row]: Array<{ notified_at: Date | null }> = await t.db.manager.query(
      `SELECT notified_at FROM ${table} WHERE id = $1`,
      [id],
    );
    return row.notified_at;
  }

  beforeAll(async () => {
    smtp = await startSmtp();
    t = await startHttpApp({ env: { SMTP_URL: smtp.url, MAIL_FROM: 'Acme Status <status@acme.test>' } });
    tenant = await newTenant(t, 'pro');
    pageId = (await t.app.get(StatusPagesService).create(tenant.ctx, { title: 'Acme', slug: 'rpc-notify' })).id;
    const subscribers = t.app.get(SubscribersService);
    await subscribers.import(tenant.ctx, pageId, ['ada@example.test', 'bob@example.test'], { confirmed: true });
    await subscribers.add(tenant.ctx, pageId, 'pending@example.test');
    smtp.clear();
  });

  afterEach(() => smtp.clear());

  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  it('mails nobody and answers notified false when notify is left out', async () => {
    const created = await reports().createStatusReport({ pageId, title: 'Quiet', message: 'Internal only.' });
    expect(created.notified).toBe(false);
    expect(created.update?.notifiedAt).toBeUndefined();
    const added = await reports().addStatusReportUpdate({
      id: created.statusReport!.id,
      status: StatusReportStatus.IDENTIFIED,
      message: 'Found it.',
    });
    expect(added.notified).toBe(false);
    const resolved = await reports().resolveStatusReport({ id: created.statusReport!.id, message: 'Done.' });
    expect(resolved.notified).toBe(false);
    const maintenance = await maintenances().createMaintenance({
      maintenance: {
        pageId,
        title: 'Quiet window',
        from: timestampFromDate(new Date(Date.now() + 86_400_000)),
        to: timestampFromDate(new Date(Date.now() + 90_000_000)),
      },
    });
    expect(maintenance.notified).toBe(false);
    expect(maintenance.maintenance?.notifiedAt).toBeUndefined();
    expect(smtp.messages).toEqual([]);
    expect(await storedNotifiedAt('status_report_updates', created.update!.id)).toBeNull();
    expect(await storedNotifiedAt('maintenances', maintenance.maintenance!.id)).toBeNull();
  });

  it('mails the confirmed subscribers of every posted update with notify true, and records notifiedAt', async () => {
    const before = Date.now();
    const created = await reports().createStatusReport({
      pageId,
      title: 'Checkout errors',
      message: 'Payments fail for some customers.',
      notify: true,
    });
    expect([created.notified, created.notifyError]).toEqual([true, '']);
    expect(recipients()).toEqual(['ada@example.test', 'bob@example.test']);
    expect(smtp.to('ada@example.test')[0].text).toContain('Payments fail for some customers.');
    const stored = await storedNotifiedAt('status_report_updates', created.update!.id);
    expect(stored?.getTime()).toBeGreaterThanOrEqual(before);
    expect(created.update?.notifiedAt).toBeDefined();
    expect(created.statusReport?.updates[0].notifiedAt).toEqual(created.update?.notifiedAt);

    smtp.clear();
    const added = await reports().addStatusReportUpdate({
      id: created.statusReport!.id,
      status: StatusReportStatus.IDENTIFIED,
      message: 'A bad deploy; rolling back.',
      notify: true,
    });
    expect(added.notified).toBe(true);
    expect(smtp.to('bob@example.test')[0].text).toContain('A bad deploy; rolling back.');

    smtp.clear();
    const resolved = await reports().resolveStatusReport({
      id: created.statusReport!.id,
      message: 'Payments work again.',
      notify: true,
    });
    expect(resolved.notified).toBe(true);
    expect(smtp.to('ada@example.test')[0].text).toContain('Payments work again.');
    expect(await storedNotifiedAt('status_report_updates', resolved.update!.id)).not.toBeNull();

    // Read back later, each update keeps when it was sent.
    const { statusReport } = await reports().getStatusReport({ id: created.statusReport!.id });
    expect(statusReport?.updates.map((u) => u.notifiedAt !== undefined)).toEqual([true, true, true]);
  });

  it('announces a maintenance with notify true and keeps its updatedAt', async () => {
    const { maintenance, notified } = await maintenances().createMaintenance({
      maintenance: {
        pageId,
        title: 'Database upgrade',
        message: 'Read-only for ten minutes.',
        from: timestampFromDate(new Date(Date.now() + 86_400_000)),
        to: timestampFromDate(new Date(Date.now() + 87_000_000)),
      },
      notify: true,
    });
    expect(notified).toBe(true);
    expect(recipients()).toEqual(['ada@example.test', 'bob@example.test']);
    expect(smtp.to('bob@example.test')[0].subject).toContain('Database upgrade');
    expect(maintenance?.notifiedAt).toBeDefined();
    expect(await storedNotifiedAt('maintenances', maintenance!.id)).not.toBeNull();
    const read = await maintenances().getMaintenance({ id: maintenance!.id });
    expect(read.maintenance?.notifiedAt).toEqual(maintenance?.notifiedAt);
    expect(read.maintenance?.updatedAt).toEqual(maintenance?.updatedAt);
  });

  it('keeps the update, unsent, and answers notified false when dispatch fails', async () => {
    smtp.rejectRecipients.add('bob@example.test');
    try {
      const created = await reports().createStatusReport({
        pageId,
        title: 'Partly delivered',
        message: 'One address refuses mail.',
        notify: true,
      });
      expect(created.notified).toBe(false);
      expect(created.notifyError).toBe('the mail relay did not accept 1 of 2 e-mails; the server log has the details');
      expect(created.update?.notifiedAt).toBeUndefined();
      expect(await storedNotifiedAt('status_report_updates', created.update!.id)).toBeNull();
      const { statusReport } = await reports().getStatusReport({ id: created.statusReport!.id });
      expect(statusReport?.title).toBe('Partly delivered');
    } finally {
      smtp.rejectRecipients.clear();
    }
  });
});

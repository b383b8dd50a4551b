// The publishing tools' notify semantics (SPEC §4.2 rules 1-5) with real e-mail: a loopback SMTP
// server receives what the page's confirmed subscribers are sent.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { StatusPagesService } from '../../backend/src/status-pages/status-pages.service';
import { StatusReportsService } from '../../backend/src/status-reports/status-reports.service';
import { SubscribersService } from '../../backend/src/subscribers/subscribers.service';
import { newTenant, startHttpApp, type HttpTestApp, type Tenant } from '../support/http-app';
import { startSmtp, type TestSmtp } from '../support/smtp';

interface Published {
  notified: boolean;
  notifyError?: string;
  statusReport?: { id: string; title: string };
  maintenance?: { id: string };
}

describe('MCP publishing tools and subscriber e-mail', () => {
  let t: HttpTestApp;
  let smtp: TestSmtp;
  let pro: Tenant;
  let free: Tenant;
  let proPage: string;
  let freePage: string;
  const clients: Client[] = [];

  async function client(key: string): Promise<Client> {
    const c = new Client({ name: 'notify-e2e', version: '1.0.0' });
    await c.connect(
      new StreamableHTTPClientTransport(new URL(`${t.baseUrl}/mcp`), {
        requestInit: { headers: { 'x-service-key': key } },
      }),
    );
    clients.push(c);
    return c;
  }
  async function publish(key: string, name: string, args: Record<string, unknown>): Promise<Published> {
    const result = (await (await client(key)).callTool({ name, arguments: args })) as CallToolResult;
    if (result.isError) throw new Error(JSON.stringify(result.content));
    return result.structuredContent as unknown as Published;
  }

  beforeAll(async () => {
    smtp = await startSmtp();
    t = await startHttpApp({ env: { SMTP_URL: smtp.url, MAIL_FROM: 'Acme Status <status@acme.test>' } });
    pro = await newTenant(t, 'pro');
    free = await newTenant(t, 'free');
    const pages = t.app.get(StatusPagesService);
    proPage = (await pages.create(pro.ctx, { title: 'Acme status', slug: 'acme-notify' })).id;
    freePage = (await pages.create(free.ctx, { title: 'Free status', slug: 'free-notify' })).id;
    const subscribers = t.app.get(SubscribersService);
    await subscribers.import(pro.ctx, proPage, ['ada@example.test', 'bob@example.test'], { confirmed: true });
    await subscribers.add(pro.ctx, proPage, 'pending@example.test');
    await subscribers.import(free.ctx, freePage, ['cleo@example.test'], { confirmed: true });
    smtp.clear();
  });

  afterEach(() => smtp.clear());

  afterAll(async () => {
    await Promise.all(clients.map((c) => c.close().catch(() => undefined)));
    await t.close();
    await smtp.close();
  });

  it('e-mails the confirmed subscribers, in the same call, when notify is true', async () => {
    const out = await publish(pro.writeKey, 'create_status_report', {
      pageId: proPage,
      title: 'Checkout errors',
      status: 'investigating',
      message: 'Payments fail for some customers.',
      notify: true,
    });
    expect(out.notified).toBe(true);
    expect(smtp.messages.flatMap((m) => m.to).sort()).toEqual(['ada@example.test', 'bob@example.test']);
    const mail = smtp.to('ada@example.test')[0];
    expect(mail.subject).toContain('Checkout errors');
    expect(mail.text).toContain('Payments fail for some customers.');
    expect(mail.text).toContain('/subscriptions/unsubscribe?token=');
    expect(mail.headers.get('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    expect(smtp.to('pending@example.test')).toEqual([]);

    smtp.clear();
    const update = await publish(pro.writeKey, 'add_status_report_update', {
      statusReportId: out.statusReport!.id,
      status: 'identified',
      message: 'A bad deploy; rolling back.',
      notify: true,
    });
    expect(update.notified).toBe(true);
    expect(smtp.to('bob@example.test')[0].text).toContain('A bad deploy; rolling back.');

    smtp.clear();
    const resolved = await publish(pro.writeKey, 'resolve_status_report', {
      statusReportId: out.statusReport!.id,
      message: 'Payments work again.',
      notify: true,
    });
    expect(resolved.notified).toBe(true);
    expect(smtp.to('ada@example.test')[0].text).toContain('Payments work again.');
  });

  it('announces a maintenance with notify true', async () => {
    const out = await publish(pro.writeKey, 'create_maintenance', {
      pageId: proPage,
      title: 'Database upgrade',
      message: 'Read-only for ten minutes.',
      from: new Date(Date.now() + 86_400_000).toISOString(),
      to: new Date(Date.now() + 86_400_000 + 600_000).toISOString(),
      notify: true,
    });
    expect(out.notified).toBe(true);
    expect(smtp.messages).toHaveLength(2);
    expect(smtp.to('ada@example.test')[0].subject).toContain('Database upgrade');
  });

  it('sends nothing with notify false, and update_status_report never notifies', async () => {
    const out = await publish(pro.writeKey, 'create_status_report', {
      pageId: proPage,
      title: 'Quiet',
      message: 'Internal only.',
      notify: false,
    });
    expect(out.notified).toBe(false);
    await publish(pro.writeKey, 'update_status_report', { statusReportId: out.statusReport!.id, title: 'Still quiet' });
    expect(smtp.messages).toEqual([]);
  });

  it('is a silent no-op that reports notified: true on a plan without subscriber notifications', async () => {
    const out = await publish(free.writeKey, 'create_status_report', {
      pageId: freePage,
      title: 'Free plan incident',
      message: 'x',
      notify: true,
    });
    expect(out.notified).toBe(true);
    expect(smtp.messages).toEqual([]);
  });

  it('answers notified: false and keeps the record when dispatch fails', async () => {
    smtp.rejectRecipients.add('bob@example.test');
    const out = await publish(pro.writeKey, 'create_status_report', {
      pageId: proPage,
      title: 'Partly delivered',
      message: 'One address refuses mail.',
      notify: true,
    });
    smtp.rejectRecipients.clear();
    expect(out.notified).toBe(false);
    expect(out.notifyError).toBe('the mail relay did not accept 1 of 2 e-mails; the server log has the details');
    // The other subscriber still got the mail, and the report is saved.
    expect(smtp.to('ada@example.test')).toHaveLength(1);
    const saved = await t.app.get(StatusReportsService).get(pro.ctx, out.statusReport!.id);
    expect(saved.title).toBe('Partly delivered');

    // The relay refuses everyone.
    smtp.rejectRecipients.add('ada@example.test').add('bob@example.test');
    const down = await publish(pro.writeKey, 'create_maintenance', {
      pageId: proPage,
      title: 'Nobody reachable',
      from: new Date(Date.now() + 3_600_000).toISOString(),
      to: new Date(Date.now() + 7_200_000).toISOString(),
      notify: true,
    });
    expect(down.notified).toBe(false);
    expect(down.notifyError).toBe('the mail relay did not accept 2 of 2 e-mails; the server log has the details');
    smtp.rejectRecipients.clear();
    expect(down.maintenance!.id).toMatch(/^\d+$/);
    expect(smtp.messages).toHaveLength(1);
  });
});

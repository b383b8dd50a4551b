// Subscribers end to end: the real HTTP server with subscriber.v1.SubscriberService over the Connect
// client, the public confirm and unsubscribe pages over plain HTTP, and a real SMTP server on
// loopback that receives every mail.
import { Code, createClient, type Client } from '@connectrpc/connect';
import { createConnectTransport } from '@connectrpc/connect-node';
import { SubscriberService, SubscriberStatus } from '@uptime/proto/gen/subscriber/v1/subscriber_service_pb';
import { AuditLogEntity } from '../../backend/src/audit/audit-log.entity';
import { SubscriberNotifier, type PageEvent } from '../../backend/src/subscribers/subscriber-notifier.service';
import { newTenant, startHttpApp, type HttpTestApp, type Tenant } from '../support/http-app';
import { rpcError, withKey } from '../support/rpc';
import { startSmtp, type ReceivedMail, type TestSmtp } from '../support/smtp';

type SubscriberClient = Client<typeof SubscriberService>;

const SITE_URL = 'https://status.example.test';

describe('subscribers over HTTP', () => {
  let t: HttpTestApp;
  let smtp: TestSmtp;
  let tenant: Tenant;
  let sut: SubscriberClient;
  let slugs = 0;

  const clientFor = (key: string | null): SubscriberClient =>
    createClient(
      SubscriberService,
      createConnectTransport({ baseUrl: `${t.baseUrl}/rpc`, httpVersion: '1.1', interceptors: [withKey(key)] }),
    );

  async function insertPage(workspaceId: string): Promise<string> {
    slugs += 1;
    const [page]: Array<{ id: string }> = await t.db.manager.query(
      `INSERT INTO status_pages (workspace_id, title, slug) VALUES ($1, 'Acme Status', $2) RETURNING id`,
      [workspaceId, `e2e-subscribers-${slugs}`],
    );
    return page.id;
  }

  /** The link to `path` in a mail's text, moved from SITE_URL to the test server. */
  function link(mail: ReceivedMail, path: string): string {
    const match = new RegExp(`(https://\\S+${path}\\?token=\\S+)`).exec(mail.text);
    if (!match) throw new Error(`no ${path} link in ${JSON.stringify(mail.text)}`);
    const url = new URL(match[1]);
    expect(url.origin).toBe(SITE_URL);
    return `${t.baseUrl}${url.pathname}${url.search}`;
  }

  const incident = (pageId: string): PageEvent => ({
    kind: 'status_report.updated',
    pageId,
    title: 'API errors',
    status: 'identified',
    message: 'A faulty deploy; rolling back.',
    componentNames: [],
    at: new Date(),
  });

  const notify = (pageId: string) => t.app.get(SubscriberNotifier).notify(tenant.ctx, incident(pageId));

  async function statuses(pageId: string): Promise<Record<string, SubscriberStatus>> {
    const { subscribers } = await sut.listSubscribers({ pageId });
    return Object.fromEntries(subscribers.map((s) => [s.email, s.status]));
  }

  beforeAll(async () => {
    smtp = await startSmtp();
    t = await startHttpApp({ env: { SMTP_URL: smtp.url, SITE_URL } });
    tenant = await newTenant(t);
    sut = clientFor(tenant.writeKey);
  });

  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  beforeEach(() => smtp.clear());

  it('add, confirm by link, notify the confirmed only, unsubscribe by link and one-click POST', async () => {
    const pageId = await insertPage(tenant.ctx.workspace.id);
    const added = await sut.addSubscriber({ pageId, email: 'Ada@Example.com' });
    expect(added.confirmationSent).toBe(true);
    expect(added.subscriber).toMatchObject({ email: 'ada@example.com', status: SubscriberStatus.PENDING });
    await sut.addSubscriber({ pageId, email: 'pending@example.com' });
    await sut.addSubscriber({ pageId, email: 'bo@example.com' });

    // GET shows a button and changes nothing: link scanners must not confirm.
    const confirmUrl = link(smtp.to('ada@example.com')[0], '/subscriptions/confirm');
    const shown = await fetch(confirmUrl);
    expect(shown.status).toBe(200);
    expect(shown.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(shown.headers.get('referrer-policy')).toBe('no-referrer');
    expect(await shown.text()).toContain('<form method="post" action="/subscriptions/confirm?token=');
    expect((await statuses(pageId))['ada@example.com']).toBe(SubscriberStatus.PENDING);

    for (const repeat of [1, 2]) {
      const confirmed = await fetch(confirmUrl, { method: 'POST' });
      expect([repeat, confirmed.status]).toEqual([repeat, 200]);
      expect(await confirmed.text()).toContain('ada@example.com will receive status updates of Acme Status.');
    }
    const bo = await fetch(link(smtp.to('bo@example.com')[0], '/subscriptions/confirm'), { method: 'POST' });
    expect(bo.status).toBe(200);
    expect(await statuses(pageId)).toEqual({
      'ada@example.com': SubscriberStatus.CONFIRMED,
      'bo@example.com': SubscriberStatus.CONFIRMED,
      'pending@example.com': SubscriberStatus.PENDING,
    });

    smtp.clear();
    expect(await notify(pageId)).toEqual({ sent: 2 });
    expect(smtp.messages.flatMap((m) => m.to).sort()).toEqual(['ada@example.com', 'bo@example.com']);

    // The page's button (a form POST) for one, RFC 8058 one-click for the other.
    const adaUnsubscribe = link(smtp.to('ada@example.com')[0], '/subscriptions/unsubscribe');
    expect(await (await fetch(adaUnsubscribe)).text()).toContain('action="/subscriptions/unsubscribe?token=');
    expect((await statuses(pageId))['ada@example.com']).toBe(SubscriberStatus.CONFIRMED);
    const viaForm = await fetch(adaUnsubscribe, { method: 'POST' });
    expect(viaForm.status).toBe(200);
    expect(await viaForm.text()).toContain('ada@example.com will no longer receive status updates');

    const boMail = smtp.to('bo@example.com')[0];
    const header = /^<(.+)>$/.exec(boMail.headers.get('list-unsubscribe')!)![1];
    expect(boMail.headers.get('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    const oneClickUrl = `${t.baseUrl}${new URL(header).pathname}${new URL(header).search}`;
    const oneClick = await fetch(oneClickUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(oneClick.status).toBe(200);
    // Mail clients may send it as multipart/form-data too; a repeat changes nothing.
    const form = new FormData();
    form.set('List-Unsubscribe', 'One-Click');
    expect((await fetch(oneClickUrl, { method: 'POST', body: form })).status).toBe(200);

    expect(await statuses(pageId)).toEqual({
      'ada@example.com': SubscriberStatus.UNSUBSCRIBED,
      'bo@example.com': SubscriberStatus.UNSUBSCRIBED,
      'pending@example.com': SubscriberStatus.PENDING,
    });
    smtp.clear();
    expect(await notify(pageId)).toEqual({ sent: 0 });
    expect(smtp.messages).toEqual([]);

    // The link actions are audited on the workspace, as the link's holder over the web.
    const linkEntries = await t.db.repo(AuditLogEntity).find({
      where: { workspaceId: tenant.ctx.workspace.id, entityType: 'page_subscriber', actorId: 'subscription-link' },
    });
    expect(linkEntries.map((e) => e.action).sort()).toEqual([
      'page_subscriber.confirm',
      'page_subscriber.confirm',
      'page_subscriber.unsubscribe',
      'page_subscriber.unsubscribe',
    ]);
    expect(linkEntries.every((e) => e.actorType === 'system' && e.via === 'rest')).toBe(true);
  });

  it('answers a bad or tampered link with a readable page', async () => {
    const pageId = await insertPage(tenant.ctx.workspace.id);
    await sut.addSubscriber({ pageId, email: 'x@example.com' });
    const header = smtp.to('x@example.com')[0].headers.get('list-unsubscribe')!;
    const good = new URL(/^<(.+)>$/.exec(header)![1]);
    const token = good.searchParams.get('token')!;
    const tampered = `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`;
    for (const bad of ['', 'short', tampered, `${'a'.repeat(43)}`]) {
      const response = await fetch(`${t.baseUrl}/subscriptions/unsubscribe?token=${encodeURIComponent(bad)}`, {
        method: 'POST',
      });
      expect([bad, response.status]).toEqual([bad, 404]);
      expect(await response.text()).toContain('This link did not work');
    }
    const confirmWithUnsubscribeToken = await fetch(
      `${t.baseUrl}/subscriptions/confirm?token=${encodeURIComponent(token)}`,
      {
        method: 'POST',
      },
    );
    expect(confirmWithUnsubscribeToken.status).toBe(404);
    expect((await statuses(pageId))['x@example.com']).toBe(SubscriberStatus.PENDING);
  });

  it('imports, lists, removes over RPC with the house errors', async () => {
    const pageId = await insertPage(tenant.ctx.workspace.id);
    expect(
      await sut.importSubscribers({
        pageId,
        emails: ['a@example.com', 'A@example.com', 'b@example.com'],
        confirmed: true,
      }),
    ).toMatchObject({ added: 2, skipped: 1, confirmationsSent: 0 });
    expect(smtp.messages).toEqual([]);
    const page1 = await sut.listSubscribers({ pageId, perPage: 1 });
    expect(page1.pagination).toMatchObject({ page: 1, perPage: 1, totalSize: 2, totalPages: 2 });
    expect(page1.subscribers[0]).toMatchObject({ email: 'b@example.com', status: SubscriberStatus.CONFIRMED });
    expect(page1.subscribers[0].confirmedAt).toBeDefined();

    expect(await sut.removeSubscriber({ id: page1.subscribers[0].id })).toMatchObject({ success: true });
    expect((await sut.listSubscribers({ pageId })).subscribers.map((s) => s.email)).toEqual(['a@example.com']);

    const invalid = await rpcError(sut.addSubscriber({ pageId, email: 'nope' }));
    expect(invalid.code).toBe(Code.InvalidArgument);
    expect(invalid.rawMessage).toBe('email: must be an e-mail address such as name@example.com');
    const tooMany = await rpcError(sut.listSubscribers({ pageId, perPage: 201 }));
    expect(tooMany.rawMessage).toBe('perPage: must be between 1 and 200');
    const again = await rpcError(sut.addSubscriber({ pageId, email: 'a@example.com' }));
    expect(again.code).toBe(Code.AlreadyExists);

    const readOnly = await rpcError(clientFor(tenant.readKey).addSubscriber({ pageId, email: 'r@example.com' }));
    expect(readOnly.code).toBe(Code.PermissionDenied);
    expect((await clientFor(tenant.readKey).listSubscribers({ pageId })).subscribers).toHaveLength(1);
    expect((await rpcError(clientFor(null).listSubscribers({ pageId }))).code).toBe(Code.Unauthenticated);

    const stranger = await newTenant(t);
    const theirs = clientFor(stranger.writeKey);
    const [kept] = (await sut.listSubscribers({ pageId })).subscribers;
    for (const call of [
      theirs.listSubscribers({ pageId }),
      theirs.addSubscriber({ pageId, email: 'z@example.com' }),
      theirs.importSubscribers({ pageId, emails: ['z@example.com'] }),
      theirs.removeSubscriber({ id: kept.id }),
    ]) {
      expect((await rpcError(call)).code).toBe(Code.NotFound);
    }
    expect((await sut.listSubscribers({ pageId })).subscribers).toHaveLength(1);
  });

  it('sends nothing on a plan without subscriber notifications', async () => {
    const free = await newTenant(t, 'free');
    const pageId = await insertPage(free.ctx.workspace.id);
    await clientFor(free.writeKey).importSubscribers({ pageId, emails: ['f@example.com'], confirmed: true });
    expect(await t.app.get(SubscriberNotifier).notify(free.ctx, incident(pageId))).toEqual({ sent: 0 });
    expect(smtp.messages).toEqual([]);
  });
});

describe('subscribers over HTTP while e-mail is off (no SMTP_URL)', () => {
  let t: HttpTestApp;
  let tenant: Tenant;

  const clientFor = (key: string): SubscriberClient =>
    createClient(
      SubscriberService,
      createConnectTransport({ baseUrl: `${t.baseUrl}/rpc`, httpVersion: '1.1', interceptors: [withKey(key)] }),
    );

  beforeAll(async () => {
    t = await startHttpApp();
    tenant = await newTenant(t);
  });
  afterAll(() => t?.close());

  it('answers AddSubscriber and a pending ImportSubscribers failed_precondition with the reason; confirmed imports work', async () => {
    const [page]: Array<{ id: string }> = await t.db.manager.query(
      `INSERT INTO status_pages (workspace_id, title, slug) VALUES ($1, 'Acme Status', 'e2e-mail-off') RETURNING id`,
      [tenant.ctx.workspace.id],
    );
    const sut = clientFor(tenant.writeKey);
    const added = await rpcError(sut.addSubscriber({ pageId: page.id, email: 'ada@example.com' }));
    expect(added.code).toBe(Code.FailedPrecondition);
    expect(added.rawMessage).toMatch(/^e-mail is off on this service: SMTP_URL is not set/);
    expect(added.rawMessage).toContain('Set SMTP_URL to your mail relay');
    const imported = await rpcError(sut.importSubscribers({ pageId: page.id, emails: ['bob@example.com'] }));
    expect(imported.code).toBe(Code.FailedPrecondition);
    expect(imported.rawMessage).toContain('as confirmed');
    expect((await sut.listSubscribers({ pageId: page.id })).subscribers).toEqual([]);

    // People who already agreed elsewhere need no mail.
    expect(
      await sut.importSubscribers({ pageId: page.id, emails: ['cleo@example.com'], confirmed: true }),
    ).toMatchObject({ added: 1, skipped: 0, confirmationsSent: 0 });
    const listed = (await sut.listSubscribers({ pageId: page.id })).subscribers;
    expect(listed.map((s) => [s.email, s.status])).toEqual([['cleo@example.com', SubscriberStatus.CONFIRMED]]);
    // Another workspace's page is still not found: the state of mail says nothing about it.
    const stranger = await newTenant(t);
    expect(
      (await rpcError(clientFor(stranger.writeKey).addSubscriber({ pageId: page.id, email: 'z@example.com' }))).code,
    ).toBe(Code.NotFound);
  });
});

// The rules SubscribersService's verbs carry, on a real database with a real SMTP server on loopback
// (SPEC §2.11): a subscription's states and links, and the public subscribe form. Bounds, imports and
// mail quotas are also covered by test/integration/subscribers.test.ts.
import type { ServiceContext } from '../../backend/src/common/context';
import { SubscribersService } from '../../backend/src/subscribers/subscribers.service';
import { newWorkspace, type TestApp } from '../support/app';
import { aComponent, aPage, auditLog, refusal, mailingTestApp } from '../support/service-fixtures';
import type { ReceivedMail, TestSmtp } from '../support/smtp';

/** The token of the first link to `path` in a mail's text (unsubscribe: its List-Unsubscribe header). */
function linkToken(mail: ReceivedMail, path: 'confirm' | 'unsubscribe' | 'manage'): string {
  const text = path === 'unsubscribe' ? (mail.headers.get('list-unsubscribe') ?? '') : mail.text;
  const match = new RegExp(`/subscriptions/${path}\\?token=([^\\s>]+)`).exec(text);
  if (!match) throw new Error(`no ${path} link in ${JSON.stringify(text)}`);
  return decodeURIComponent(match[1]);
}

let addresses = 0;
/** A new address per use: the hourly mail quota of an address holds across workspaces. */
const anAddress = () => {
  addresses += 1;
  return `reader-${addresses}@example.com`;
};

describe(SubscribersService.name, () => {
  let t: TestApp;
  let smtp: TestSmtp;
  let sut: SubscribersService;
  let ctx: ServiceContext;
  let pageId: string;

  mailingTestApp((app, server) => {
    t = app;
    smtp = server;
  });

  beforeAll(() => {
    sut = t.app.get(SubscribersService);
  });

  beforeEach(async () => {
    ctx = await newWorkspace(t);
    pageId = (await aPage(t, ctx, { title: 'Acme Status' })).id;
  });

  /** Adds a pending subscriber; answers it with the token of its confirmation mail. */
  async function pending(email = anAddress()) {
    const { subscriber } = await sut.add(ctx, pageId, email);
    return { subscriber, email, token: linkToken(smtp.to(email).at(-1)!, 'confirm') };
  }

  it('refuses a confirmed address, and gives a pending one a new link that replaces the old (add rule)', async () => {
    const first = await pending();
    const again = await sut.add(ctx, pageId, first.email);
    expect(again).toMatchObject({ confirmationSent: true, subscriber: { id: first.subscriber.id, status: 'pending' } });
    expect((await refusal(sut.confirm(first.token))).code).toBe('NOT_FOUND');
    await sut.confirm(linkToken(smtp.to(first.email).at(-1)!, 'confirm'));
    const error = await refusal(sut.add(ctx, pageId, first.email));
    expect(error.code).toBe('CONFLICT');
  });

  it('confirms by link once, audited as the link holder (confirm rule)', async () => {
    const { subscriber, email, token } = await pending();
    expect(await sut.confirm(token)).toEqual({ pageTitle: 'Acme Status', email, status: 'confirmed' });
    expect(await sut.confirm(token)).toMatchObject({ status: 'confirmed' });
    const entries = (await auditLog(t, ctx)).filter(
      (e) => e.entityType === 'page_subscriber' && e.entityId === subscriber.id,
    );
    expect(entries.map((e) => e.action)).toEqual(['page_subscriber.create', 'page_subscriber.confirm']);
    expect(entries[1]).toMatchObject({ actorType: 'system', actorId: 'subscription-link', via: 'rest' });
  });

  it('cancels by the signed link of a later mail; a cancelled subscription cannot be confirmed or changed (unsubscribe rule)', async () => {
    const { email, token } = await pending();
    const signed = linkToken(smtp.to(email).at(-1)!, 'unsubscribe');
    expect(signed).not.toBe(token);
    expect(await sut.unsubscribe(signed)).toMatchObject({ email, status: 'unsubscribed' });
    expect(await sut.unsubscribe(signed)).toMatchObject({ status: 'unsubscribed' });
    expect((await refusal(sut.confirm(token))).code).toBe('PRECONDITION_FAILED');
    expect((await refusal(sut.chooseComponents(signed, { components: [] }))).code).toBe('PRECONDITION_FAILED');
  });

  it('refuses a tampered signed link (link integrity rule)', async () => {
    const { email } = await pending();
    const signed = linkToken(smtp.to(email).at(-1)!, 'unsubscribe');
    const tampered = signed.slice(0, -2) + (signed.endsWith('AA') ? 'BB' : 'AA');
    expect((await refusal(sut.unsubscribe(tampered))).code).toBe('NOT_FOUND');
    expect((await refusal(sut.managed('not-a-token'))).code).toBe('NOT_FOUND');
  });

  it('makes a cancelled address pending again with a new link when it is added again (resubscribe rule)', async () => {
    const { email, token } = await pending();
    await sut.unsubscribe(token);
    const { subscriber } = await sut.add(ctx, pageId, email);
    expect(subscriber).toMatchObject({ status: 'pending', unsubscribedAt: null });
    expect(await sut.confirm(linkToken(smtp.to(email).at(-1)!, 'confirm'))).toMatchObject({ status: 'confirmed' });
  });

  it('answers the subscribe form alike for a confirmed address, mailing it a reminder and changing nothing (no disclosure rule)', async () => {
    const { email, token } = await pending();
    await sut.confirm(token);
    const before = await auditLog(t, ctx);
    smtp.clear();
    expect(await sut.subscribeOnPage({ workspaceId: ctx.workspace.id, pageId }, { email })).toEqual({ mail: 'sent' });
    expect(smtp.to(email).map((m) => m.subject)).toEqual(['You already receive status updates of Acme Status']);
    expect(await auditLog(t, ctx)).toHaveLength(before.length);
    expect((await sut.list(ctx, pageId)).items[0]).toMatchObject({ email, status: 'confirmed' });
  });

  it('takes only components of the page on the form and by link (chosen components rule)', async () => {
    const component = await aComponent(t, ctx, pageId);
    const elsewhere = await aComponent(t, ctx, (await aPage(t, ctx)).id);
    const page = { workspaceId: ctx.workspace.id, pageId };
    const error = await refusal(sut.subscribeOnPage(page, { email: anAddress(), components: [elsewhere.id] }));
    expect(error.message).toBe('components: must be components of this status page');
    const email = anAddress();
    expect(await sut.subscribeOnPage(page, { email, components: [component.id] })).toEqual({ mail: 'sent' });
    const manage = linkToken(smtp.to(email).at(-1)!, 'manage');
    expect(await sut.managed(manage)).toMatchObject({ email, status: 'pending', chosen: [component.id] });
    const refused = await refusal(sut.chooseComponents(manage, { components: [elsewhere.id] }));
    expect(refused.message).toBe('components: must be components of this status page');
  });

  it('audits a change of components by link, and nothing when they stay (choose audit rule)', async () => {
    const component = await aComponent(t, ctx, pageId);
    const { subscriber, email } = await pending();
    const manage = linkToken(smtp.to(email).at(-1)!, 'manage');
    expect((await sut.chooseComponents(manage, { components: [component.id] })).chosen).toEqual([component.id]);
    await sut.chooseComponents(manage, { components: [component.id] });
    const entries = (await auditLog(t, ctx)).filter(
      (e) => e.entityType === 'page_subscriber' && e.entityId === subscriber.id,
    );
    expect(entries.map((e) => e.action)).toEqual(['page_subscriber.create', 'page_subscriber.update']);
    expect(entries[1]).toMatchObject({ before: { components: [] }, after: { components: [component.id] } });
  });

  it("answers NOT_FOUND for another workspace's page and subscriber, and for a subscriber of another page (isolation rule)", async () => {
    const { subscriber } = await pending();
    const other = await newWorkspace(t);
    const otherPage = (await aPage(t, ctx)).id;
    for (const verb of [
      () => sut.add(other, pageId, anAddress()),
      () => sut.import(other, pageId, [anAddress()], { confirmed: true }),
      () => sut.list(other, pageId),
      () => sut.remove(other, subscriber.id),
      () => sut.remove(ctx, subscriber.id, otherPage),
      () => sut.subscribeOnPage({ workspaceId: other.workspace.id, pageId }, { email: anAddress() }),
    ]) {
      expect((await refusal(verb())).code).toBe('NOT_FOUND');
    }
    await sut.remove(ctx, subscriber.id, pageId);
    expect((await sut.list(ctx, pageId)).totalSize).toBe(0);
  });

  it('keeps link tokens and their hashes out of views and the audit log (token secret rule)', async () => {
    const { subscriber, email, token } = await pending();
    const [row] = await t.db.rows<{ token_hash: string }>('SELECT token_hash FROM page_subscribers WHERE id = $1', [
      subscriber.id,
    ]);
    await sut.confirm(token);
    const seen = JSON.stringify([subscriber, await sut.list(ctx, pageId), await auditLog(t, ctx)]);
    expect(seen).not.toContain(token);
    expect(seen).not.toContain(row.token_hash);
    expect(seen).toContain(email);
  });
});

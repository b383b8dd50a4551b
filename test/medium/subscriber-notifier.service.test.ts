// The rules SubscriberNotifier carries, on a real database with a real SMTP server on loopback
// (SPEC §4.2 rules 2 to 5): who gets a page event's mail, and how a dispatch fails.
import type { ServiceContext } from '../../backend/src/common/context';
import {
  DispatchError,
  SubscriberNotifier,
  type PageEvent,
} from '../../backend/src/subscribers/subscriber-notifier.service';
import { SubscribersService } from '../../backend/src/subscribers/subscribers.service';
import { newWorkspace, type TestApp } from '../support/app';
import { aComponent, aPage, refusal, mailingTestApp } from '../support/service-fixtures';
import type { TestSmtp } from '../support/smtp';

const incident = (pageId: string, componentIds: string[] = []): PageEvent => ({
  kind: 'status_report.created',
  pageId,
  title: 'API errors',
  status: 'investigating',
  message: 'We are looking into elevated error rates.',
  componentNames: [],
  componentIds,
  at: new Date('2026-01-02T03:04:05.000Z'),
});

let addresses = 0;
/** A new address per use: the hourly mail quota of an address holds across workspaces. */
const anAddress = () => {
  addresses += 1;
  return `reader-${addresses}@example.com`;
};

describe(SubscriberNotifier.name, () => {
  let t: TestApp;
  let smtp: TestSmtp;
  let sut: SubscriberNotifier;
  let subscribers: SubscribersService;
  let ctx: ServiceContext;
  let pageId: string;

  mailingTestApp((app, server) => {
    t = app;
    smtp = server;
  });

  beforeAll(() => {
    sut = t.app.get(SubscriberNotifier);
    subscribers = t.app.get(SubscribersService);
  });

  beforeEach(async () => {
    ctx = await newWorkspace(t);
    pageId = (await aPage(t, ctx, { title: 'Acme Status' })).id;
  });

  /** A confirmed subscriber who chose these components (none: all), through the public form and its link. */
  async function confirmedFor(components: string[], email = anAddress()): Promise<string> {
    await subscribers.subscribeOnPage({ workspaceId: ctx.workspace.id, pageId }, { email, components });
    const match = /\/subscriptions\/confirm\?token=(\S+)/.exec(smtp.to(email).at(-1)!.text);
    await subscribers.confirm(decodeURIComponent(match![1]));
    return email;
  }

  it('mails confirmed subscribers only (confirmed rule)', async () => {
    const [ann, bob] = [anAddress(), anAddress()];
    await subscribers.import(ctx, pageId, [ann], { confirmed: true });
    await subscribers.add(ctx, pageId, bob);
    const cancelled = await confirmedFor([]);
    const link = /token=([^>\s]+)/.exec(smtp.to(cancelled).at(-1)!.headers.get('list-unsubscribe')!)![1];
    await subscribers.unsubscribe(decodeURIComponent(link));
    smtp.clear();
    expect(await sut.notify(ctx, incident(pageId))).toEqual({ sent: 1 });
    expect(smtp.messages.map((m) => m.to)).toEqual([[ann]]);
    expect(smtp.messages[0].subject).toContain('API errors');
  });

  it('mails an event about some components to those who chose none or one of them (component choice rule)', async () => {
    const api = await aComponent(t, ctx, pageId, 'API');
    const web = await aComponent(t, ctx, pageId, 'Web');
    const everything = await confirmedFor([]);
    const apiOnly = await confirmedFor([api.id]);
    const webOnly = await confirmedFor([web.id]);
    smtp.clear();
    await sut.notify(ctx, incident(pageId, [api.id]));
    expect(smtp.messages.map((m) => m.to[0]).sort()).toEqual([everything, apiOnly].sort());
    smtp.clear();
    await sut.notify(ctx, incident(pageId));
    expect(smtp.messages.map((m) => m.to[0]).sort()).toEqual([everything, apiOnly, webOnly].sort());
  });

  it('gives each mail its own unsubscribe link, which cancels that subscription only (own link rule)', async () => {
    const [ann, bob] = [anAddress(), anAddress()];
    await subscribers.import(ctx, pageId, [ann, bob], { confirmed: true });
    await sut.notify(ctx, incident(pageId));
    const link = /token=([^>\s]+)/.exec(smtp.to(ann)[0].headers.get('list-unsubscribe')!)![1];
    expect(await subscribers.unsubscribe(decodeURIComponent(link))).toMatchObject({
      email: ann,
      status: 'unsubscribed',
    });
    smtp.clear();
    expect(await sut.notify(ctx, incident(pageId))).toEqual({ sent: 1 });
    expect(smtp.messages.map((m) => m.to)).toEqual([[bob]]);
  });

  it('is a silent no-op on a plan without subscriber notifications (plan rule)', async () => {
    const free = await newWorkspace(t, 'free');
    const page = await aPage(t, free);
    await subscribers.import(free, page.id, [anAddress()], { confirmed: true });
    expect(await sut.notify(free, incident(page.id))).toEqual({ sent: 0 });
    expect(smtp.messages).toHaveLength(0);
  });

  it("answers NOT_FOUND for another workspace's page (isolation rule)", async () => {
    await subscribers.import(ctx, pageId, [anAddress()], { confirmed: true });
    const other = await newWorkspace(t);
    expect((await refusal(sut.notify(other, incident(pageId)))).code).toBe('NOT_FOUND');
    expect(smtp.messages).toHaveLength(0);
  });

  it('attempts every subscriber when the relay refuses one, then throws with the counts (dispatch failure rule)', async () => {
    const [ann, gone, cy] = [anAddress(), anAddress(), anAddress()];
    await subscribers.import(ctx, pageId, [ann, gone, cy], { confirmed: true });
    smtp.rejectRecipients.add(gone);
    let thrown: unknown;
    await sut.notify(ctx, incident(pageId)).catch((error: unknown) => {
      thrown = error;
    });
    expect(thrown).toBeInstanceOf(DispatchError);
    expect(thrown).toMatchObject({ sent: 2, failed: 1 });
    expect(smtp.messages.map((m) => m.to[0]).sort()).toEqual([ann, cy].sort());
  });
});

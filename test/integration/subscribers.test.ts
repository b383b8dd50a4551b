// SubscribersService and SubscriberNotifier on a real database and a real SMTP server on loopback.
import { AuditLogEntity } from '../../backend/src/audit/audit-log.entity';
import type { ServiceContext } from '../../backend/src/common/context';
import {
  LimitExceededError,
  NotFoundError,
  PreconditionFailedError,
  ValidationError,
} from '../../backend/src/common/errors';
import { paginationOf } from '../../backend/src/common/paging';
import { wholeDatabaseText } from '../support/rpc';
import { PageSubscriberEntity } from '../../backend/src/subscribers/page-subscriber.entity';
import { SubscriberNotifier, type PageEvent } from '../../backend/src/subscribers/subscriber-notifier.service';
import { MAIL_OFF, SubscribersService } from '../../backend/src/subscribers/subscribers.service';
import {
  FORM_SUBSCRIPTIONS_PER_PAGE_PER_HOUR,
  MAILS_PER_RECIPIENT_PER_HOUR,
} from '../../backend/src/subscribers/subscription-mail-limits';
import { createTestApp, newWorkspace, type TestApp } from '../support/app';
import { closedPort, SMTP_PASSWORD, startSmtp, type ReceivedMail, type TestSmtp } from '../support/smtp';

let pages = 0;

async function insertPage(t: TestApp, ctx: ServiceContext, title = 'Acme Status'): Promise<string> {
  pages += 1;
  const [page]: Array<{ id: string }> = await t.db.manager.query(
    `INSERT INTO status_pages (workspace_id, title, slug) VALUES ($1, $2, $3) RETURNING id`,
    [ctx.workspace.id, title, `subscribers-${process.pid}-${pages}`],
  );
  return page.id;
}

const incident = (pageId: string): PageEvent => ({
  kind: 'status_report.created',
  pageId,
  title: 'API errors',
  status: 'investigating',
  message: 'We are looking into elevated error rates.',
  componentNames: ['API', 'Dashboard'],
  at: new Date('2026-01-02T03:04:05.000Z'),
});

/** The token of the first link to `path` in a mail's text. */
function linkToken(mail: ReceivedMail, path: string): string {
  const match = new RegExp(`${path}\\?token=([^\\s]+)`).exec(mail.text);
  if (!match) throw new Error(`no ${path} link in ${JSON.stringify(mail.text)}`);
  return decodeURIComponent(match[1]);
}

async function failure(promise: Promise<unknown>): Promise<Error> {
  try {
    await promise;
  } catch (error) {
    return error as Error;
  }
  throw new Error('expected a failure');
}

describe(SubscribersService.name, () => {
  let t: TestApp;
  let smtp: TestSmtp;
  let sut: SubscribersService;
  let notifier: SubscriberNotifier;
  let ctx: ServiceContext;
  let pageId: string;

  beforeAll(async () => {
    smtp = await startSmtp();
    t = await createTestApp({ SMTP_URL: smtp.url, MAIL_FROM: 'Acme Status <status@acme.test>' });
    sut = t.app.get(SubscribersService);
    notifier = t.app.get(SubscriberNotifier);
  });

  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  beforeEach(async () => {
    smtp.clear();
    smtp.rejectRecipients.clear();
    ctx = await newWorkspace(t);
    pageId = await insertPage(t, ctx);
  });

  describe('bounds', () => {
    it.each([
      ['', 'email: is required'],
      ['not-an-address', 'email: must be an e-mail address such as name@example.com'],
      ['two@@example.com', 'email: must be an e-mail address such as name@example.com'],
      [
        `${'a'.repeat(60)}@${'b'.repeat(60)}.${'c'.repeat(60)}.${'d'.repeat(60)}.${'e'.repeat(80)}.com`,
        'email: must be at most 320 characters',
      ],
    ])('refuses the address %j', async (email, message) => {
      const error = await failure(sut.add(ctx, pageId, email));
      expect(error).toBeInstanceOf(ValidationError);
      expect(error.message).toBe(message);
    });

    it('imports 1 to 1000 addresses', async () => {
      const tooMany = Array.from({ length: 1001 }, (_, i) => `p${i}@example.com`);
      expect((await failure(sut.import(ctx, pageId, tooMany))).message).toBe(
        'emails: must hold between 1 and 1000 addresses',
      );
      expect((await failure(sut.import(ctx, pageId, []))).message).toBe(
        'emails: must hold between 1 and 1000 addresses',
      );
      expect((await failure(sut.import(ctx, pageId, ['ok@example.com', 'nope']))).message).toBe(
        'emails.1: must be an e-mail address such as name@example.com',
      );
      const all = Array.from({ length: 1000 }, (_, i) => `p${i}@example.com`);
      expect(await sut.import(ctx, pageId, all, { confirmed: true })).toEqual({
        added: 1000,
        skipped: 0,
        confirmationsSent: 0,
      });
    });

    it('lists 1 to 200 per page', async () => {
      expect((await failure(sut.list(ctx, pageId, { perPage: 201 }))).message).toBe(
        'perPage: must be between 1 and 200',
      );
      expect((await failure(sut.list(ctx, pageId, { page: 0 }))).message).toBe('page: must be 1 or more');
    });
  });

  describe('other workspaces', () => {
    it('answers NOT_FOUND for their pages and subscribers', async () => {
      const other = await newWorkspace(t);
      const theirPage = await insertPage(t, other);
      const { subscriber } = await sut.add(other, theirPage, 'theirs@example.com');
      smtp.clear();

      for (const attempt of [
        sut.add(ctx, theirPage, 'x@example.com'),
        sut.import(ctx, theirPage, ['x@example.com']),
        sut.list(ctx, theirPage),
        sut.remove(ctx, subscriber.id),
        sut.remove(ctx, 'not-an-id'),
        notifier.notify(ctx, incident(theirPage)),
      ]) {
        expect(await failure(attempt)).toBeInstanceOf(NotFoundError);
      }
      expect((await sut.list(other, theirPage)).items).toHaveLength(1);
      expect(smtp.messages).toEqual([]);
    });
  });

  it('adds a pending subscriber, mails a confirmation and audits it', async () => {
    const { subscriber, confirmationSent } = await sut.add(ctx, pageId, '  Ada@Example.COM ');
    expect(confirmationSent).toBe(true);
    expect(subscriber).toMatchObject({ pageId, email: 'ada@example.com', status: 'pending', confirmedAt: null });

    const [mail] = smtp.to('ada@example.com');
    expect(smtp.messages).toHaveLength(1);
    expect(mail.from).toBe('status@acme.test');
    expect(mail.subject).toBe('Confirm your subscription to Acme Status');
    const token = linkToken(mail, '/subscriptions/confirm');
    expect(token).toMatch(/^[A-Za-z0-9]{43}$/);
    expect(mail.headers.get('list-unsubscribe')).toMatch(
      /^<http:\/\/localhost:3000\/subscriptions\/unsubscribe\?token=/,
    );

    // The token is stored only as its hash, and the audit entry carries neither.
    const stored = await t.db.repo(PageSubscriberEntity).findOneByOrFail({ id: subscriber.id });
    expect(stored.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    const text = await wholeDatabaseText(t.db);
    expect(text).not.toContain(token);
    const [entry] = await t.db
      .repo(AuditLogEntity)
      .findBy({ workspaceId: ctx.workspace.id, entityType: 'page_subscriber' });
    expect(entry).toMatchObject({ action: 'page_subscriber.create', entityId: subscriber.id });
    expect(JSON.stringify(entry.after)).not.toContain(stored.tokenHash);

    expect(await sut.confirm(token)).toEqual({
      pageTitle: 'Acme Status',
      email: 'ada@example.com',
      status: 'confirmed',
    });
    // Idempotent: a second confirmation changes and audits nothing.
    expect((await sut.confirm(token)).status).toBe('confirmed');
    const actions = (
      await t.db.repo(AuditLogEntity).findBy({ workspaceId: ctx.workspace.id, entityType: 'page_subscriber' })
    ).map((e) => e.action);
    expect(actions.sort()).toEqual(['page_subscriber.confirm', 'page_subscriber.create']);
  });

  it('refuses a confirmed address twice and re-sends a pending one a new link', async () => {
    await sut.add(ctx, pageId, 'bo@example.com');
    const first = linkToken(smtp.to('bo@example.com')[0], '/subscriptions/confirm');
    await sut.add(ctx, pageId, 'bo@example.com');
    const second = linkToken(smtp.to('bo@example.com')[1], '/subscriptions/confirm');
    expect(second).not.toBe(first);
    expect(await failure(sut.confirm(first))).toBeInstanceOf(NotFoundError);
    await sut.confirm(second);
    expect((await failure(sut.add(ctx, pageId, 'bo@example.com'))).message).toMatch(/already a confirmed subscriber/);
  });

  it('imports with dedupe and skips addresses already on the page', async () => {
    await sut.add(ctx, pageId, 'old@example.com');
    smtp.clear();
    const result = await sut.import(ctx, pageId, [
      'New@example.com',
      'new@example.com',
      'old@example.com',
      'two@example.com',
    ]);
    expect(result).toEqual({ added: 2, skipped: 2, confirmationsSent: 2 });
    expect(smtp.messages.map((m) => m.to[0]).sort()).toEqual(['new@example.com', 'two@example.com']);
    const listed = await sut.list(ctx, pageId, { perPage: 2 });
    expect(paginationOf(listed)).toEqual({ page: 1, perPage: 2, totalSize: 3, totalPages: 2 });
    expect(listed.items.map((s) => s.status)).toEqual(['pending', 'pending']);

    smtp.clear();
    expect(await sut.import(ctx, pageId, ['new@example.com'], { confirmed: true })).toEqual({
      added: 0,
      skipped: 1,
      confirmationsSent: 0,
    });
    expect(await sut.import(ctx, pageId, ['vouched@example.com'], { confirmed: true })).toEqual({
      added: 1,
      skipped: 0,
      confirmationsSent: 0,
    });
    expect(smtp.messages).toEqual([]);
    const vouched = (await sut.list(ctx, pageId)).items.find((s) => s.email === 'vouched@example.com')!;
    expect(vouched.status).toBe('confirmed');
    expect(vouched.confirmedAt).not.toBeNull();
  });

  describe('subscription mail limits', () => {
    const formOf = (c: ServiceContext, page: string) => ({ workspaceId: c.workspace.id, pageId: page });

    it('mails one address at most 3 times an hour across pages, workspaces and verbs', async () => {
      const other = await newWorkspace(t);
      const otherPage = await insertPage(t, other);
      const thirdPage = await insertPage(t, ctx);
      expect(MAILS_PER_RECIPIENT_PER_HOUR).toBe(3);

      expect((await sut.add(ctx, pageId, 'quota@example.com')).confirmationSent).toBe(true);
      expect(await sut.subscribeOnPage(formOf(other, otherPage), { email: 'Quota@example.com' })).toEqual({
        mail: 'sent',
      });
      expect(await sut.import(ctx, thirdPage, ['quota@example.com'])).toMatchObject({ confirmationsSent: 1 });
      expect(smtp.to('quota@example.com')).toHaveLength(3);
      const lastLink = linkToken(smtp.to('quota@example.com')[2], '/subscriptions/confirm');

      // Past the limit every verb still answers, but nothing is mailed and no link is replaced.
      expect(await sut.subscribeOnPage(formOf(other, otherPage), { email: 'quota@example.com' })).toEqual({
        mail: 'withheld',
      });
      expect(await sut.subscribeOnPage(formOf(ctx, thirdPage), { email: 'quota@example.com' })).toEqual({
        mail: 'withheld',
      });
      const again = await sut.add(ctx, pageId, 'quota@example.com');
      expect(again.confirmationSent).toBe(false);
      expect(await sut.import(ctx, await insertPage(t, ctx), ['quota@example.com'])).toMatchObject({
        added: 1,
        confirmationsSent: 0,
      });
      expect(smtp.to('quota@example.com')).toHaveLength(3);
      expect((await sut.confirm(lastLink)).status).toBe('confirmed');

      // Other addresses keep their own quota.
      expect((await sut.add(ctx, pageId, 'someone-else@example.com')).confirmationSent).toBe(true);
    });

    it('holds under concurrent requests (the count is one row lock in the database)', async () => {
      const pages = [pageId, await insertPage(t, ctx)];
      const results = await Promise.all(
        Array.from({ length: 12 }, (_, i) =>
          sut.subscribeOnPage(formOf(ctx, pages[i % 2]), { email: 'race@example.com' }),
        ),
      );
      expect(results.filter((r) => r.mail === 'sent')).toHaveLength(MAILS_PER_RECIPIENT_PER_HOUR);
      expect(results.filter((r) => r.mail === 'withheld')).toHaveLength(12 - MAILS_PER_RECIPIENT_PER_HOUR);
      expect(smtp.to('race@example.com')).toHaveLength(MAILS_PER_RECIPIENT_PER_HOUR);
    });

    it(`makes at most ${FORM_SUBSCRIPTIONS_PER_PAGE_PER_HOUR} subscriptions an hour from one page's form`, async () => {
      for (let i = 0; i < FORM_SUBSCRIPTIONS_PER_PAGE_PER_HOUR; i++) {
        await sut.subscribeOnPage(formOf(ctx, pageId), { email: `crowd${i}@example.com` });
      }
      const refused = await failure(sut.subscribeOnPage(formOf(ctx, pageId), { email: 'late@example.com' }));
      expect(refused).toBeInstanceOf(LimitExceededError);
      expect(refused.message).toBe(
        `this page's subscribe form took ${FORM_SUBSCRIPTIONS_PER_PAGE_PER_HOUR} subscriptions in the last hour; try again later`,
      );
      expect(smtp.to('late@example.com')).toEqual([]);
      const rows = await t.db.repo(PageSubscriberEntity).countBy({ pageId, email: 'late@example.com' });
      expect(rows).toBe(0);
      // Another page's form, and the workspace's own verbs, are not held back; nor was the refused
      // address's quota spent (the refusal rolled it back).
      const other = await insertPage(t, ctx);
      for (let i = 0; i < MAILS_PER_RECIPIENT_PER_HOUR; i++) {
        expect(await sut.subscribeOnPage(formOf(ctx, other), { email: 'late@example.com' })).toEqual({ mail: 'sent' });
      }
      expect((await sut.add(ctx, pageId, 'added@example.com')).confirmationSent).toBe(true);
    });
  });

  it('removes a subscriber', async () => {
    const { subscriber } = await sut.add(ctx, pageId, 'gone@example.com');
    await sut.remove(ctx, subscriber.id);
    expect((await sut.list(ctx, pageId)).items).toEqual([]);
    expect(await failure(sut.remove(ctx, subscriber.id))).toBeInstanceOf(NotFoundError);
  });

  describe(SubscriberNotifier.name, () => {
    it('mails confirmed subscribers only, each with its own unsubscribe link', async () => {
      await sut.import(ctx, pageId, ['c1@example.com', 'c2@example.com'], { confirmed: true });
      await sut.add(ctx, pageId, 'pending@example.com');
      await sut.import(ctx, pageId, ['leaver@example.com'], { confirmed: true });
      smtp.clear();
      const other = await insertPage(t, ctx, 'Other page');
      await sut.import(ctx, other, ['elsewhere@example.com'], { confirmed: true });

      // Unsubscribe the leaver through the link of a first notification.
      await notifier.notify(ctx, incident(pageId));
      await sut.unsubscribe(linkToken(smtp.to('leaver@example.com')[0], '/subscriptions/unsubscribe'));
      smtp.clear();

      expect(await notifier.notify(ctx, incident(pageId))).toEqual({ sent: 2 });
      expect(smtp.messages.flatMap((m) => m.to).sort()).toEqual(['c1@example.com', 'c2@example.com']);
      const [mail] = smtp.to('c1@example.com');
      expect(mail.subject).toBe('[Acme Status] New incident: API errors');
      expect(mail.text).toContain('We are looking into elevated error rates.');
      expect(mail.text).toContain('Affected: API, Dashboard');
      expect(mail.html).toContain('<p>API errors</p>');
      expect(mail.headers.get('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
      const links = smtp.messages.map((m) => linkToken(m, '/subscriptions/unsubscribe'));
      expect(new Set(links).size).toBe(2);
      expect(mail.headers.get('list-unsubscribe')).toBe(
        `<http://localhost:3000/subscriptions/unsubscribe?token=${encodeURIComponent(linkToken(mail, '/subscriptions/unsubscribe'))}>`,
      );
    });

    it('writes maintenance mails', async () => {
      await sut.import(ctx, pageId, ['m@example.com'], { confirmed: true });
      const event: PageEvent = {
        kind: 'maintenance.scheduled',
        pageId,
        title: 'Database upgrade',
        message: 'Short read-only period.',
        from: new Date('2026-02-01T10:00:00.000Z'),
        to: new Date('2026-02-01T11:00:00.000Z'),
        componentNames: [],
      };
      expect(await notifier.notify(ctx, event)).toEqual({ sent: 1 });
      expect(smtp.messages[0].subject).toBe('[Acme Status] Scheduled maintenance: Database upgrade');
      expect(smtp.messages[0].text).toContain('From 2026-02-01T10:00:00.000Z to 2026-02-01T11:00:00.000Z');
    });

    it('is a silent no-op on a plan without subscriber notifications', async () => {
      const free = await newWorkspace(t, 'free');
      const freePage = await insertPage(t, free);
      await sut.import(free, freePage, ['f@example.com'], { confirmed: true });
      expect(await notifier.notify(free, incident(freePage))).toEqual({ sent: 0 });
      expect(smtp.messages).toEqual([]);
    });

    it('attempts every subscriber when one address is rejected, then throws', async () => {
      const emails = Array.from({ length: 25 }, (_, i) => `r${i}@example.com`);
      await sut.import(ctx, pageId, emails, { confirmed: true });
      smtp.rejectRecipients.add('r7@example.com');
      const error = await failure(notifier.notify(ctx, incident(pageId)));
      expect(error.message).toMatch(/^1 of 25 notification e-mails were not accepted by the SMTP relay/);
      expect(smtp.messages.flatMap((m) => m.to).sort()).toEqual(emails.filter((e) => e !== 'r7@example.com').sort());
      expect(error.message).not.toContain(SMTP_PASSWORD);
    });
  });
});

describe('SubscriberNotifier without a working relay', () => {
  it('throws when the relay is down, and when SMTP_URL is unset (where no address can be added either)', async () => {
    const port = await closedPort();
    for (const [env, expected] of [
      [{ SMTP_URL: `smtp://u:${SMTP_PASSWORD}@127.0.0.1:${port}` }, /not accepted by the SMTP relay.*ECONNREFUSED/],
      [{}, /SMTP_URL is not configured/],
    ] as const) {
      const t = await createTestApp(env);
      try {
        const ctx = await newWorkspace(t);
        const pageId = await insertPage(t, ctx);
        const subscribers = t.app.get(SubscribersService);
        if ('SMTP_URL' in env) {
          // A relay that is down: adding still works; the confirmation mail is reported as not sent.
          expect((await subscribers.add(ctx, pageId, 'a@example.com')).confirmationSent).toBe(false);
        } else {
          // No relay at all: nobody could ever confirm, so nothing is added, and the answer says why.
          const refused = await failure(subscribers.add(ctx, pageId, 'a@example.com'));
          expect(refused).toBeInstanceOf(PreconditionFailedError);
          expect(refused.message).toBe(MAIL_OFF);
          expect(refused.message).toContain('SMTP_URL is not set');
          const pending = await failure(subscribers.import(ctx, pageId, ['c@example.com']));
          expect(pending).toBeInstanceOf(PreconditionFailedError);
          expect(pending.message).toMatch(/^e-mail is off on this service.*or import addresses .* as confirmed/);
          expect(subscribers.subscriptionsOffered).toBe(false);
          expect((await subscribers.list(ctx, pageId)).totalSize).toBe(0);
        }
        // Addresses that already agreed elsewhere need no mail: imported either way.
        await subscribers.import(ctx, pageId, ['b@example.com'], { confirmed: true });
        const error = await failure(t.app.get(SubscriberNotifier).notify(ctx, incident(pageId)));
        expect(error.message).toMatch(expected);
        expect(error.message).not.toContain(SMTP_PASSWORD);
        // Without the plan feature nothing is attempted at all.
        const free = await newWorkspace(t, 'free');
        expect(await t.app.get(SubscriberNotifier).notify(free, incident(await insertPage(t, free)))).toEqual({
          sent: 0,
        });
      } finally {
        await t.close();
      }
    }
  });
});

// The rules NotificationsService's verbs carry, on a real database, with test sends to an HTTP receiver
// on loopback (SPEC §2.5, §6).
import type { ServiceContext } from '../../backend/src/common/context';
import { NotificationsService } from '../../backend/src/notifications/notifications.service';
import { createTestApp, newWorkspace, type TestApp } from '../support/app';
import { startReceiver, type Receiver } from '../support/receivers';
import { aMonitor, auditLog, readOnly, refusal } from '../support/service-fixtures';

const SLACK_URL = 'https://hooks.slack.com/services/T000/B000/slack-secret-9c2f';
const QUERY_SECRET = 'query-secret-41aa';
const HEADER_SECRET = 'header-secret-7b03';

describe(NotificationsService.name, () => {
  let t: TestApp;
  let sut: NotificationsService;
  let receiver: Receiver;
  let ctx: ServiceContext;

  beforeAll(async () => {
    receiver = await startReceiver();
    t = await createTestApp();
    sut = t.app.get(NotificationsService);
  });

  afterAll(async () => {
    await t.close();
    await receiver.close();
  });

  beforeEach(async () => {
    receiver.clear();
    ctx = await newWorkspace(t);
  });

  const slack = (c: ServiceContext, name = 'Slack') =>
    sut.create(c, { name, providerType: 'slack', provider: { kind: 'slack', args: { webhookUrl: SLACK_URL } } });

  const webhook = (c: ServiceContext) =>
    sut.create(c, {
      name: 'Hook',
      providerType: 'webhook',
      provider: {
        kind: 'webhook',
        args: {
          endpoint: `${receiver.url}/alerts?key=${QUERY_SECRET}`,
          headers: [{ key: 'X-Api-Key', value: HEADER_SECRET }],
        },
      },
    });

  it('refuses a channel over the plan limit (limit rule)', async () => {
    const free = await newWorkspace(t, 'free');
    for (let i = 0; i < 3; i += 1) await slack(free);
    const error = await refusal(slack(free));
    expect(error.code).toBe('LIMIT_EXCEEDED');
    expect(error.message).toBe('notifications: the free plan allows at most 3 notification channels');
  });

  it('refuses a provider block that is missing or of another kind than providerType (block rule)', async () => {
    const missing = await refusal(sut.create(ctx, { name: 'x', providerType: 'slack' }));
    expect(missing.message).toMatch(/^provider: the .* block is required for providerType slack$/);
    const other = await refusal(
      sut.create(ctx, {
        name: 'x',
        providerType: 'slack',
        provider: { kind: 'discord', args: { webhookUrl: SLACK_URL } },
      }),
    );
    expect(other.code).toBe('VALIDATION');
    expect(other.message).toMatch(/^provider: the .* block does not match providerType slack/);
  });

  it("answers NOT_FOUND for a monitor of another workspace, and for another workspace's channel (isolation rule)", async () => {
    const other = await newWorkspace(t);
    const theirs = await aMonitor(t, other);
    const error = await refusal(
      sut.create(ctx, {
        name: 'x',
        providerType: 'slack',
        monitorIds: [theirs.id],
        provider: { kind: 'slack', args: { webhookUrl: SLACK_URL } },
      }),
    );
    expect(error.code).toBe('NOT_FOUND');
    expect(error.message).toBe(`monitor ${JSON.stringify(theirs.id)} not found`);
    const channel = await slack(ctx);
    for (const verb of [
      () => sut.get(other, channel.id),
      () => sut.update(other, channel.id, { name: 'taken' }),
      () => sut.delete(other, channel.id),
      () => sut.sendTest(other, channel.id),
    ]) {
      expect((await refusal(verb())).code).toBe('NOT_FOUND');
    }
    expect((await sut.list(other, {})).totalSize).toBe(0);
  });

  it('links monitors in id order (monitor link rule)', async () => {
    const first = await aMonitor(t, ctx);
    const second = await aMonitor(t, ctx);
    const channel = await sut.create(ctx, {
      name: 'x',
      providerType: 'slack',
      monitorIds: [second.id, first.id],
      provider: { kind: 'slack', args: { webhookUrl: SLACK_URL } },
    });
    expect(channel.monitorIds).toEqual([first.id, second.id]);
  });

  it('seals credentials: never in the stored settings, a view or the audit log (secret rule)', async () => {
    const channel = await webhook(ctx);
    const hook = await slack(ctx);
    expect(channel.settings).toEqual({
      endpoint: `${receiver.url}/alerts`,
      headers: [{ key: 'X-Api-Key' }],
      signingSecret: undefined,
    });
    expect(channel.configuredSecrets).toEqual(expect.arrayContaining(['endpoint', 'headers']));
    expect(hook.configuredSecrets).toEqual(['webhook_url']);
    const rows = await t.db.rows<{ config: string; sealed: string }>(
      'SELECT config::text AS config, secrets_sealed AS sealed FROM notification_channels WHERE workspace_id = $1',
      [ctx.workspace.id],
    );
    const views = JSON.stringify([await sut.get(ctx, channel.id), await sut.list(readOnly(ctx), {})]);
    const stored = JSON.stringify(rows) + JSON.stringify(await auditLog(t, ctx));
    for (const secret of [QUERY_SECRET, HEADER_SECRET, 'slack-secret-9c2f']) {
      expect(views).not.toContain(secret);
      expect(stored).not.toContain(secret);
    }
  });

  it('keeps a stored credential sent back as a view shows it (credential round-trip rule)', async () => {
    const channel = await slack(ctx);
    await sut.update(ctx, channel.id, { name: 'renamed', provider: { kind: 'slack', args: { webhookUrl: '' } } });
    expect((await sut.argumentsForSend(channel.id))?.args.webhookUrl).toBe(SLACK_URL);
  });

  it('audits a credential rotation by name, never by value (rotation audit rule)', async () => {
    const channel = await slack(ctx);
    const rotated = `${SLACK_URL}-rotated`;
    await sut.update(ctx, channel.id, { provider: { kind: 'slack', args: { webhookUrl: rotated } } });
    const entry = (await auditLog(t, ctx)).at(-1)!;
    expect(entry.action).toBe('notification.update');
    expect(entry.after).toMatchObject({ rotatedArguments: ['webhook_url'] });
    expect(JSON.stringify(entry)).not.toContain('slack-secret');
    expect((await sut.argumentsForSend(channel.id))?.args.webhookUrl).toBe(rotated);
  });

  it('records nothing for an update that changes nothing (idempotent update rule)', async () => {
    const channel = await slack(ctx);
    const before = (await auditLog(t, ctx)).length;
    await sut.update(ctx, channel.id, {
      name: channel.name,
      provider: { kind: 'slack', args: { webhookUrl: SLACK_URL } },
    });
    expect(await auditLog(t, ctx)).toHaveLength(before);
  });

  it('refuses a type change without the new block, and a mask path that is no argument (update shape rule)', async () => {
    const channel = await slack(ctx);
    const typeOnly = await refusal(sut.update(ctx, channel.id, { providerType: 'discord' }));
    expect(typeOnly.message).toMatch(/^provider: the .* block is required for providerType discord$/);
    const path = await refusal(sut.update(ctx, channel.id, {}, ['slack.nope']));
    expect(path.message).toBe('updateMask: slack.nope is not an updatable field');
    const changed = await sut.update(ctx, channel.id, {
      providerType: 'discord',
      provider: { kind: 'discord', args: { webhookUrl: 'https://discord.com/api/webhooks/1/abc' } },
    });
    expect(changed.providerType).toBe('discord');
  });

  it('sends a test alert with the stored credentials and answers what the receiver said (test send rule)', async () => {
    const channel = await webhook(ctx);
    receiver.reply({ status: 202, body: 'queued' });
    expect(await sut.sendTest(ctx, channel.id)).toEqual({ ok: true, status: 202, response: 'queued', error: null });
    expect(receiver.requests).toHaveLength(1);
    const [request] = receiver.requests;
    expect(request).toMatchObject({ method: 'POST', path: '/alerts' });
    expect(request.query.get('key')).toBe(QUERY_SECRET);
    expect(request.headers['x-api-key']).toBe(HEADER_SECRET);
    receiver.reply({ status: 500, body: 'down' });
    expect(await sut.sendTest(ctx, channel.id)).toMatchObject({ ok: false, status: 500 });
  });

  it('audits a test send with its outcome and no credential, and refuses it to read-only scope (test send audit rule)', async () => {
    const channel = await webhook(ctx);
    expect((await refusal(sut.sendTest(readOnly(ctx), channel.id))).code).toBe('FORBIDDEN');
    expect(receiver.requests).toHaveLength(0);
    await sut.sendTest(ctx, channel.id);
    const entry = (await auditLog(t, ctx)).at(-1)!;
    expect(entry).toMatchObject({ action: 'notification.test', entityId: channel.id });
    expect(entry.after).toEqual({ id: channel.id, providerType: 'webhook', ok: true, status: 200, error: null });
    expect(JSON.stringify(entry)).not.toContain(QUERY_SECRET);
  });

  it('deletes a channel with its links and audits it (delete rule)', async () => {
    const monitor = await aMonitor(t, ctx);
    const channel = await sut.create(ctx, {
      name: 'x',
      providerType: 'slack',
      monitorIds: [monitor.id],
      provider: { kind: 'slack', args: { webhookUrl: SLACK_URL } },
    });
    await sut.delete(ctx, channel.id);
    expect((await refusal(sut.get(ctx, channel.id))).code).toBe('NOT_FOUND');
    expect((await auditLog(t, ctx)).at(-1)).toMatchObject({
      action: 'notification.delete',
      before: { monitorIds: [monitor.id] },
    });
    expect(await t.db.rows('SELECT 1 FROM notification_channel_monitors WHERE channel_id = $1', [channel.id])).toEqual(
      [],
    );
  });
});

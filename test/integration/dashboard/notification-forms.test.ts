// Notification channels managed from the dashboard (issue #16): a form for each of the 13 kinds,
// credentials write-only (never shown, kept when left empty, including a webhook URL's secret query
// and header values), "Send test" against a real loopback receiver and a real SMTP server, the verb's
// messages on the fields, deletion naming the monitors, viewers and other workspaces refused.
import { MonitorsService } from '../../../backend/src/monitors/monitors.service';
import { NotificationsService } from '../../../backend/src/notifications/notifications.service';
import { DashboardClient, newMember, PASSWORD, textOf } from '../../support/dashboard';
import { freePort, newTenant, startHttpApp, type HttpTestApp, type Tenant } from '../../support/http-app';
import { startReceiver, type Receiver } from '../../support/receivers';
import { startSmtp, type TestSmtp } from '../../support/smtp';

function fieldError(body: string, name: string): string | null {
  const m = new RegExp(`<p class="field-error" id="f-${name.replace('.', '\\.')}(?:-error)?">([^<]*)</p>`).exec(body);
  return m ? textOf(m[1]).trim() : null;
}

describe('dashboard notification channels', () => {
  let t: HttpTestApp;
  let smtp: TestSmtp;
  let receiver: Receiver;
  let tenant: Tenant;
  let owner: DashboardClient;
  let base: string;
  let monitor: { id: string };
  let channels: NotificationsService;

  beforeAll(async () => {
    smtp = await startSmtp();
    receiver = await startReceiver();
    t = await startHttpApp({
      port: await freePort(),
      env: { SMTP_URL: smtp.url, ALLOW_PRIVATE_TARGETS: 'true' },
    });
    tenant = await newTenant(t);
    base = `/app/w/${tenant.ctx.workspace.slug}/notifications`;
    channels = t.app.get(NotificationsService);
    monitor = await t.app
      .get(MonitorsService)
      .create(tenant.ctx, 'http', { name: 'Storefront', url: 'https://store.example', periodicity: '1m' });
    const person = await newMember(t, tenant.ctx, 'owner');
    owner = new DashboardClient(t.baseUrl);
    expect((await owner.signIn(person.email, PASSWORD)).status).toBe(303);
  });
  afterAll(async () => {
    await t.close();
    await receiver.close();
    await smtp.close();
  });

  it('has a form for each of the 13 kinds', async () => {
    const list = await owner.get(base);
    expect(list.status).toBe(200);
    for (const [kind, label] of [
      ['discord', 'Webhook URL'],
      ['email', 'E-mail address'],
      ['slack', 'Webhook URL'],
      ['pagerduty', 'Integration key'],
      ['opsgenie', 'Region'],
      ['webhook', 'Signing secret'],
      ['telegram', 'Chat id'],
      ['sms', 'Phone number'],
      ['whatsapp', 'Phone number'],
      ['google_chat', 'Webhook URL'],
      ['grafana_oncall', 'Webhook URL'],
      ['ntfy', 'Topic'],
      ['ms_teams', 'Webhook URL'],
    ]) {
      const form = await owner.get(`${base}/new?kind=${kind}`);
      expect([kind, form.status, textOf(form.body).includes(label)]).toEqual([kind, 200, true]);
    }
    expect((await owner.get(`${base}/new?kind=carrier-pigeon`)).status).toBe(400);
  });

  it('creates a webhook channel whose credentials are never shown, sends a test, and keeps them on edit', async () => {
    await owner.get(`${base}/new?kind=webhook`);
    const created = await owner.post(`${base}/new?kind=webhook`, {
      name: 'Ops hook',
      'arg.endpoint': `${receiver.url}/alerts?token=hook-secret-1`,
      'arg.headers': 'X-Auth: header-secret-2',
      'arg.signingSecret': 'signing-secret-3',
      [`monitor.${monitor.id}`]: 'on',
    });
    expect(created.status).toBe(303);
    const [channel] = (await channels.list(tenant.ctx, {})).items;
    expect(channel).toMatchObject({ name: 'Ops hook', providerType: 'webhook', monitorIds: [monitor.id] });

    const list = await owner.get(base);
    const edit = await owner.get(`${base}/${channel.id}/edit`);
    for (const page of [list.body, edit.body]) {
      for (const secret of ['hook-secret-1', 'header-secret-2', 'signing-secret-3']) expect(page).not.toContain(secret);
    }
    expect(textOf(edit.body)).toContain('Set. Leave empty to keep it');

    receiver.clear();
    await owner.get(base);
    const tested = await owner.post(`${base}/${channel.id}/test`, { id: channel.id });
    expect(tested.status).toBe(200);
    expect(textOf(tested.body)).toContain('delivered (HTTP 200)');
    expect(receiver.requests).toHaveLength(1);
    expect(receiver.requests[0].query.get('token')).toBe('hook-secret-1');
    expect(receiver.requests[0].headers['x-auth']).toBe('header-secret-2');

    // Saved as the form shows it, with a new name: every credential stays.
    const endpointShown = /name="arg\.endpoint"\s+type="text"\s+value="([^"]*)"/.exec(edit.body)![1];
    expect(endpointShown).toBe(`${receiver.url}/alerts`);
    const saved = await owner.post(`${base}/${channel.id}/edit`, {
      name: 'Ops hook (renamed)',
      'arg.endpoint': endpointShown,
      'arg.headers': 'X-Auth:',
      'arg.signingSecret': '',
      [`monitor.${monitor.id}`]: 'on',
    });
    expect(saved.status).toBe(303);
    receiver.clear();
    await channels.sendTest(tenant.ctx, channel.id);
    expect(receiver.requests[0].query.get('token')).toBe('hook-secret-1');
    expect(receiver.requests[0].headers['x-auth']).toBe('header-secret-2');
    expect((await channels.get(tenant.ctx, channel.id)).name).toBe('Ops hook (renamed)');
  });

  it('sends an e-mail channel’s test to the loopback SMTP server', async () => {
    await owner.get(`${base}/new?kind=email`);
    expect(
      (await owner.post(`${base}/new?kind=email`, { name: 'On call', 'arg.email': 'oncall@example.com' })).status,
    ).toBe(303);
    const channel = (await channels.list(tenant.ctx, {})).items.find((c) => c.name === 'On call')!;
    await owner.get(base);
    const tested = await owner.post(`${base}/${channel.id}/test`, { id: channel.id });
    expect(textOf(tested.body)).toMatch(/Test to On call\s*: delivered/);
    expect(smtp.to('oncall@example.com')).toHaveLength(1);
  });

  it('puts the verb messages on the fields', async () => {
    await owner.get(`${base}/new?kind=slack`);
    const slack = await owner.post(`${base}/new?kind=slack`, { name: 'Team', 'arg.webhookUrl': 'not a url' });
    expect(slack.status).toBe(400);
    expect(fieldError(slack.body, 'arg.webhookUrl')).toBe('must be an http or https URL');
    const sms = await owner.post(`${base}/new?kind=sms`, { name: 'Pager', 'arg.phoneNumber': '12345' });
    expect(fieldError(sms.body, 'arg.phoneNumber')).toBe('must be an E.164 phone number such as +14155550123');
    const hook = await owner.post(`${base}/new?kind=webhook`, {
      'arg.endpoint': `${receiver.url}/x`,
      'arg.headers': 'X-Ok: 1\nbroken line',
    });
    expect(fieldError(hook.body, 'arg.headers')).toBe('line 2: must be "Name: value"');
    expect(slack.body).toContain('id="error-summary"');
  });

  it('deletes a channel after a confirmation naming its monitors', async () => {
    const channel = await channels.create(tenant.ctx, {
      name: 'Old hook',
      providerType: 'discord',
      monitorIds: [monitor.id],
      provider: { kind: 'discord', args: { webhookUrl: 'https://discord.example/api/webhooks/1/abc' } },
    });
    const confirm = await owner.get(`${base}/${channel.id}/delete`);
    expect(textOf(confirm.body)).toContain('These monitors stop alerting through it: Storefront');
    expect((await owner.post(`${base}/${channel.id}/delete`, {})).status).toBe(303);
    await expect(channels.get(tenant.ctx, channel.id)).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it('answers not found for another workspace’s channel, and refuses a viewer', async () => {
    const other = await newTenant(t);
    const theirs = await channels.create(other.ctx, {
      name: 'Theirs',
      providerType: 'email',
      provider: { kind: 'email', args: { email: 'them@example.com' } },
    });
    for (const path of ['/edit', '/delete']) {
      expect([path, (await owner.get(`${base}/${theirs.id}${path}`)).status]).toEqual([path, 404]);
    }
    for (const path of ['/edit', '/test', '/delete']) {
      await owner.get(base);
      expect([path, (await owner.post(`${base}/${theirs.id}${path}`, { name: 'x' })).status]).toEqual([path, 404]);
    }
    expect(smtp.to('them@example.com')).toHaveLength(0);
    expect((await channels.get(other.ctx, theirs.id)).name).toBe('Theirs');

    const person = await newMember(t, tenant.ctx, 'viewer');
    const viewer = new DashboardClient(t.baseUrl);
    await viewer.signIn(person.email, PASSWORD);
    const page = await viewer.get(base);
    expect(page.status).toBe(200);
    expect(page.body).not.toContain('New channel');
    expect(page.body).not.toContain('Send test');
    expect((await viewer.get(`${base}/new`)).status).toBe(403);
    const [mine] = (await channels.list(tenant.ctx, {})).items;
    receiver.clear();
    expect((await viewer.post(`${base}/${mine.id}/test`, { id: mine.id })).status).toBe(403);
    expect((await viewer.post(`${base}/new?kind=email`, { 'arg.email': 'x@example.com' })).status).toBe(403);
    expect(receiver.requests).toHaveLength(0);
  });
});

// The dashboard's forms of the Mattermost, Pushover, Gotify and Matrix kinds, without a browser: each
// form with its labels, a channel created from the form whose credentials are never shown and are
// kept when saved as shown (its priority shown as stored), "Send test" to a loopback receiver, and the
// verb's refusals beside their fields, naming the bound.
import { NotificationsService } from '../../../backend/src/notifications/notifications.service';
import { DashboardClient, newMember, PASSWORD, textOf } from '../../support/dashboard';
import { freePort, newTenant, startHttpApp, type HttpTestApp, type Tenant } from '../../support/http-app';
import { startReceiver, type Receiver } from '../../support/receivers';

const USER = 'SECRETformUser0000000000000001';
const TOKEN = 'SECRETformToken000000000000001';

function fieldError(body: string, name: string): string | null {
  const m = new RegExp(`<p class="field-error" id="f-${name.replace('.', '\\.')}(?:-error)?">([^<]*)</p>`).exec(body);
  return m ? textOf(m[1]).trim() : null;
}

describe('dashboard forms of the Mattermost, Pushover, Gotify and Matrix kinds', () => {
  let t: HttpTestApp;
  let receiver: Receiver;
  let tenant: Tenant;
  let owner: DashboardClient;
  let base: string;
  let channels: NotificationsService;

  beforeAll(async () => {
    receiver = await startReceiver();
    t = await startHttpApp({
      port: await freePort(),
      env: { ALLOW_PRIVATE_TARGETS: 'true', ALERT_PUSHOVER_URL: `${receiver.url}/po` },
    });
    tenant = await newTenant(t);
    base = `/app/w/${tenant.ctx.workspace.slug}/notifications`;
    channels = t.app.get(NotificationsService);
    const person = await newMember(t, tenant.ctx, 'owner');
    owner = new DashboardClient(t.baseUrl);
    expect((await owner.signIn(person.email, PASSWORD)).status).toBe(303);
  });
  afterAll(async () => {
    await t.close();
    await receiver.close();
  });
  beforeEach(() => receiver.clear());

  it.each([
    ['mattermost', 'Mattermost', ['Webhook URL', 'Channel', 'Post as', 'Icon URL']],
    ['pushover', 'Pushover', ['User key', 'Application token', 'Priority', 'Emergency (2)', 'Device', 'Sound']],
    ['gotify', 'Gotify', ['Server URL', 'Application token', 'Priority', 'From 0 to 10. Default 5.']],
    ['matrix', 'Matrix', ['Homeserver URL', 'Room id', 'Access token']],
  ])('has a %s form with its labels, linked from the list of kinds', async (kind, name, labels) => {
    const form = await owner.get(`${base}/new?kind=${kind}`);
    expect(form.status).toBe(200);
    const shown = textOf(form.body);
    expect(shown).toContain(`New ${name} channel`);
    for (const label of labels) expect([kind, label, shown.includes(label)]).toEqual([kind, label, true]);
    expect(form.body).toContain(`href="${base}/new?kind=${kind}"`);
  });

  it('creates a Pushover channel, never shows its keys, keeps them and its priority when saved as shown', async () => {
    await owner.get(`${base}/new?kind=pushover`);
    const created = await owner.post(`${base}/new?kind=pushover`, {
      name: 'Phones',
      'arg.userKey': USER,
      'arg.appToken': TOKEN,
      'arg.priority': '2',
      'arg.device': '',
      'arg.sound': 'siren',
    });
    expect(created.status).toBe(303);
    const channel = (await channels.list(tenant.ctx, {})).items.find((c) => c.name === 'Phones')!;
    expect(channel.settings).toEqual({ priority: 2, device: '', sound: 'siren' });

    const list = await owner.get(base);
    const edit = await owner.get(`${base}/${channel.id}/edit`);
    for (const page of [list.body, edit.body]) for (const secret of [USER, TOKEN]) expect(page).not.toContain(secret);
    expect(textOf(edit.body)).toContain('Set. Leave empty to keep it');
    expect(edit.body).toMatch(/<option value="2"\s+selected>/);

    const saved = await owner.post(`${base}/${channel.id}/edit`, {
      name: 'Phones (renamed)',
      'arg.userKey': '',
      'arg.appToken': '',
      'arg.priority': '2',
      'arg.device': '',
      'arg.sound': 'siren',
    });
    expect(saved.status).toBe(303);
    const tested = await owner.post(`${base}/${channel.id}/test`, { id: channel.id });
    expect(textOf(tested.body)).toMatch(/Test to Phones \(renamed\)\s*: delivered \(HTTP 200\)/);
    expect(receiver.requests).toHaveLength(1);
    expect(receiver.requests[0].path).toBe('/po/1/messages.json');
    expect(JSON.parse(receiver.requests[0].body)).toMatchObject({
      token: TOKEN,
      user: USER,
      priority: 0,
      sound: 'siren',
    });
    expect((await channels.get(tenant.ctx, channel.id)).settings).toMatchObject({ priority: 2 });
  });

  it('creates a Mattermost channel and sends it a test', async () => {
    await owner.get(`${base}/new?kind=mattermost`);
    const created = await owner.post(`${base}/new?kind=mattermost`, {
      name: 'Chat',
      'arg.webhookUrl': `${receiver.url}/hooks/SECRETmmform`,
      'arg.channel': 'town-square',
      'arg.username': '',
      'arg.iconUrl': '',
    });
    expect(created.status).toBe(303);
    const channel = (await channels.list(tenant.ctx, {})).items.find((c) => c.name === 'Chat')!;
    expect((await owner.get(`${base}/${channel.id}/edit`)).body).not.toContain('SECRETmmform');
    await owner.get(base);
    await owner.post(`${base}/${channel.id}/test`, { id: channel.id });
    expect(receiver.requests.map((r) => [r.method, r.path])).toEqual([['POST', '/hooks/SECRETmmform']]);
    expect(JSON.parse(receiver.requests[0].body)).toMatchObject({ channel: 'town-square' });
  });

  it('puts the verb refusals beside their fields, naming the bound', async () => {
    await owner.get(`${base}/new?kind=gotify`);
    const gotify = await owner.post(`${base}/new?kind=gotify`, {
      'arg.serverUrl': 'https://push.example',
      'arg.appToken': 't',
      'arg.priority': '11',
    });
    expect(gotify.status).toBe(400);
    expect(fieldError(gotify.body, 'arg.priority')).toBe('must be an integer from 0 to 10');
    const matrix = await owner.post(`${base}/new?kind=matrix`, {
      'arg.homeserverUrl': 'https://matrix.example',
      'arg.roomId': '#ops:matrix.example',
      'arg.accessToken': 't',
    });
    expect(matrix.status).toBe(400);
    expect(fieldError(matrix.body, 'arg.roomId')).toBe(
      'must be a room id such as !abc123:matrix.example (not an alias such as #room:matrix.example)',
    );
    const pushover = await owner.post(`${base}/new?kind=pushover`, {
      'arg.userKey': 'short',
      'arg.appToken': TOKEN,
      'arg.priority': '0',
    });
    expect(fieldError(pushover.body, 'arg.userKey')).toBe('must be 30 letters and digits');
  });
});

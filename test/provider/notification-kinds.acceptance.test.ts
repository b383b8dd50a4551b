// Acceptance of the Mattermost, Pushover, Gotify and Matrix blocks of service_notification with the
// real terraform binary against the real server: create, a clean plan (credentials and the secret
// parts of the Gotify server URL are write-only), import-verify into a fresh state, update in place
// (credentials rotated, optional arguments cleared, a priority back to its default), drift made
// through the RPC API, destroy; and arguments terraform must refuse. Test alerts of the three kinds
// whose URL the channel gives go to a loopback receiver, to show the service got what terraform sent;
// Pushover's API base is the server's configuration, so it gets none (nothing leaves the machine).
import { Code } from '@connectrpc/connect';
import type { Notification } from '@uptime/proto/gen/notification/v1/notification_service_pb.js';
import { startReceiver, type ReceivedRequest, type Receiver } from '../support/receivers';
import {
  describeWithTerraform,
  PROVIDER_BLOCK,
  startProviderFixture,
  type ProviderFixture,
  type Workdir,
} from './support/terraform';

const KINDS = ['mattermost', 'pushover', 'gotify', 'matrix'] as const;
type Kind = (typeof KINDS)[number];

const address = (kind: Kind) => `service_notification.${kind}`;

/** terraform's diagnostics with their line wrapping undone. */
const oneLine = (text: string): string => text.replace(/\s+/g, ' ');

const PUSHOVER_USER = 'uQiRzpo4DXghDmr9QzzfQu27cmVRsG';
const PUSHOVER_APP = 'azGDORePK8gMaC0QOYAMyEEuzJnyUi';
const PUSHOVER_APP_ROTATED = 'aRotatedToken0123456789abcdef0';

/** The first configuration: every argument of each kind given but Mattermost's icon_url and Gotify's priority. */
const v1 = (receiver: string): Record<Kind, string> => ({
  mattermost: `
  name          = "Chat"
  provider_type = "mattermost"

  mattermost {
    webhook_url = "${receiver}/hooks/mm-first"
    channel     = "town-square"
    username    = "Uptime"
  }`,
  pushover: `
  name          = "Pager"
  provider_type = "pushover"

  pushover {
    user_key  = "${PUSHOVER_USER}"
    app_token = "${PUSHOVER_APP}"
    priority  = 2
    device    = "phone"
  }`,
  gotify: `
  provider_type = "gotify"

  gotify {
    server_url = "${receiver}/gotify?tenant=ops"
    app_token  = "AgotifyFirst"
  }`,
  matrix: `
  provider_type = "matrix"

  matrix {
    homeserver_url = "${receiver}/synapse"
    room_id        = "!ops:matrix.example"
    access_token   = "syt_first"
  }`,
});

/**
 * An update in place of each: credentials rotated; Mattermost's channel dropped and its icon added;
 * Pushover's priority and device dropped (the priority back to 0) and a sound added; the Gotify URL's
 * query dropped and priority 0; another Matrix room.
 */
const v2 = (receiver: string): Record<Kind, string> => ({
  mattermost: `
  name          = "Chat"
  provider_type = "mattermost"

  mattermost {
    webhook_url = "${receiver}/hooks/mm-second"
    username    = "Uptime bot"
    icon_url    = "https://icons.example/uptime.png"
  }`,
  pushover: `
  name          = "Pager"
  provider_type = "pushover"

  pushover {
    user_key  = "${PUSHOVER_USER}"
    app_token = "${PUSHOVER_APP_ROTATED}"
    sound     = "cosmic"
  }`,
  gotify: `
  provider_type = "gotify"

  gotify {
    server_url = "${receiver}/gotify"
    app_token  = "AgotifySecond"
    priority   = 0
  }`,
  matrix: `
  provider_type = "matrix"

  matrix {
    homeserver_url = "${receiver}/synapse"
    room_id        = "!alerts:matrix.example"
    access_token   = "syt_second"
  }`,
});

function config(blocks: Record<Kind, string>): string {
  return `${PROVIDER_BLOCK}${KINDS.map((kind) => `\nresource "service_notification" "${kind}" {\n${blocks[kind]}\n}\n`).join('')}`;
}

/** The write-only arguments, as an import leaves them: unknown (null) until the next apply. */
const WRITE_ONLY: Record<Kind, string[]> = {
  mattermost: ['webhook_url'],
  pushover: ['user_key', 'app_token'],
  gotify: ['app_token'],
  matrix: ['access_token'],
};

describeWithTerraform('service_notification of the Mattermost, Pushover, Gotify and Matrix kinds (terraform)', () => {
  let fx: ProviderFixture;
  let receiver: Receiver;
  let wd: Workdir;
  const ids = {} as Record<Kind, string>;

  const get = async (kind: Kind): Promise<Notification> => {
    const res = await fx.rpc.notifications.getNotification({ id: ids[kind] });
    if (!res.notification) throw new Error(`no notification ${ids[kind]}`);
    return res.notification;
  };

  /** The one request a test alert of the channel made to the receiver. */
  const testSend = async (kind: Kind): Promise<ReceivedRequest> => {
    receiver.clear();
    const sent = await fx.rpc.notifications.sendTestNotification({ id: ids[kind] });
    expect({ kind, ok: sent.ok }).toEqual({ kind, ok: true });
    expect(receiver.requests).toHaveLength(1);
    return receiver.requests[0];
  };

  beforeAll(async () => {
    receiver = await startReceiver();
    fx = await startProviderFixture();
  }, 180_000);

  afterAll(async () => {
    await fx?.close();
    await receiver?.close();
  });

  it('creates a channel of each kind; the service keeps the credentials and returns none; a second plan shows no changes', async () => {
    wd = await fx.workdir({ 'main.tf': config(v1(receiver.url)) });
    await wd.apply();
    const state = await wd.state();
    for (const kind of KINDS) ids[kind] = String(state[address(kind)]?.id);

    expect(state[address('mattermost')]).toMatchObject({
      name: 'Chat',
      provider_type: 'mattermost',
      mattermost: [
        { webhook_url: `${receiver.url}/hooks/mm-first`, channel: 'town-square', username: 'Uptime', icon_url: null },
      ],
      slack: [],
    });
    expect(state[address('pushover')]?.pushover).toEqual([
      { user_key: PUSHOVER_USER, app_token: PUSHOVER_APP, priority: 2, device: 'phone', sound: null },
    ]);
    // Left out, the priority is planned as the service's default.
    expect(state[address('gotify')]?.gotify).toEqual([
      { server_url: `${receiver.url}/gotify?tenant=ops`, app_token: 'AgotifyFirst', priority: 5 },
    ]);
    expect(state[address('matrix')]?.matrix).toEqual([
      { homeserver_url: `${receiver.url}/synapse`, room_id: '!ops:matrix.example', access_token: 'syt_first' },
    ]);

    const mattermost = await get('mattermost');
    expect(mattermost.configuredSecrets).toEqual(['webhook_url']);
    expect(mattermost.provider).toMatchObject({
      case: 'mattermost',
      value: { webhookUrl: '', channel: 'town-square', username: 'Uptime', iconUrl: '' },
    });
    const pushover = await get('pushover');
    expect(pushover.configuredSecrets).toEqual(['app_token', 'user_key']);
    expect(pushover.provider).toMatchObject({
      case: 'pushover',
      value: { userKey: '', appToken: '', priority: 2, device: 'phone', sound: '' },
    });
    const gotify = await get('gotify');
    expect(gotify.configuredSecrets).toEqual(['app_token', 'server_url']);
    expect(gotify.provider).toMatchObject({
      case: 'gotify',
      value: { serverUrl: `${receiver.url}/gotify`, appToken: '', priority: 5 },
    });
    const matrix = await get('matrix');
    expect(matrix.configuredSecrets).toEqual(['access_token']);
    expect(matrix.provider.case === 'matrix' && matrix.provider.value.accessToken).toBe('');

    expect((await wd.plan()).stdout).toContain('No changes.');
  });

  it('sends test alerts with what terraform configured, credentials and URL secrets included', async () => {
    const mattermost = await testSend('mattermost');
    expect([mattermost.method, mattermost.url]).toEqual(['POST', '/hooks/mm-first']);
    expect(JSON.parse(mattermost.body)).toMatchObject({ channel: 'town-square', username: 'Uptime' });

    const gotify = await testSend('gotify');
    expect([gotify.method, gotify.url, gotify.headers['x-gotify-key']]).toEqual([
      'POST',
      '/gotify/message?tenant=ops',
      'AgotifyFirst',
    ]);
    expect(JSON.parse(gotify.body)).toMatchObject({ priority: 5 });

    const matrix = await testSend('matrix');
    expect(matrix.method).toBe('PUT');
    expect(decodeURIComponent(matrix.path)).toMatch(
      /^\/synapse\/_matrix\/client\/v3\/rooms\/!ops:matrix\.example\/send\/m\.room\.message\/./,
    );
    expect(matrix.headers.authorization).toBe('Bearer syt_first');
  });

  it('imports each into a fresh state that matches but for the write-only values, which the next apply sets once', async () => {
    const before = await wd.state();
    const fresh = await fx.workdir({ 'main.tf': config(v1(receiver.url)) });
    for (const kind of KINDS) {
      const run = await fresh.run(['import', '-input=false', '-no-color', address(kind), ids[kind]]);
      expect({ kind, code: run.code, stderr: run.stderr }).toEqual({ kind, code: 0, stderr: '' });
    }
    const imported = await fresh.state();
    for (const kind of KINDS) {
      const [block] = before[address(kind)]?.[kind] as Record<string, unknown>[];
      const expected = { ...block, ...Object.fromEntries(WRITE_ONLY[kind].map((arg) => [arg, null])) };
      // The Gotify URL comes back without its query string, a write-only part.
      if (kind === 'gotify') expected.server_url = `${receiver.url}/gotify`;
      expect(imported[address(kind)]).toEqual({ ...before[address(kind)], [kind]: [expected] });
    }

    const plan = await fresh.plan();
    expect(plan.stdout).toContain('Plan: 0 to add, 4 to change, 0 to destroy.');
    await fresh.apply();
    expect((await fresh.plan()).stdout).toContain('No changes.');
    expect((await get('gotify')).configuredSecrets).toEqual(['app_token', 'server_url']);
  });

  it('updates each in place: rotated credentials reach the service, dropped arguments are cleared', async () => {
    wd.write({ 'main.tf': config(v2(receiver.url)) });
    const applied = await wd.apply();
    expect(applied.stdout).toContain('0 added, 4 changed, 0 destroyed');

    const state = await wd.state();
    expect(state[address('pushover')]?.pushover).toEqual([
      { user_key: PUSHOVER_USER, app_token: PUSHOVER_APP_ROTATED, priority: 0, device: null, sound: 'cosmic' },
    ]);
    const mattermost = await get('mattermost');
    expect(mattermost.provider).toMatchObject({
      case: 'mattermost',
      value: {
        channel: '',
        username: 'Uptime bot',
        iconUrl: 'https://icons.example/uptime.png',
      },
    });
    const pushover = await get('pushover');
    expect(pushover.configuredSecrets).toEqual(['app_token', 'user_key']);
    expect(pushover.provider).toMatchObject({
      case: 'pushover',
      value: { priority: 0, device: '', sound: 'cosmic' },
    });
    const gotify = await get('gotify');
    expect(gotify.configuredSecrets).toEqual(['app_token']);
    expect(gotify.provider.case === 'gotify' && gotify.provider.value.priority).toBe(0);
    const matrix = await get('matrix');
    expect(matrix.provider.case === 'matrix' && matrix.provider.value.roomId).toBe('!alerts:matrix.example');
    expect((await wd.plan()).stdout).toContain('No changes.');

    const mm = await testSend('mattermost');
    expect(mm.url).toBe('/hooks/mm-second');
    const body = JSON.parse(mm.body) as Record<string, unknown>;
    expect(body).toMatchObject({ username: 'Uptime bot', icon_url: 'https://icons.example/uptime.png' });
    expect(body).not.toHaveProperty('channel');
    const got = await testSend('gotify');
    expect([got.url, got.headers['x-gotify-key']]).toEqual(['/gotify/message', 'AgotifySecond']);
    expect(JSON.parse(got.body)).toMatchObject({ priority: 0 });
    const mx = await testSend('matrix');
    expect(decodeURIComponent(mx.path)).toContain('/rooms/!alerts:matrix.example/send/m.room.message/');
    expect(mx.headers.authorization).toBe('Bearer syt_second');
  });

  it('shows a priority and a room changed through the RPC API as drift, puts them back, and destroys everything', async () => {
    await fx.rpc.notifications.updateNotification({
      id: ids.pushover,
      notification: { providerType: 'pushover', provider: { case: 'pushover', value: { priority: -1 } } },
      updateMask: { paths: ['pushover.priority'] },
    });
    await fx.rpc.notifications.updateNotification({
      id: ids.matrix,
      notification: {
        providerType: 'matrix',
        provider: { case: 'matrix', value: { roomId: '!other:matrix.example' } },
      },
      updateMask: { paths: ['matrix.room_id'] },
    });
    const plan = await wd.plan();
    expect(plan.stdout).toMatch(/~ priority\s+= -1 -> 0/);
    expect(plan.stdout).toMatch(/~ room_id\s+= "!other:matrix\.example" -> "!alerts:matrix\.example"/);
    expect(plan.stdout).toContain('Plan: 0 to add, 2 to change, 0 to destroy.');
    await wd.apply();
    const pushover = await get('pushover');
    expect(pushover.provider.case === 'pushover' && pushover.provider.value.priority).toBe(0);
    // The credentials named in the update mask were sent again as configured, not cleared.
    expect(pushover.configuredSecrets).toEqual(['app_token', 'user_key']);
    expect((await wd.plan()).stdout).toContain('No changes.');

    await wd.destroy();
    expect((await fx.rpc.notifications.listNotifications({})).totalSize).toBe(0);
    for (const kind of KINDS) {
      await expect(fx.rpc.notifications.getNotification({ id: ids[kind] })).rejects.toMatchObject({
        code: Code.NotFound,
      });
    }
  });

  it('refuses arguments out of bounds at validation, on their attribute path', async () => {
    const bad = await fx.workdir({
      'main.tf': `${PROVIDER_BLOCK}
resource "service_notification" "pushover" {
  provider_type = "pushover"

  pushover {
    user_key  = "${PUSHOVER_USER}"
    app_token = "${PUSHOVER_APP}"
    priority  = 3
  }
}

resource "service_notification" "gotify" {
  provider_type = "gotify"

  gotify {
    server_url = "gotify.example"
    app_token  = "t"
    priority   = 11
  }
}

resource "service_notification" "matrix" {
  provider_type = "matrix"

  matrix {
    homeserver_url = "https://matrix.example"
    room_id        = "#ops:matrix.example"
    access_token   = "t"
  }
}

resource "service_notification" "mattermost" {
  provider_type = "mattermost"

  mattermost {
    webhook_url = "https://chat.example/hooks/x"
    channel     = "town square"
  }
}
`,
    });
    const run = await bad.run(['plan', '-no-color', '-input=false']);
    expect(run.code).toBe(1);
    const stderr = oneLine(run.stderr);
    for (const detail of [
      'Error: Invalid pushover[0].priority',
      'pushover[0].priority must be a whole number from -2 to 2; got 3.',
      'Error: Invalid gotify[0].priority',
      'gotify[0].priority must be a whole number from 0 to 10; got 11.',
      'gotify[0].server_url must be an http or https URL',
      'Error: Invalid matrix[0].room_id',
      'matrix[0].room_id must be a room id such as !abc123:matrix.example (not an alias such as #room:matrix.example)',
      'mattermost[0].channel must be a channel name such as town-square, or @username',
    ]) {
      expect(stderr).toContain(detail);
    }
    expect((await fx.rpc.notifications.listNotifications({})).totalSize).toBe(0);
  });

  it('refuses a malformed Pushover key from a sensitive variable without showing it', async () => {
    const bad = await fx.workdir({
      'main.tf': `${PROVIDER_BLOCK}
variable "pushover_user" {
  type      = string
  sensitive = true
  default   = "not-a-pushover-key"
}

resource "service_notification" "pushover" {
  provider_type = "pushover"

  pushover {
    user_key  = var.pushover_user
    app_token = "${PUSHOVER_APP}"
  }
}
`,
    });
    const run = await bad.run(['plan', '-no-color', '-input=false']);
    expect(run.code).toBe(1);
    expect(oneLine(run.stderr)).toContain(
      'pushover[0].user_key must be 30 letters and digits (the value is sensitive, so it is not shown).',
    );
    expect(run.stderr).not.toContain('not-a-pushover-key');
    expect((await fx.rpc.notifications.listNotifications({})).totalSize).toBe(0);
  });
});

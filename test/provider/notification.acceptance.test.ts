// Acceptance of service_notification and its data source with the real terraform binary against the
// real server: create, a clean plan (write-only credentials and the secret parts of a webhook cause no
// diff), import into a fresh state, update in place (a changed provider_type included), drift made
// through the RPC API, deletion outside terraform, destroy; and configurations terraform must refuse.
import { Code } from '@connectrpc/connect';
import { Periodicity } from '@uptime/proto/gen/monitor/v1/common_pb.js';
import type { Notification } from '@uptime/proto/gen/notification/v1/notification_service_pb.js';
import {
  describeWithTerraform,
  PROVIDER_BLOCK,
  startProviderFixture,
  type ProviderFixture,
  type Workdir,
} from './support/terraform';

/** Any RFC 3339 timestamp in UTC, as the provider writes them. */
const RFC3339: unknown = expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z$/);
const HOOK_ENDPOINT = 'https://robot:pw@hooks.example.com/in?sig=abc#frag';

interface Version {
  email: string;
  hook: string;
  slack: string;
  ntfy: string;
}

const v1 = (monitorId: string): Version => ({
  email: `
  name          = "On-call mail"
  provider_type = "email"
  monitor_ids   = ["${monitorId}"]

  email {
    email = "oncall@example.com"
  }`,
  hook: `
  name          = "Hook"
  provider_type = "webhook"

  webhook {
    endpoint = "${HOOK_ENDPOINT}"
    headers = [
      { key = "Authorization", value = "Bearer s3cret" },
      { key = "X-Env", value = "prod" },
    ]
    signing_secret = "whsec_first"
  }`,
  slack: `
  provider_type = "slack"

  slack {
    webhook_url = "https://hooks.slack.com/services/T0/B0/first"
  }`,
  ntfy: `
  name          = "Phone"
  provider_type = "ntfy"

  ntfy {
    topic = "alerts"
    token = "tk_first"
  }`,
});

/**
 * An update in place of each: removed name/monitor_ids, endpoint query, signing secret and token
 * cleared, Slack -> Discord.
 */
const V2: Version = {
  email: `
  name          = "Mail"
  provider_type = "email"

  email {
    email = "team@example.com"
  }`,
  hook: `
  name          = "Hook"
  provider_type = "webhook"

  webhook {
    endpoint = "https://hooks.example.com/in"
    headers = [
      { key = "Authorization", value = "Bearer rotated" },
    ]
  }`,
  slack: `
  provider_type = "discord"

  discord {
    webhook_url = "https://discord.com/api/webhooks/1/abc"
  }`,
  ntfy: `
  name          = "Phone"
  provider_type = "ntfy"

  ntfy {
    topic      = "alerts"
    server_url = "https://ntfy.example.com"
  }`,
};

function config(v: Version, extra = ''): string {
  return `${PROVIDER_BLOCK}
resource "service_notification" "email" {
${v.email}
}

resource "service_notification" "hook" {
${v.hook}
}

resource "service_notification" "slack" {
${v.slack}
}

resource "service_notification" "ntfy" {
${v.ntfy}
}

data "service_notification" "email" {
  id = service_notification.email.id
}

output "email" {
  value = data.service_notification.email
}
${extra}`;
}

const ADDRESSES = {
  email: 'service_notification.email',
  hook: 'service_notification.hook',
  slack: 'service_notification.slack',
  ntfy: 'service_notification.ntfy',
} as const;
type Name = keyof typeof ADDRESSES;

describeWithTerraform('service_notification resource and data source (terraform)', () => {
  let fx: ProviderFixture;
  let wd: Workdir;
  let bad: Workdir;
  let monitorId: string;
  const ids = {} as Record<Name, string>;

  const get = async (id: string): Promise<Notification> => {
    const res = await fx.rpc.notifications.getNotification({ id });
    if (!res.notification) throw new Error(`no notification ${id}`);
    return res.notification;
  };

  beforeAll(async () => {
    fx = await startProviderFixture();
    const monitor = await fx.rpc.monitors.createHTTPMonitor({
      monitor: { name: 'api', url: 'https://example.com/health', periodicity: Periodicity.PERIODICITY_5M },
    });
    monitorId = monitor.monitor?.id ?? '';
    bad = await fx.workdir({ 'main.tf': PROVIDER_BLOCK });
  }, 180_000);

  afterAll(async () => {
    await fx?.close();
  });

  it('creates channels of four kinds, and a second plan shows no changes despite write-only credentials', async () => {
    wd = await fx.workdir({ 'main.tf': config(v1(monitorId)) });
    await wd.apply();
    const state = await wd.state();
    for (const name of Object.keys(ADDRESSES) as Name[]) ids[name] = String(state[ADDRESSES[name]]?.id);

    expect(state[ADDRESSES.email]).toMatchObject({
      name: 'On-call mail',
      provider_type: 'email',
      monitor_ids: [monitorId],
      email: [{ email: 'oncall@example.com' }],
      slack: [],
      created_at: RFC3339,
    });
    expect(state[ADDRESSES.slack]).toMatchObject({ name: null, monitor_ids: null });
    expect(state[ADDRESSES.hook]?.webhook).toEqual([
      {
        endpoint: HOOK_ENDPOINT,
        headers: [
          { key: 'Authorization', value: 'Bearer s3cret' },
          { key: 'X-Env', value: 'prod' },
        ],
        signing_secret: 'whsec_first',
      },
    ]);

    // The service stored the credentials and returns none of them.
    const hook = await get(ids.hook);
    expect(hook.configuredSecrets).toEqual(['endpoint', 'headers', 'signing_secret']);
    expect(hook.provider.case === 'webhook' && hook.provider.value.endpoint).toBe('https://hooks.example.com/in');
    expect(hook.provider.case === 'webhook' && hook.provider.value.signingSecret).toBe('');
    expect((await get(ids.slack)).configuredSecrets).toEqual(['webhook_url']);
    expect((await get(ids.ntfy)).configuredSecrets).toEqual(['token']);

    const plan = await wd.plan();
    expect(plan.stdout).toContain('No changes.');
  });

  it('reads the channel through the service_notification data source', async () => {
    const out = await wd.outputs();
    expect(out.email?.value).toEqual({
      id: ids.email,
      name: 'On-call mail',
      provider_type: 'email',
      monitor_ids: [monitorId],
      created_at: RFC3339,
      updated_at: RFC3339,
    });
  });

  it('imports into a fresh state: no changes for e-mail, the write-only webhook URL set once for Slack', async () => {
    const imports = (['email', 'slack'] as const)
      .map((n) => `import {\n  to = ${ADDRESSES[n]}\n  id = "${ids[n]}"\n}\n`)
      .join('\n');
    const v = v1(monitorId);
    const fresh = await fx.workdir({
      'main.tf': `${PROVIDER_BLOCK}
resource "service_notification" "email" {
${v.email}
}

resource "service_notification" "slack" {
${v.slack}
}
${imports}`,
    });
    const plan = await fresh.plan();
    expect(plan.stdout).toContain('Plan: 2 to import, 0 to add, 1 to change, 0 to destroy.');
    expect(plan.stdout).toContain('# service_notification.slack will be updated in-place');
    expect(plan.stdout).not.toContain('# service_notification.email will be updated in-place');
    await fresh.apply();
    expect((await fresh.plan()).stdout).toContain('No changes.');
  });

  it('updates in place: clears what the configuration dropped and switches a channel to another kind', async () => {
    wd.write({ 'main.tf': config(V2) });
    const applied = await wd.apply();
    expect(applied.stdout).toContain('0 added, 4 changed, 0 destroyed');

    const email = await get(ids.email);
    expect([email.name, email.monitorIds]).toEqual(['Mail', []]);
    expect(email.provider.case === 'email' && email.provider.value.email).toBe('team@example.com');
    const hook = await get(ids.hook);
    expect(hook.configuredSecrets).toEqual(['headers']);
    expect(hook.provider.case === 'webhook' && hook.provider.value.headers.map((h) => h.key)).toEqual([
      'Authorization',
    ]);
    expect((await wd.state())[ADDRESSES.hook]?.webhook).toEqual([
      expect.objectContaining({ endpoint: 'https://hooks.example.com/in', signing_secret: null }),
    ]);
    const switched = await get(ids.slack);
    expect([switched.providerType, switched.provider.case, switched.configuredSecrets]).toEqual([
      'discord',
      'discord',
      ['webhook_url'],
    ]);
    const ntfy = await get(ids.ntfy);
    expect(ntfy.configuredSecrets).toEqual([]);
    expect(ntfy.provider.case === 'ntfy' && ntfy.provider.value.serverUrl).toBe('https://ntfy.example.com');

    const state = await wd.state();
    expect(state[ADDRESSES.email]?.monitor_ids).toBeNull();
    expect(state[ADDRESSES.slack]).toMatchObject({
      slack: [],
      discord: [{ webhook_url: 'https://discord.com/api/webhooks/1/abc' }],
    });
    expect((await wd.plan()).stdout).toContain('No changes.');
  });

  it('shows a change made through the RPC API as drift, recreates a channel deleted outside, and destroys everything', async () => {
    await fx.rpc.notifications.updateNotification({
      id: ids.email,
      notification: { name: 'renamed outside' },
      updateMask: { paths: ['name'] },
    });
    await fx.rpc.notifications.updateNotification({
      id: ids.hook,
      notification: {
        providerType: 'webhook',
        provider: { case: 'webhook', value: { endpoint: 'https://elsewhere.example.com/in', headers: [] } },
      },
      updateMask: { paths: ['webhook'] },
    });
    await fx.rpc.notifications.deleteNotification({ id: ids.ntfy });

    const plan = await wd.plan();
    expect(plan.stdout).toMatch(/~ name\s+= "renamed outside" -> "Mail"/);
    expect(plan.stdout).toMatch(
      /~ endpoint\s+= "https:\/\/elsewhere\.example\.com\/in" -> "https:\/\/hooks\.example\.com\/in"/,
    );
    expect(plan.stdout).toContain('Plan: 1 to add, 2 to change, 0 to destroy.');

    await wd.apply();
    const state = await wd.state();
    const recreated = String(state[ADDRESSES.ntfy]?.id);
    expect(recreated).not.toBe(ids.ntfy);
    expect((await get(ids.email)).name).toBe('Mail');
    const hook = await get(ids.hook);
    expect(hook.provider.case === 'webhook' && hook.provider.value.endpoint).toBe('https://hooks.example.com/in');
    expect(hook.configuredSecrets).toEqual(['headers']);
    expect((await wd.plan()).stdout).toContain('No changes.');

    await wd.destroy();
    expect((await fx.rpc.notifications.listNotifications({})).totalSize).toBe(0);
    for (const id of [ids.email, ids.hook, ids.slack, recreated]) {
      await expect(fx.rpc.notifications.getNotification({ id })).rejects.toMatchObject({ code: Code.NotFound });
    }
  });

  it('refuses a channel without the block of its provider_type, or with a block of another kind, at validation', async () => {
    bad.write({
      'main.tf': `${PROVIDER_BLOCK}
resource "service_notification" "no_block" {
  name          = "Slack without its block"
  provider_type = "slack"
}

resource "service_notification" "wrong_block" {
  provider_type = "email"

  email {
    email = "a@example.com"
  }

  slack {
    webhook_url = "https://hooks.slack.com/services/T/B/x"
  }
}

resource "service_notification" "bad_value" {
  provider_type = "sms"

  sms {
    phone_number = "0123"
  }
}
`,
    });
    const run = await bad.run(['plan', '-no-color', '-input=false']);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('Error: Missing slack block');
    expect(run.stderr).toContain('provider_type = "slack"');
    expect(run.stderr).toContain('Error: Unexpected slack block');
    expect(run.stderr).toContain('Error: Invalid sms[0].phone_number');
    expect(run.stderr).toContain('phone_number = "0123"');
    expect((await fx.rpc.notifications.listNotifications({})).totalSize).toBe(0);
  });
});

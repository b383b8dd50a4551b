// Acceptance of service_escalation_policy with the real terraform binary against the real server:
// create (steps in order, the monitors that use it computed), the data source, a clean plan, import
// into a fresh state, update in place, a channel deleted outside terraform (taken out of the steps:
// drift), destroy; and bad input refused at validation, naming the attribute path.
import { Code } from '@connectrpc/connect';
import {
  describeWithTerraform,
  PROVIDER_BLOCK,
  startProviderFixture,
  type ProviderFixture,
  type Workdir,
} from './support/terraform';

const RFC3339: unknown = expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z$/);
const ADDRESS = 'service_escalation_policy.night';

const channel = (name: string) => `
resource "service_notification" "${name}" {
  name          = "${name}"
  provider_type = "email"

  email {
    email = "${name}@example.com"
  }
}`;

/** The policy with `steps` (after_minutes, channel resource names), and `extra` configuration. */
function config(name: string, steps: Array<[number, string[]]>, extra = ''): string {
  const blocks = steps
    .map(
      ([minutes, channels]) => `
  step {
    after_minutes = ${minutes}
    channel_ids   = [${channels.map((c) => `service_notification.${c}.id`).join(', ')}]
  }`,
    )
    .join('\n');
  return `${PROVIDER_BLOCK}
${channel('ops')}
${channel('pager')}

resource "service_escalation_policy" "night" {
  name = "${name}"
${blocks}
}

data "service_escalation_policy" "night" {
  id = service_escalation_policy.night.id
}

output "night" {
  value = data.service_escalation_policy.night
}
${extra}`;
}

describeWithTerraform('service_escalation_policy resource (terraform)', () => {
  let fx: ProviderFixture;
  let wd: Workdir;
  let id: string;
  const channels: Record<string, string> = {};

  const get = async (policyId: string) => {
    const res = await fx.rpc.alerts.getEscalationPolicy({ id: policyId });
    if (!res.policy) throw new Error(`no escalation policy ${policyId}`);
    return res.policy;
  };

  beforeAll(async () => {
    fx = await startProviderFixture();
  }, 180_000);

  afterAll(async () => {
    await fx?.close();
  });

  it('creates a policy with its steps in order, and a second plan shows no changes', async () => {
    wd = await fx.workdir({
      'main.tf': config('Night shift', [
        [0, ['ops']],
        [15, ['pager', 'ops']],
      ]),
    });
    await wd.apply();
    const state = await wd.state();
    channels.ops = String(state['service_notification.ops']?.id);
    channels.pager = String(state['service_notification.pager']?.id);
    id = String(state[ADDRESS]?.id);
    expect(state[ADDRESS]).toEqual({
      id,
      name: 'Night shift',
      step: [
        { after_minutes: 0, channel_ids: [channels.ops] },
        { after_minutes: 15, channel_ids: [channels.pager, channels.ops] },
      ],
      monitor_ids: [],
      created_at: RFC3339,
      updated_at: RFC3339,
    });
    expect((await get(id)).steps.map((s) => [s.afterMinutes, s.channelIds])).toEqual([
      [0, [channels.ops]],
      [15, [channels.pager, channels.ops]],
    ]);
    expect((await wd.plan()).stdout).toContain('No changes.');
  });

  it('reads the policy through the data source, steps in order', async () => {
    expect((await wd.outputs()).night?.value).toEqual({
      id,
      name: 'Night shift',
      steps: [
        { after_minutes: 0, channel_ids: [channels.ops] },
        { after_minutes: 15, channel_ids: [channels.pager, channels.ops] },
      ],
      monitor_ids: [],
      created_at: RFC3339,
      updated_at: RFC3339,
    });
  });

  it('imports it into a fresh state with no changes planned', async () => {
    const imports = [
      `import {\n  to = ${ADDRESS}\n  id = "${id}"\n}`,
      `import {\n  to = service_notification.ops\n  id = "${channels.ops}"\n}`,
      `import {\n  to = service_notification.pager\n  id = "${channels.pager}"\n}`,
    ].join('\n');
    const fresh = await fx.workdir({
      'main.tf': config(
        'Night shift',
        [
          [0, ['ops']],
          [15, ['pager', 'ops']],
        ],
        imports,
      ),
    });
    const plan = await fresh.plan();
    expect(plan.stdout).toMatch(/Plan: 3 to import, 0 to add, \d+ to change, 0 to destroy\./);
    await fresh.apply();
    expect((await fresh.state())[ADDRESS]).toMatchObject({ id, name: 'Night shift' });
    expect((await fresh.plan()).stdout).toContain('No changes.');
  });

  it('updates the name and the steps in place', async () => {
    wd.write({
      'main.tf': config('Night shift (EU)', [
        [5, ['pager']],
        [30, ['ops']],
        [120, ['ops', 'pager']],
      ]),
    });
    const applied = await wd.apply();
    expect(applied.stdout).toContain('0 added, 1 changed, 0 destroyed');
    const policy = await get(id);
    expect(policy.name).toBe('Night shift (EU)');
    expect(policy.steps.map((s) => [s.afterMinutes, s.channelIds])).toEqual([
      [5, [channels.pager]],
      [30, [channels.ops]],
      [120, [channels.ops, channels.pager]],
    ]);
    expect((await wd.plan()).stdout).toContain('No changes.');
  });

  it('shows a channel deleted outside terraform as drift in the steps, and destroys everything', async () => {
    await fx.rpc.notifications.deleteNotification({ id: channels.pager });
    const plan = await wd.plan();
    expect(plan.stdout).toContain('service_escalation_policy.night will be updated in-place');
    expect(plan.stdout).toContain('Plan: 1 to add, 1 to change, 0 to destroy.');
    await wd.apply();
    expect((await wd.plan()).stdout).toContain('No changes.');

    await wd.destroy();
    expect((await fx.rpc.alerts.listEscalationPolicies({})).policies).toEqual([]);
    await expect(get(id)).rejects.toMatchObject({ code: Code.NotFound });
  });

  it('refuses bad names, step order and bounds at validation, naming the attribute path', async () => {
    const bad = await fx.workdir({
      'main.tf': `${PROVIDER_BLOCK}
resource "service_escalation_policy" "bad" {
  name = ""

  step {
    after_minutes = 30
    channel_ids   = ["1", "1"]
  }

  step {
    after_minutes = 10
    channel_ids   = ["2"]
  }

  step {
    after_minutes = 20000
    channel_ids   = []
  }
}
`,
    });
    const run = await bad.run(['plan', '-no-color', '-input=false']);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('Error: Invalid name');
    expect(run.stderr).toContain("step[1].after_minutes must be greater than the previous step's (30); got 10.");
    expect(run.stderr).toContain('step[2].after_minutes must be a whole number from 0 to 10080; got 20000.');
    expect(run.stderr).toContain('step[2].channel_ids must have at least 1 entries; got 0.');
    expect(run.stderr).toContain('step[0].channel_ids[1] repeats an earlier entry');
    expect((await fx.rpc.alerts.listEscalationPolicies({})).policies).toEqual([]);
  });
});

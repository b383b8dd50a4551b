// The alerting fieldset of the dashboard's monitor form (issue 29): thresholds, reminders, an
// escalation policy picked from the workspace's, and parent monitors as checkboxes of its other
// monitors, in plain HTML posts (no script). A refusal (a bound, a cycle, the monitor itself, a parent
// of another workspace) comes back beside its field; the monitor's page shows the policy in words.
import { EscalationPoliciesService } from '../../../backend/src/escalation-policies/escalation-policies.service';
import { MonitorsService } from '../../../backend/src/monitors/monitors.service';
import { NotificationsService } from '../../../backend/src/notifications/notifications.service';
import { DashboardClient, newMember, PASSWORD, textOf } from '../../support/dashboard';
import { freePort, newTenant, startHttpApp, type HttpTestApp, type Tenant } from '../../support/http-app';

/** The message shown beside a field. */
function fieldError(body: string, name: string): string | null {
  const m = new RegExp(`<p class="field-error" id="f-${name}(?:-error)?">([^<]*)</p>`).exec(body);
  return m ? textOf(m[1]).trim() : null;
}

function inputValue(body: string, name: string): string | null {
  const m = new RegExp(`name="${name}"\\s+type="text"\\s+value="([^"]*)"`).exec(body);
  return m ? m[1] : null;
}

/** The checkbox `name` (its label and whether it is checked), or null when the form has none. */
function box(body: string, name: string): { checked: boolean; label: string } | null {
  const m = new RegExp(
    `<input\\s+type="checkbox"\\s+id="f-${name.replace('.', '\\.')}"\\s+name="[^"]*"([^>]*)/>\\s*<span\\s*>([^<]*)`,
  ).exec(body);
  return m ? { checked: /\bchecked\b/.test(m[1]), label: m[2].trim() } : null;
}

/** The option `value` of the select `name` (its label and whether it is selected), or null. */
function option(body: string, name: string, value: string): { selected: boolean; label: string } | null {
  const select = new RegExp(`<select[^>]*name="${name}"[^>]*>([\\s\\S]*?)</select>`).exec(body)?.[1] ?? '';
  const m = new RegExp(`<option value="${value}"([^>]*)>([^<]*)</option>`).exec(select);
  return m ? { selected: /\bselected\b/.test(m[1]), label: textOf(m[2]).trim() } : null;
}

const TCP_FORM = {
  uri: 'db.example.com:5432',
  periodicity: '1m',
  timeout: '45000',
  retry: '3',
  alertQuorum: '0',
  'region.fly-ams': 'on',
};

describe('dashboard monitor form: alerting', () => {
  let t: HttpTestApp;
  let tenant: Tenant;
  let slug: string;
  let owner: DashboardClient;
  let monitors: MonitorsService;
  let router: string;
  let policy: string;

  beforeAll(async () => {
    t = await startHttpApp({ port: await freePort() });
    tenant = await newTenant(t);
    slug = tenant.ctx.workspace.slug;
    monitors = t.app.get(MonitorsService);
    const person = await newMember(t, tenant.ctx, 'admin');
    owner = new DashboardClient(t.baseUrl);
    expect((await owner.signIn(person.email, PASSWORD)).status).toBe(303);
    const channel = await t.app.get(NotificationsService).create(tenant.ctx, {
      name: 'ops',
      providerType: 'webhook',
      provider: { kind: 'webhook', args: { endpoint: 'https://hooks.example.com/alerts' } },
    });
    policy = (
      await t.app
        .get(EscalationPoliciesService)
        .create(tenant.ctx, { name: 'Night shift', steps: [{ afterMinutes: 0, channelIds: [channel.id] }] })
    ).id;
    router = (await monitors.create(tenant.ctx, 'icmp', { name: 'Router', uri: '192.0.2.1', periodicity: '1m' })).id;
  });
  afterAll(() => t.close());

  const base = () => `/app/w/${slug}/monitors`;

  it("offers the neutral policy, the workspace's escalation policies and its monitors as parents", async () => {
    for (const kind of ['tcp', 'heartbeat']) {
      const page = await owner.get(`${base()}/new?kind=${kind}`);
      expect(page.status).toBe(200);
      expect(page.body).toContain('<legend>Alerting</legend>');
      expect([inputValue(page.body, 'failureThreshold'), inputValue(page.body, 'failureSeconds')]).toEqual(['1', '0s']);
      expect([inputValue(page.body, 'recoveryThreshold'), inputValue(page.body, 'reminderLimit')]).toEqual(['1', '10']);
      expect(option(page.body, 'escalationPolicyId', '')).toEqual({
        selected: true,
        label: "None: the monitor's notification channels",
      });
      expect(option(page.body, 'escalationPolicyId', policy)).toEqual({ selected: false, label: 'Night shift' });
      expect(box(page.body, `parent.${router}`)).toEqual({ checked: false, label: 'Router' });
    }
  });

  it('creates a monitor with every alerting setting, shows them on its edit form and its page', async () => {
    const created = await owner.post(`${base()}/new?kind=tcp`, {
      ...TCP_FORM,
      name: 'Database',
      failureThreshold: '3',
      failureSeconds: '2m',
      recoveryThreshold: '2',
      reminderIntervalMinutes: '30',
      reminderLimit: '4',
      escalationPolicyId: policy,
      [`parent.${router}`]: 'on',
    });
    expect(created.status).toBe(303);
    const id = /monitors\/(\d+)\?created=1$/.exec(created.location ?? '')![1];
    expect((await monitors.get(tenant.ctx, id)).alerting).toEqual({
      failureThreshold: 3,
      failureSeconds: 120,
      recoveryThreshold: 2,
      reminderIntervalMinutes: 30,
      reminderLimit: 4,
      escalationPolicyId: policy,
      parentMonitorIds: [router],
    });

    const page = textOf((await owner.get(`${base()}/${id}`)).body);
    expect(page).toContain('Depends on: Router');
    expect(page).toContain('Down after 3 checks in a row failed and after failing for 2 min');
    expect(page).toContain('Up again after 2 checks in a row good');
    expect(page).toContain('Reminders every 30 min while down and not acknowledged, at most 4');
    expect(page).toContain('Notifies the escalation policy Night shift');

    const edit = await owner.get(`${base()}/${id}/edit`);
    expect([inputValue(edit.body, 'failureThreshold'), inputValue(edit.body, 'failureSeconds')]).toEqual(['3', '2m']);
    expect(inputValue(edit.body, 'reminderIntervalMinutes')).toBe('30');
    expect(option(edit.body, 'escalationPolicyId', policy)).toEqual({ selected: true, label: 'Night shift' });
    expect(box(edit.body, `parent.${router}`)).toEqual({ checked: true, label: 'Router' });
    // Not its own parent: the form does not offer it.
    expect(box(edit.body, `parent.${id}`)).toBeNull();

    // Saved without the boxes and the policy: the neutral policy again (the form sends the whole of it).
    const saved = await owner.post(`${base()}/${id}/edit`, { ...TCP_FORM, name: 'Database' });
    expect(saved.status).toBe(303);
    expect((await monitors.get(tenant.ctx, id)).alerting).toMatchObject({
      failureThreshold: 1,
      escalationPolicyId: null,
      parentMonitorIds: [],
    });
    const plain = textOf((await owner.get(`${base()}/${id}`)).body);
    expect(plain).not.toContain('Depends on: Router');
    expect(plain).toContain("Notifies the monitor's notification channels");
  });

  it('shows refusals beside their fields: a bound, a cycle naming its path, itself, a monitor of another workspace', async () => {
    const child = (
      await monitors.create(tenant.ctx, 'tcp', {
        name: 'Switch',
        uri: 'switch.example.com:22',
        periodicity: '1m',
        alerting: { parentMonitorIds: [router] },
      })
    ).id;

    const bound = await owner.post(`${base()}/new?kind=tcp`, { ...TCP_FORM, name: 'x', reminderLimit: '1001' });
    expect(bound.status).toBe(400);
    expect(fieldError(bound.body, 'reminderLimit')).toBe('must be between 1 and 1000');
    expect(inputValue(bound.body, 'reminderLimit')).toBe('1001');

    // The router depending on the switch that depends on it: a cycle, named.
    const cycle = await owner.post(`${base()}/${router}/edit`, {
      name: 'Router',
      uri: '192.0.2.1',
      periodicity: '1m',
      'region.fly-ams': 'on',
      [`parent.${child}`]: 'on',
    });
    expect(cycle.status).toBe(400);
    const message = fieldError(cycle.body, 'parentMonitorIds') ?? '';
    expect(message).toMatch(/^would make a dependency cycle: /);
    expect(message).toContain(`Router (${router})`);
    expect(message).toContain(`Switch (${child})`);
    expect(box(cycle.body, `parent.${child}`)?.checked).toBe(true);
    expect(message).toBe(`would make a dependency cycle: Router (${router}) → Switch (${child}) → Router (${router})`);
    // The summary above the form links to the field.
    expect(textOf(cycle.body)).toMatch(/Depends on ?: would make a dependency cycle/);
    expect(cycle.body).toContain('href="#f-parentMonitorIds"');

    const itself = await owner.post(`${base()}/${child}/edit`, {
      ...TCP_FORM,
      name: 'Switch',
      [`parent.${child}`]: 'on',
    });
    expect(itself.status).toBe(400);
    expect(fieldError(itself.body, 'parentMonitorIds')).toBe('must not contain the monitor itself');

    const other = await newTenant(t);
    const foreign = (
      await monitors.create(other.ctx, 'tcp', { name: 'Theirs', uri: 'x.example.com:1', periodicity: '1m' })
    ).id;
    const stolen = await owner.post(`${base()}/${child}/edit`, {
      ...TCP_FORM,
      name: 'Switch',
      [`parent.${foreign}`]: 'on',
    });
    expect(stolen.status).toBe(404);
    expect(fieldError(stolen.body, 'parentMonitorIds')).toBe(`monitor "${foreign}" not found`);
    expect((await monitors.get(tenant.ctx, child)).alerting.parentMonitorIds).toEqual([router]);
    expect((await monitors.get(tenant.ctx, router)).alerting.parentMonitorIds).toEqual([]);
  });
});

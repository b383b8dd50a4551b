// Escalation policies managed from the dashboard (issue 29): the list, the form with a fixed row per
// step (no JavaScript), the verb's messages beside the row they name, the deletion refused while a
// monitor uses the policy, another workspace's policies and channels as not found, and a viewer who
// reads the list without any form.
import { EscalationPoliciesService } from '../../../backend/src/escalation-policies/escalation-policies.service';
import { MonitorsService } from '../../../backend/src/monitors/monitors.service';
import { NotificationsService } from '../../../backend/src/notifications/notifications.service';
import type { ServiceContext } from '../../../backend/src/common/context';
import { DashboardClient, newMember, PASSWORD, textOf } from '../../support/dashboard';
import { freePort, newTenant, startHttpApp, type HttpTestApp, type Tenant } from '../../support/http-app';

describe('dashboard escalation policies', () => {
  let t: HttpTestApp;
  let tenant: Tenant;
  let owner: DashboardClient;
  let base: string;
  let policies: EscalationPoliciesService;
  let ops: string;
  let pager: string;

  const aChannel = async (ctx: ServiceContext, name: string) =>
    (
      await t.app.get(NotificationsService).create(ctx, {
        name,
        providerType: 'email',
        provider: { kind: 'email', args: { email: `${name.toLowerCase()}@example.com` } },
      })
    ).id;

  /** Posts a form of the workspace, after a page that sets the form's CSRF token. */
  const post = async (path: string, fields: Record<string, string>) => {
    await owner.get(base);
    return owner.post(path, fields);
  };

  beforeAll(async () => {
    t = await startHttpApp({ port: await freePort() });
    tenant = await newTenant(t);
    base = `/app/w/${tenant.ctx.workspace.slug}/escalation-policies`;
    policies = t.app.get(EscalationPoliciesService);
    ops = await aChannel(tenant.ctx, 'Ops');
    pager = await aChannel(tenant.ctx, 'Pager');
    const person = await newMember(t, tenant.ctx, 'owner');
    owner = new DashboardClient(t.baseUrl);
    expect((await owner.signIn(person.email, PASSWORD)).status).toBe(303);
  });
  afterAll(() => t.close());

  it('is in the workspace navigation, and creates a policy from the filled rows in order', async () => {
    const list = await owner.get(base);
    expect(list.status).toBe(200);
    expect(list.body).toMatch(new RegExp(`href="${base}"\\s+aria-current="page"`));
    const form = await owner.get(`${base}/new`);
    expect(form.status).toBe(200);
    // Ten rows, each with its minutes and a checkbox per channel.
    expect(form.body.match(/name="step\.\d\.minutes"/g)).toHaveLength(10);
    expect(form.body).toContain(`name="step.9.channel.${pager}"`);
    const created = await post(`${base}/new`, {
      name: 'Night shift',
      'step.0.minutes': '0',
      [`step.0.channel.${ops}`]: 'on',
      'step.2.minutes': '30',
      [`step.2.channel.${ops}`]: 'on',
      [`step.2.channel.${pager}`]: 'on',
    });
    expect(created.status).toBe(303);
    const [policy] = (await policies.list(tenant.ctx)).filter((p) => p.name === 'Night shift');
    expect(policy.steps).toEqual([
      { afterMinutes: 0, channelIds: [ops] },
      { afterMinutes: 30, channelIds: [ops, pager] },
    ]);
    const shown = textOf((await owner.follow(created)).body);
    expect(shown).toContain('Created the policy.');
    expect(shown).toContain('Night shift');
    expect(shown).toContain('After 30 min: Ops, Pager');
  });

  it('shows the verb’s messages beside the row they name, and the form’s own for minutes that are no number', async () => {
    const refused = await post(`${base}/new`, {
      name: 'Bad',
      'step.0.minutes': '15',
      [`step.0.channel.${ops}`]: 'on',
      'step.3.minutes': '15',
      [`step.3.channel.${pager}`]: 'on',
    });
    expect(refused.status).toBe(400);
    expect(textOf(refused.body)).toMatch(/Step 4 ?: minutes: must be greater than the previous step's \(15\)/);
    expect(refused.body).toMatch(/id="f-step\.3\.minutes"[^>]*value="15"/s);
    const typed = await post(`${base}/new`, {
      name: 'Typed',
      'step.0.minutes': 'soon',
      [`step.0.channel.${ops}`]: 'on',
    });
    expect(typed.status).toBe(400);
    expect(textOf(typed.body)).toMatch(/Step 1 ?: minutes: must be a whole number of minutes/);
    const none = await post(`${base}/new`, { name: 'Empty', 'step.0.minutes': '' });
    expect(none.status).toBe(400);
    expect(textOf(none.body)).toMatch(/Step 1 ?: must have at least 1 step/);
    expect((await policies.list(tenant.ctx)).map((p) => p.name)).not.toEqual(
      expect.arrayContaining(['Bad', 'Typed', 'Empty']),
    );
  });

  it('edits a policy, and refuses its deletion while a monitor uses it, naming the monitor', async () => {
    const policy = await policies.create(tenant.ctx, {
      name: 'Edit me',
      steps: [{ afterMinutes: 0, channelIds: [ops] }],
    });
    const edit = await owner.get(`${base}/${policy.id}/edit`);
    expect(edit.status).toBe(200);
    expect(edit.body).toMatch(new RegExp(`name="step\\.0\\.channel\\.${ops}"\\s+checked`));
    const saved = await post(`${base}/${policy.id}/edit`, {
      name: 'Edited',
      'step.0.minutes': '5',
      [`step.0.channel.${pager}`]: 'on',
    });
    expect(saved.status).toBe(303);
    expect(await policies.get(tenant.ctx, policy.id)).toMatchObject({
      name: 'Edited',
      steps: [{ afterMinutes: 5, channelIds: [pager] }],
    });

    const monitor = await t.app.get(MonitorsService).create(tenant.ctx, 'http', {
      name: 'Checkout',
      url: 'https://checkout.example',
      periodicity: '1m',
      alerting: { escalationPolicyId: policy.id },
    });
    const confirm = await owner.get(`${base}/${policy.id}/delete`);
    expect(textOf(confirm.body)).toContain('These monitors use it');
    expect(textOf(confirm.body)).toContain('Checkout');
    const refused = await post(`${base}/${policy.id}/delete`, {});
    expect(refused.status).toBe(409);
    expect(textOf(refused.body)).toContain(`is used by monitors Checkout (${monitor.id})`);
    await t.app.get(MonitorsService).delete(tenant.ctx, monitor.id);
    const deleted = await post(`${base}/${policy.id}/delete`, {});
    expect(deleted.status).toBe(303);
    await expect(policies.get(tenant.ctx, policy.id)).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it('shows a step whose channels were all deleted, for a person to fix', async () => {
    const gone = await aChannel(tenant.ctx, 'Gone');
    const policy = await policies.create(tenant.ctx, {
      name: 'Lost channel',
      steps: [
        { afterMinutes: 0, channelIds: [ops] },
        { afterMinutes: 10, channelIds: [gone] },
      ],
    });
    await t.app.get(NotificationsService).delete(tenant.ctx, gone);
    const row = textOf((await owner.get(base)).body);
    expect(row).toContain('After 10 min: no channel left');
    expect((await policies.get(tenant.ctx, policy.id)).steps[1]).toEqual({ afterMinutes: 10, channelIds: [] });
  });

  it('answers not found for another workspace’s policy and channel, and gives a viewer the list without forms', async () => {
    const other = await newTenant(t);
    const theirChannel = await aChannel(other.ctx, 'Theirs');
    const theirs = await policies.create(other.ctx, {
      name: 'Theirs',
      steps: [{ afterMinutes: 0, channelIds: [theirChannel] }],
    });
    for (const id of [theirs.id, '999999999']) {
      for (const path of ['/edit', '/delete']) {
        expect([id, path, (await owner.get(`${base}/${id}${path}`)).status]).toEqual([id, path, 404]);
        expect([id, path, (await post(`${base}/${id}${path}`, { name: 'stolen' })).status]).toEqual([id, path, 404]);
      }
    }
    const stolen = await post(`${base}/new`, {
      name: 'Mine',
      'step.0.minutes': '0',
      [`step.0.channel.${theirChannel}`]: 'on',
    });
    expect(stolen.status).toBe(404);
    expect(await policies.get(other.ctx, theirs.id)).toMatchObject({ name: 'Theirs' });

    const person = await newMember(t, tenant.ctx, 'viewer');
    const viewer = new DashboardClient(t.baseUrl);
    await viewer.signIn(person.email, PASSWORD);
    const page = await viewer.get(base);
    expect(page.status).toBe(200);
    expect(textOf(page.body)).toContain('Night shift');
    expect(page.body).not.toContain('New escalation policy');
    expect(page.body).not.toContain('/edit"');
    expect((await viewer.get(`${base}/new`)).status).toBe(403);
    const before = (await policies.list(tenant.ctx)).length;
    await viewer.get(base);
    expect(
      (await viewer.post(`${base}/new`, { name: 'Forged', 'step.0.minutes': '0', [`step.0.channel.${ops}`]: 'on' }))
        .status,
    ).toBe(403);
    expect((await policies.list(tenant.ctx)).length).toBe(before);
  });
});

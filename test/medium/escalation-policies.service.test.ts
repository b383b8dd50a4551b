// The rules EscalationPoliciesService's verbs carry, on a real database (issue 29): bounds and order
// of the steps, channels of the same workspace, deletion refused while a monitor uses the policy,
// channel deletion taking the channel out of the steps, and the audit rows.
import type { ServiceContext } from '../../backend/src/common/context';
import {
  ESCALATION_POLICIES_PORT,
  type EscalationPoliciesPort,
} from '../../backend/src/escalation-policies/escalation-policies.port';
import { EscalationPoliciesService } from '../../backend/src/escalation-policies/escalation-policies.service';
import { MonitorsService } from '../../backend/src/monitors/monitors.service';
import { NotificationsService } from '../../backend/src/notifications/notifications.service';
import { createTestApp, newWorkspace, type TestApp } from '../support/app';
import { aMonitor, auditLog, readOnly, refusal } from '../support/service-fixtures';

describe(EscalationPoliciesService.name, () => {
  let t: TestApp;
  let sut: EscalationPoliciesService;
  let ctx: ServiceContext;

  beforeAll(async () => {
    t = await createTestApp();
    sut = t.app.get(EscalationPoliciesService);
  });

  afterAll(() => t.close());

  beforeEach(async () => {
    ctx = await newWorkspace(t);
  });

  const aChannel = async (c: ServiceContext, name = 'ops'): Promise<string> =>
    (
      await t.app.get(NotificationsService).create(c, {
        name,
        providerType: 'webhook',
        provider: { kind: 'webhook', args: { endpoint: 'https://hooks.example.com/alerts' } },
      })
    ).id;

  const message = async (promise: Promise<unknown>) => {
    const error = await refusal(promise);
    return `${error.code} ${error.message}`;
  };

  it('creates, reads and lists a policy with its steps in order (view rule)', async () => {
    const [a, b] = [await aChannel(ctx), await aChannel(ctx, 'pager')];
    const created = await sut.create(ctx, {
      name: '  Night shift ',
      steps: [
        { afterMinutes: 0, channelIds: [a] },
        { afterMinutes: 15, channelIds: [b, a] },
      ],
    });
    expect(created).toMatchObject({
      name: 'Night shift',
      steps: [
        { afterMinutes: 0, channelIds: [a] },
        { afterMinutes: 15, channelIds: [b, a] },
      ],
      monitorIds: [],
    });
    expect(await sut.get(ctx, created.id)).toEqual(created);
    expect((await sut.list(ctx)).map((p) => p.id)).toEqual([created.id]);
  });

  it('refuses names, step counts, minutes and channel lists out of bounds, naming the field and the bound (bounds rule)', async () => {
    const a = await aChannel(ctx);
    const step = (afterMinutes: number, channelIds = [a]) => ({ afterMinutes, channelIds });
    expect(await message(sut.create(ctx, { name: '', steps: [step(0)] }))).toBe('VALIDATION name: is required');
    expect(await message(sut.create(ctx, { name: 'x'.repeat(257), steps: [step(0)] }))).toBe(
      'VALIDATION name: must be at most 256 characters',
    );
    expect(await message(sut.create(ctx, { name: 'a\nb', steps: [step(0)] }))).toBe(
      'VALIDATION name: must not contain control characters',
    );
    expect(await message(sut.create(ctx, { name: 'p', steps: [] }))).toBe(
      'VALIDATION steps: must have at least 1 step',
    );
    expect(await message(sut.create(ctx, { name: 'p' }))).toBe('VALIDATION steps: is required (a list of steps)');
    const eleven = Array.from({ length: 11 }, (_, i) => step(i));
    expect(await message(sut.create(ctx, { name: 'p', steps: eleven }))).toBe(
      'VALIDATION steps: must have at most 10 steps',
    );
    expect(await message(sut.create(ctx, { name: 'p', steps: [step(-1)] }))).toBe(
      'VALIDATION steps.0.afterMinutes: must be at least 0',
    );
    expect(await message(sut.create(ctx, { name: 'p', steps: [step(10_081)] }))).toBe(
      'VALIDATION steps.0.afterMinutes: must be at most 10080 (7 days)',
    );
    expect(await message(sut.create(ctx, { name: 'p', steps: [step(1.5)] }))).toBe(
      'VALIDATION steps.0.afterMinutes: must be a whole number of minutes',
    );
    expect(await message(sut.create(ctx, { name: 'p', steps: [step(0, [])] }))).toBe(
      'VALIDATION steps.0.channelIds: must name at least 1 notification channel',
    );
    const many = Array.from({ length: 21 }, (_, i) => String(i + 1));
    expect(await message(sut.create(ctx, { name: 'p', steps: [step(0, many)] }))).toBe(
      'VALIDATION steps.0.channelIds: must name at most 20 notification channels',
    );
    expect(await message(sut.create(ctx, { name: 'p', steps: [step(0, [a, a])] }))).toBe(
      `VALIDATION steps.0.channelIds.1: repeats channel ${a} of this step`,
    );
    const ten = await sut.create(ctx, { name: 'ten', steps: Array.from({ length: 10 }, (_, i) => step(i * 1008)) });
    expect(ten.steps.at(-1)!.afterMinutes).toBe(9072);
    expect((await sut.create(ctx, { name: 'x'.repeat(256), steps: [step(10_080)] })).name).toHaveLength(256);
  });

  it('refuses steps whose minutes do not strictly increase, naming the previous value (order rule)', async () => {
    const a = await aChannel(ctx);
    const steps = [0, 15, 15].map((afterMinutes) => ({ afterMinutes, channelIds: [a] }));
    expect(await message(sut.create(ctx, { name: 'p', steps }))).toBe(
      "VALIDATION steps.2.afterMinutes: must be greater than the previous step's (15)",
    );
    const down = [30, 10].map((afterMinutes) => ({ afterMinutes, channelIds: [a] }));
    expect(await message(sut.create(ctx, { name: 'p', steps: down }))).toBe(
      "VALIDATION steps.1.afterMinutes: must be greater than the previous step's (30)",
    );
  });

  it("answers NOT_FOUND for another workspace's channel or an unknown one, naming it (channel rule)", async () => {
    const other = await newWorkspace(t);
    const theirs = await aChannel(other);
    const ours = await aChannel(ctx);
    expect(
      await message(
        sut.create(ctx, {
          name: 'p',
          steps: [
            { afterMinutes: 0, channelIds: [ours] },
            { afterMinutes: 5, channelIds: [ours, theirs] },
          ],
        }),
      ),
    ).toBe(`NOT_FOUND steps.1.channelIds.1: notification channel "${theirs}" not found`);
    expect(await message(sut.create(ctx, { name: 'p', steps: [{ afterMinutes: 0, channelIds: ['999999999'] }] }))).toBe(
      'NOT_FOUND steps.0.channelIds.0: notification channel "999999999" not found',
    );
    expect(await message(sut.create(ctx, { name: 'p', steps: [{ afterMinutes: 0, channelIds: ['abc'] }] }))).toBe(
      'NOT_FOUND steps.0.channelIds.0: notification channel "abc" not found',
    );
  });

  it("answers NOT_FOUND for another workspace's policy in every verb (isolation rule)", async () => {
    const policy = await sut.create(ctx, {
      name: 'p',
      steps: [{ afterMinutes: 0, channelIds: [await aChannel(ctx)] }],
    });
    const other = await newWorkspace(t);
    for (const verb of [
      () => sut.get(other, policy.id),
      () => sut.update(other, policy.id, { name: 'taken' }),
      () => sut.delete(other, policy.id),
    ]) {
      expect(await message(verb())).toBe(`NOT_FOUND escalation policy "${policy.id}" not found`);
    }
    expect(await sut.list(other)).toEqual([]);
    expect((await sut.get(ctx, policy.id)).name).toBe('p');
  });

  it('refuses every change to a read-only credential (scope rule)', async () => {
    const a = await aChannel(ctx);
    const policy = await sut.create(ctx, { name: 'p', steps: [{ afterMinutes: 0, channelIds: [a] }] });
    const reader = readOnly(ctx);
    for (const verb of [
      () => sut.create(reader, { name: 'q', steps: [{ afterMinutes: 0, channelIds: [a] }] }),
      () => sut.update(reader, policy.id, { name: 'q' }),
      () => sut.delete(reader, policy.id),
    ]) {
      expect((await refusal(verb())).code).toBe('FORBIDDEN');
    }
    expect((await sut.get(reader, policy.id)).name).toBe('p');
  });

  it('updates the name alone or the steps as a whole, and records nothing for a repeat (update rule)', async () => {
    const [a, b] = [await aChannel(ctx), await aChannel(ctx, 'pager')];
    const policy = await sut.create(ctx, { name: 'p', steps: [{ afterMinutes: 0, channelIds: [a] }] });
    const renamed = await sut.update(ctx, policy.id, { name: 'Renamed' });
    expect(renamed.steps).toEqual(policy.steps);
    const replaced = await sut.update(ctx, policy.id, {
      steps: [
        { afterMinutes: 5, channelIds: [b] },
        { afterMinutes: 60, channelIds: [a, b] },
      ],
    });
    expect(replaced).toMatchObject({ name: 'Renamed', steps: [{ afterMinutes: 5 }, { afterMinutes: 60 }] });
    await sut.update(ctx, policy.id, { name: 'Renamed' });
    expect(await message(sut.update(ctx, policy.id, { steps: [{ afterMinutes: 9, channelIds: ['1'] }] }))).toMatch(
      /^NOT_FOUND steps\.0\.channelIds\.0/,
    );
    expect((await auditLog(t, ctx)).filter((e) => e.entityType === 'escalation_policy').map((e) => e.action)).toEqual([
      'escalation_policy.create',
      'escalation_policy.update',
      'escalation_policy.update',
    ]);
  });

  it('refuses to delete a policy a live monitor uses, naming the monitor, and deletes it once none does (in-use rule)', async () => {
    const policy = await sut.create(ctx, {
      name: 'p',
      steps: [{ afterMinutes: 0, channelIds: [await aChannel(ctx)] }],
    });
    const monitor = await aMonitor(t, ctx, { name: 'Router', alerting: { escalationPolicyId: policy.id } });
    expect((await sut.get(ctx, policy.id)).monitorIds).toEqual([monitor.id]);
    expect((await sut.list(ctx))[0].monitorIds).toEqual([monitor.id]);
    expect(await message(sut.delete(ctx, policy.id))).toBe(
      `PRECONDITION_FAILED escalation policy "${policy.id}" is used by monitors Router (${monitor.id}): give them another policy, or none, first`,
    );
    await t.app.get(MonitorsService).delete(ctx, monitor.id);
    await sut.delete(ctx, policy.id);
    expect(await message(sut.get(ctx, policy.id))).toBe(`NOT_FOUND escalation policy "${policy.id}" not found`);
    const entries = (await auditLog(t, ctx)).filter((e) => e.entityType === 'escalation_policy');
    expect(entries.map((e) => e.action)).toEqual(['escalation_policy.create', 'escalation_policy.delete']);
    expect(entries[1].before).toEqual({ id: policy.id, name: 'p', steps: policy.steps });
  });

  it("lets a monitor use only its own workspace's policies (lookup rule)", async () => {
    const other = await newWorkspace(t);
    const theirs = await sut.create(other, {
      name: 'p',
      steps: [{ afterMinutes: 0, channelIds: [await aChannel(other)] }],
    });
    const error = await refusal(aMonitor(t, ctx, { alerting: { escalationPolicyId: theirs.id } }));
    expect(error.code).toBe('NOT_FOUND');
  });

  it('takes a deleted channel out of every step, leaving an emptied step in place (channel deletion rule)', async () => {
    const [a, b] = [await aChannel(ctx), await aChannel(ctx, 'pager')];
    const policy = await sut.create(ctx, {
      name: 'p',
      steps: [
        { afterMinutes: 0, channelIds: [a] },
        { afterMinutes: 10, channelIds: [b, a] },
      ],
    });
    const other = await newWorkspace(t);
    const untouched = await sut.create(other, {
      name: 'q',
      steps: [{ afterMinutes: 0, channelIds: [await aChannel(other)] }],
    });
    await t.app.get(NotificationsService).delete(ctx, a);
    expect((await sut.get(ctx, policy.id)).steps).toEqual([
      { afterMinutes: 0, channelIds: [] },
      { afterMinutes: 10, channelIds: [b] },
    ]);
    expect((await sut.get(other, untouched.id)).steps).toEqual(untouched.steps);
    // An emptied step does not block a rename; replacing the steps is checked again.
    expect((await sut.update(ctx, policy.id, { name: 'after' })).name).toBe('after');
    const port = t.app.get<EscalationPoliciesPort>(ESCALATION_POLICIES_PORT);
    expect((await port.stepsOf([policy.id, '999999999'])).get(policy.id)).toEqual([
      { afterMinutes: 0, channelIds: [] },
      { afterMinutes: 10, channelIds: [b] },
    ]);
  });

  it('refuses a policy beyond 100 in a workspace (limit rule)', async () => {
    const a = await aChannel(ctx);
    for (let i = 0; i < 100; i++)
      await sut.create(ctx, { name: `p${i}`, steps: [{ afterMinutes: 0, channelIds: [a] }] });
    expect(await message(sut.create(ctx, { name: 'one more', steps: [{ afterMinutes: 0, channelIds: [a] }] }))).toBe(
      'LIMIT_EXCEEDED escalation policies: a workspace has at most 100; delete one first',
    );
  });
});

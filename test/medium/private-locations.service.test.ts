// The rules PrivateLocationsService's verbs carry, on a real database (SPEC §2.9, §6): agent tokens,
// monitor links and the schedules they make.
import type { ServiceContext } from '../../backend/src/common/context';
import { MonitorsService } from '../../backend/src/monitors/monitors.service';
import { PrivateLocationsService } from '../../backend/src/private-locations/private-locations.service';
import { createTestApp, newWorkspace, type TestApp } from '../support/app';
import { aMonitor, auditLog, readOnly, refusal } from '../support/service-fixtures';

describe(PrivateLocationsService.name, () => {
  let t: TestApp;
  let sut: PrivateLocationsService;
  let ctx: ServiceContext;

  beforeAll(async () => {
    t = await createTestApp();
    sut = t.app.get(PrivateLocationsService);
  });

  afterAll(() => t.close());

  beforeEach(async () => {
    ctx = await newWorkspace(t);
  });

  /** What an agent presenting the token is taken for (how the agent API knows a check-engine agent). */
  const agentOf = (token: string) => sut.locationOfAgentToken(token);

  const schedulesOf = async (monitorId: string) =>
    (await t.db.rows<{ location: string }>('SELECT location FROM monitor_schedules WHERE monitor_id = $1', [monitorId]))
      .map((r) => r.location)
      .sort();

  it('refuses private locations on a plan without them (limit rule)', async () => {
    const free = await newWorkspace(t, 'free');
    const error = await refusal(sut.create(free, { name: 'Office' }));
    expect(error.code).toBe('LIMIT_EXCEEDED');
    expect(error.message).toBe('private locations: the free plan does not include private locations');
  });

  it('reveals a new agent token on create, and stores only its seal and hash (token secret rule)', async () => {
    const location = await sut.create(ctx, { name: 'Office' });
    expect(location.token).toMatch(/^svc_plt_[A-Za-z0-9]{40}$/);
    const rows = await t.db.rows('SELECT * FROM private_locations WHERE id = $1', [location.id]);
    expect(JSON.stringify(rows)).not.toContain(location.token!);
    expect(await agentOf(location.token!)).toBe(location.id);
  });

  it('shows the token to write principals only, and never in a list, an update or the audit log (token view rule)', async () => {
    const created = await sut.create(ctx, { name: 'Office' });
    expect((await sut.get(ctx, created.id)).token).toBe(created.token);
    expect((await sut.get(readOnly(ctx), created.id)).token).toBeNull();
    expect((await sut.list(ctx, {})).items.map((l) => l.token)).toEqual([null]);
    expect((await sut.update(ctx, created.id, { name: 'Office 2' })).token).toBeNull();
    const rotated = await sut.rotateToken(ctx, created.id);
    const log = JSON.stringify(await auditLog(t, ctx));
    expect(log).not.toContain(created.token!);
    expect(log).not.toContain(rotated.token!);
  });

  it('rotates the token: the old one stops working at once, and the rotation is audited (rotation rule)', async () => {
    const created = await sut.create(ctx, { name: 'Office' });
    const rotated = await sut.rotateToken(ctx, created.id);
    expect(rotated.token).not.toBe(created.token);
    expect(await agentOf(created.token!)).toBeNull();
    expect(await agentOf(rotated.token!)).toBe(created.id);
    expect((await auditLog(t, ctx)).at(-1)).toMatchObject({
      action: 'private_location.rotate_token',
      entityId: created.id,
    });
  });

  it("answers NOT_FOUND for another workspace's location and monitors (isolation rule)", async () => {
    const other = await newWorkspace(t);
    const theirs = await aMonitor(t, other);
    const error = await refusal(sut.create(ctx, { name: 'Office', monitorIds: [theirs.id] }));
    expect(error.code).toBe('NOT_FOUND');
    expect(error.message).toBe(`monitor ${JSON.stringify(theirs.id)} not found`);
    const location = await sut.create(ctx, { name: 'Office' });
    for (const verb of [
      () => sut.get(other, location.id),
      () => sut.update(other, location.id, { name: 'taken' }),
      () => sut.rotateToken(other, location.id),
      () => sut.delete(other, location.id),
    ]) {
      expect((await refusal(verb())).code).toBe('NOT_FOUND');
    }
    expect(await agentOf(location.token!)).toBe(location.id);
  });

  it('schedules the linked monitors from the location, and stops when unlinked or deleted (schedule rule)', async () => {
    const monitor = await aMonitor(t, ctx, { active: true, regions: ['fly-ams'] });
    const location = await sut.create(ctx, { name: 'Office', monitorIds: [monitor.id] });
    expect(await schedulesOf(monitor.id)).toEqual(['fly-ams', `private-location:${location.id}`]);
    expect((await t.app.get(MonitorsService).get(ctx, monitor.id)).privateLocationIds).toEqual([location.id]);
    await sut.update(ctx, location.id, {}, ['monitorIds']);
    expect(await schedulesOf(monitor.id)).toEqual(['fly-ams']);
    await sut.update(ctx, location.id, { monitorIds: [monitor.id] });
    await sut.delete(ctx, location.id);
    expect(await schedulesOf(monitor.id)).toEqual(['fly-ams']);
    expect(await agentOf(location.token!)).toBeNull();
  });

  it('keeps links and metadata that an update without a mask sends empty (empty-is-unset rule)', async () => {
    const monitor = await aMonitor(t, ctx);
    const location = await sut.create(ctx, { name: 'Office', monitorIds: [monitor.id], metadata: { floor: '3' } });
    const updated = await sut.update(ctx, location.id, { name: 'Office 2', monitorIds: [], metadata: {} });
    expect(updated).toMatchObject({ name: 'Office 2', monitorIds: [monitor.id], metadata: { floor: '3' } });
  });

  it('refuses a monitor listed twice and keeps links in id order (link rule)', async () => {
    const first = await aMonitor(t, ctx);
    const second = await aMonitor(t, ctx);
    const twice = await refusal(sut.create(ctx, { name: 'Office', monitorIds: [first.id, first.id] }));
    expect(twice.message).toBe('monitorIds: must not repeat a monitor');
    const location = await sut.create(ctx, { name: 'Office', monitorIds: [second.id, first.id] });
    expect(location.monitorIds).toEqual([first.id, second.id]);
  });

  it('audits a change with before and after, and records nothing for an update that changes nothing (audit rule)', async () => {
    const location = await sut.create(ctx, { name: 'Office' });
    await sut.update(ctx, location.id, { name: 'Office' });
    await sut.update(ctx, location.id, { name: 'Lab' });
    const entries = (await auditLog(t, ctx)).filter((e) => e.entityType === 'private_location');
    expect(entries.map((e) => e.action)).toEqual(['private_location.create', 'private_location.update']);
    expect(entries[1]).toMatchObject({ changedFields: ['name'], before: { name: 'Office' }, after: { name: 'Lab' } });
  });
});

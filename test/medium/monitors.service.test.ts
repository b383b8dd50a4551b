// The rules MonitorsService's verbs carry, on a real database (SPEC §2.1, §2.2, §5, §6).
import type { ServiceContext } from '../../backend/src/common/context';
import { REDACTED } from '../../backend/src/monitors/monitor.view';
import { DEFAULT_REGIONS, MonitorsService } from '../../backend/src/monitors/monitors.service';
import { PageComponentsService } from '../../backend/src/status-pages/page-components.service';
import { createTestApp, newWorkspace, type TestApp } from '../support/app';
import { aMonitor, aPage, auditLog, readOnly, refusal } from '../support/service-fixtures';

const TOKEN = 'Bearer monitor-credential-5d1e';

describe(MonitorsService.name, () => {
  let t: TestApp;
  let sut: MonitorsService;
  let ctx: ServiceContext;

  beforeAll(async () => {
    // Private targets refused, as in production, so the private-address rule can be seen.
    t = await createTestApp({ ALLOW_PRIVATE_TARGETS: 'false' });
    sut = t.app.get(MonitorsService);
  });

  afterAll(() => t.close());

  beforeEach(async () => {
    ctx = await newWorkspace(t);
  });

  it('runs a monitor created without regions from three continents (default regions rule)', async () => {
    const monitor = await aMonitor(t, ctx, { regions: [] });
    expect(monitor.regions).toEqual(DEFAULT_REGIONS);
  });

  it('refuses a monitor over the plan limit (limit rule)', async () => {
    const free = await newWorkspace(t, 'free');
    for (let i = 0; i < 5; i += 1) await aMonitor(t, free);
    const error = await refusal(aMonitor(t, free));
    expect(error.code).toBe('LIMIT_EXCEEDED');
    expect(error.message).toBe('monitors: the free plan allows at most 5 monitors');
  });

  it('refuses a periodicity shorter than the plan allows, on create and update (periodicity rule)', async () => {
    const free = await newWorkspace(t, 'free');
    const error = await refusal(aMonitor(t, free, { periodicity: '5m' }));
    expect(error.code).toBe('LIMIT_EXCEEDED');
    expect(error.message).toBe('periodicity: the free plan allows checks every 10 minutes at most');
    const monitor = await aMonitor(t, free);
    expect((await refusal(sut.update(free, 'http', monitor.id, { periodicity: '1m' }))).code).toBe('LIMIT_EXCEEDED');
  });

  it('refuses more regions than the plan allows per monitor (regions rule)', async () => {
    const free = await newWorkspace(t, 'free');
    const regions = ['fly-ams', 'fly-arn', 'fly-bom', 'fly-cdg', 'fly-dfw', 'fly-ewr', 'fly-fra'] as const;
    const error = await refusal(aMonitor(t, free, { regions: [...regions] }));
    expect(error.code).toBe('LIMIT_EXCEEDED');
    expect(error.message).toBe('regions: the free plan allows at most 6 regions per monitor');
  });

  it('refuses a private target checked from shared regions, not from private locations only (private-address rule)', async () => {
    const error = await refusal(aMonitor(t, ctx, { url: 'http://127.0.0.1:8080/' }));
    expect(error.code).toBe('VALIDATION');
    expect(error.message).toMatch(/^url: /);
    const monitor = await aMonitor(t, ctx);
    const local = await sut.update(ctx, 'http', monitor.id, { url: 'http://127.0.0.1:8080/', regions: [] }, [
      'url',
      'regions',
    ]);
    expect(local).toMatchObject({ url: 'http://127.0.0.1:8080/', regions: [] });
  });

  it("answers NOT_FOUND for another workspace's monitor on every verb (isolation rule)", async () => {
    const monitor = await aMonitor(t, ctx);
    const other = await newWorkspace(t);
    const verbs: Array<() => Promise<unknown>> = [
      () => sut.get(other, monitor.id),
      () => sut.update(other, 'http', monitor.id, { name: 'taken' }),
      () => sut.delete(other, monitor.id),
      () => sut.trigger(other, monitor.id),
      () => sut.status(other, monitor.id),
      () => sut.summary(other, monitor.id),
      () => sut.dailySeries(other, monitor.id),
      () => sut.dependents(other, monitor.id),
      () => sut.listResponseLogs(other, monitor.id, {}),
    ];
    for (const verb of verbs) expect((await refusal(verb())).code).toBe('NOT_FOUND');
    expect((await sut.list(other, {})).totalSize).toBe(0);
    expect((await sut.get(ctx, monitor.id)).name).toBe(monitor.name);
  });

  it('answers NOT_FOUND when the kind named does not match the monitor (kind rule)', async () => {
    const monitor = await aMonitor(t, ctx);
    const error = await refusal(sut.update(ctx, 'tcp', monitor.id, { name: 'renamed' }));
    expect(error.code).toBe('NOT_FOUND');
    expect(error.message).toBe(`tcp monitor ${JSON.stringify(monitor.id)} not found`);
  });

  it('refuses a mask path that is not a field of the kind (mask rule)', async () => {
    const monitor = await sut.create(ctx, 'tcp', { name: 'db', uri: 'db.example.com:5432', periodicity: '1m' });
    const error = await refusal(sut.update(ctx, 'tcp', monitor.id, {}, ['url']));
    expect(error.code).toBe('VALIDATION');
    expect(error.message).toContain('is not a field of tcp monitors');
  });

  it('puts a masked field missing from the patch back to its default (mask reset rule)', async () => {
    const monitor = await aMonitor(t, ctx, { description: 'the API', retry: 1 });
    const updated = await sut.update(ctx, 'http', monitor.id, { name: 'renamed' }, ['name', 'description', 'retry']);
    expect(updated).toMatchObject({ name: 'renamed', description: '', retry: 3 });
  });

  it('seals credential headers at rest and shows them to write principals only (secret rule)', async () => {
    const monitor = await aMonitor(t, ctx, {
      headers: [
        { key: 'Authorization', value: TOKEN },
        { key: 'Accept', value: 'application/json' },
      ],
    });
    const [row] = await t.db.rows<{ headers: string }>('SELECT headers::text AS headers FROM monitors WHERE id = $1', [
      monitor.id,
    ]);
    expect(row.headers).not.toContain(TOKEN);
    expect(row.headers).toContain('application/json');
    expect((await sut.get(ctx, monitor.id)).headers[0].value).toBe(TOKEN);
    const read = readOnly(ctx);
    expect((await sut.get(read, monitor.id)).headers).toEqual([
      { key: 'Authorization', value: REDACTED },
      { key: 'Accept', value: 'application/json' },
    ]);
    expect((await sut.list(read, {})).items[0].headers[0].value).toBe(REDACTED);
  });

  it('keeps credentials out of audit snapshots (audit secret rule)', async () => {
    const monitor = await aMonitor(t, ctx, { headers: [{ key: 'Authorization', value: TOKEN }] });
    await sut.update(ctx, 'http', monitor.id, {
      name: 'renamed',
      headers: [{ key: 'Authorization', value: `${TOKEN}-rotated` }],
    });
    await sut.delete(ctx, monitor.id);
    const entries = (await auditLog(t, ctx)).filter((e) => e.entityType === 'monitor');
    expect(entries.map((e) => e.action)).toEqual(['monitor.create', 'monitor.update', 'monitor.delete']);
    expect(JSON.stringify(entries)).not.toContain(TOKEN);
    expect(entries[1].after).toMatchObject({ headers: [{ key: 'Authorization', value: REDACTED }] });
  });

  it('refuses the redaction marker sent back as a credential (redacted round-trip rule)', async () => {
    const monitor = await aMonitor(t, ctx, { headers: [{ key: 'Authorization', value: TOKEN }] });
    const seen = await sut.get(readOnly(ctx), monitor.id);
    const error = await refusal(sut.update(ctx, 'http', monitor.id, { headers: seen.headers }));
    expect(error.code).toBe('VALIDATION');
    expect(error.message).toMatch(/^headers\.0\.value: /);
    expect((await sut.get(ctx, monitor.id)).headers[0].value).toBe(TOKEN);
  });

  it('audits a change with before and after, and records nothing for an update that changes nothing (audit rule)', async () => {
    const monitor = await aMonitor(t, ctx);
    await sut.update(ctx, 'http', monitor.id, { name: 'renamed' });
    await sut.update(ctx, 'http', monitor.id, { name: 'renamed' });
    const entries = (await auditLog(t, ctx)).filter((e) => e.entityType === 'monitor');
    expect(entries.map((e) => e.action)).toEqual(['monitor.create', 'monitor.update']);
    expect(entries[1].changedFields).toEqual(['name']);
    expect(entries[1].before).toMatchObject({ name: monitor.name });
    expect(entries[1].after).toMatchObject({ name: 'renamed' });
  });

  it('refuses every mutation with a read-only scope, and changes nothing (scope rule)', async () => {
    const monitor = await aMonitor(t, ctx);
    const read = readOnly(ctx);
    for (const verb of [
      () => aMonitor(t, read),
      () => sut.update(read, 'http', monitor.id, { name: 'renamed' }),
      () => sut.delete(read, monitor.id),
      () => sut.trigger(read, monitor.id),
    ]) {
      expect((await refusal(verb())).code).toBe('FORBIDDEN');
    }
    expect((await sut.get(ctx, monitor.id)).name).toBe(monitor.name);
  });

  it('refuses to delete a monitor a status page component shows, then deletes it once the component is gone (dependents rule)', async () => {
    const monitor = await aMonitor(t, ctx);
    const page = await aPage(t, ctx);
    const components = t.app.get(PageComponentsService);
    const component = await components.createComponent(ctx, {
      pageId: page.id,
      type: 'monitor',
      monitorId: monitor.id,
    });
    expect(await sut.dependents(ctx, monitor.id)).toMatchObject({
      components: [expect.objectContaining({ id: component.id })],
    });
    const error = await refusal(sut.delete(ctx, monitor.id));
    expect(error.code).toBe('PRECONDITION_FAILED');
    expect(error.message).toContain(component.id);
    await components.deleteComponent(ctx, component.id);
    await sut.delete(ctx, monitor.id);
    expect((await refusal(sut.get(ctx, monitor.id))).code).toBe('NOT_FOUND');
    expect((await sut.list(ctx, {})).totalSize).toBe(0);
  });

  it('refuses to trigger a monitor with no region and no private location (trigger rule)', async () => {
    const monitor = await aMonitor(t, ctx);
    await sut.trigger(ctx, monitor.id);
    await sut.update(ctx, 'http', monitor.id, { regions: [] }, ['regions']);
    const error = await refusal(sut.trigger(ctx, monitor.id));
    expect(error.code).toBe('PRECONDITION_FAILED');
  });

  it('answers unknown for every location before a check was judged (status rule)', async () => {
    const monitor = await aMonitor(t, ctx, { regions: ['fly-ams', 'fly-iad'] });
    expect(await sut.status(ctx, monitor.id)).toEqual({
      id: monitor.id,
      regions: [
        { region: 'fly-ams', status: 'unknown' },
        { region: 'fly-iad', status: 'unknown' },
      ],
      privateLocations: [],
    });
  });

  it('gates response logs on the plan and on HTTP monitors, with a window that ends after it starts (response log rule)', async () => {
    const free = await newWorkspace(t, 'free');
    const freeMonitor = await aMonitor(t, free);
    expect((await refusal(sut.listResponseLogs(free, freeMonitor.id, {}))).code).toBe('FORBIDDEN');
    const tcp = await sut.create(ctx, 'tcp', { name: 'db', uri: 'db.example.com:5432', periodicity: '1m' });
    const notHttp = await refusal(sut.listResponseLogs(ctx, tcp.id, {}));
    expect(notHttp.code).toBe('VALIDATION');
    expect(notHttp.message).toMatch(/^id: .*only HTTP monitors have response logs/);
    const http = await aMonitor(t, ctx);
    const reversed = await refusal(sut.listResponseLogs(ctx, http.id, { fromTimestamp: 2000, toTimestamp: 1000 }));
    expect(reversed.message).toBe('fromTimestamp: must not be after toTimestamp');
    expect(await sut.listResponseLogs(ctx, http.id, {})).toEqual({ logs: [], hasMore: false, nextOffset: 0 });
  });

  it('refuses an unknown region in a summary and a daily series outside 1 to 45 days (read bounds rule)', async () => {
    const monitor = await aMonitor(t, ctx);
    const region = await refusal(sut.summary(ctx, monitor.id, '1d', ['moon-1' as never]));
    expect(region.message).toBe('regions: unknown region "moon-1"');
    expect((await refusal(sut.dailySeries(ctx, monitor.id, 46))).message).toBe('days: must be between 1 and 45');
    expect((await refusal(sut.summary(ctx, 'not-an-id'))).code).toBe('NOT_FOUND');
    expect(await sut.dailySeries(ctx, monitor.id, 1)).toHaveLength(1);
  });
});

// The writing half of ImportsService on a real database (issue 30), with a model built here (the
// source parsers have tests of their own, test/integration/imports/*): the plan writes nothing; apply
// creates every kind in one transaction with references resolved, monitors inactive unless activated,
// secrets sealed; a second run matches by source key and creates nothing; a resource deleted since is
// skipped with what needs it; a refusal names the item and rolls every write back.
import type { ServiceContext } from '../../backend/src/common/context';
import type { ImportModel } from '../../backend/src/imports/import-model';
import { planImport, renderPlan } from '../../backend/src/imports/import-plan';
import { ImportsService } from '../../backend/src/imports/imports.service';
import { MaintenancesService } from '../../backend/src/maintenances/maintenances.service';
import { MonitorsService } from '../../backend/src/monitors/monitors.service';
import { NotificationsService } from '../../backend/src/notifications/notifications.service';
import { PageComponentsService } from '../../backend/src/status-pages/page-components.service';
import { StatusPagesService } from '../../backend/src/status-pages/status-pages.service';
import { createTestApp, newWorkspace, type TestApp } from '../support/app';
import { auditLog, readOnly, refusal } from '../support/service-fixtures';

const WEBHOOK_SECRET = 'https://hooks.example.com/T0/B0/very-secret-token-123';

function aModel(slug: string): ImportModel {
  return {
    source: 'gatus',
    findings: [{ level: 'unmappable', field: 'endpoints[3]', message: 'ssh:// endpoints have no equivalent' }],
    monitors: [
      {
        sourceKey: 'endpoint:core/api',
        label: 'endpoint “API”',
        findings: [{ level: 'approximate', field: 'interval', message: '45s rounded to 1m' }],
        kind: 'http',
        input: {
          name: 'API',
          url: 'https://api.example.com/health',
          periodicity: '1m',
          statusCodeAssertions: [{ comparator: 'eq', target: 200 }],
          alerting: { failureThreshold: 3, recoveryThreshold: 2 },
        },
      },
      {
        sourceKey: 'endpoint:core/db',
        label: 'endpoint “DB”',
        findings: [],
        kind: 'tcp',
        input: { name: 'DB', uri: 'db.example.com:5432', periodicity: '5m' },
        parentKeys: ['endpoint:core/api'],
      },
    ],
    channels: [
      {
        sourceKey: 'alerting:slack',
        label: 'alerting provider slack',
        findings: [],
        name: 'Slack',
        provider: { kind: 'slack', args: { webhookUrl: WEBHOOK_SECRET } },
        monitorKeys: ['endpoint:core/api', 'endpoint:core/db'],
      },
    ],
    statusPages: [
      {
        sourceKey: 'page',
        label: 'the Gatus page',
        findings: [],
        title: 'Gatus',
        slug,
        components: [],
        groups: [
          {
            sourceKey: 'group:core',
            label: 'group “core”',
            findings: [],
            name: 'core',
            order: 0,
            components: [
              {
                sourceKey: 'component:core/api',
                label: 'API',
                findings: [],
                name: 'API',
                monitorKey: 'endpoint:core/api',
                order: 0,
              },
              {
                sourceKey: 'component:core/db',
                label: 'DB',
                findings: [],
                name: 'DB',
                monitorKey: 'endpoint:core/db',
                order: 1,
              },
            ],
          },
        ],
      },
    ],
    maintenances: [
      {
        sourceKey: 'maintenance:0',
        label: 'maintenance',
        findings: [],
        pageKey: 'page',
        title: 'Nightly window',
        message: '',
        from: new Date(Date.now() + 86_400_000),
        to: new Date(Date.now() + 90_000_000),
        componentKeys: ['component:core/api'],
      },
    ],
  };
}

describe(ImportsService.name, () => {
  let t: TestApp;
  let sut: ImportsService;
  let ctx: ServiceContext;
  let slug: string;

  beforeAll(async () => {
    t = await createTestApp();
    sut = t.app.get(ImportsService);
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    ctx = await newWorkspace(t);
    slug = `gatus-${ctx.workspace.id}`;
  });

  it('creates every kind with its references resolved, inactive, secrets sealed, then matches on a second run', async () => {
    const model = aModel(slug);
    const first = await sut.applyModel(ctx, model, false);
    expect(first.plan.counts).toEqual({ create: 8, match: 0, skip: 0, approximate: 1, unmappable: 1 });
    const id = (key: string) => first.plan.items.find((i) => i.sourceKey === key)!.resourceId!;

    const api = await t.app.get(MonitorsService).get(ctx, id('endpoint:core/api'));
    expect(api).toMatchObject({ name: 'API', active: false, periodicity: '1m' });
    expect(api.alerting).toMatchObject({ failureThreshold: 3, recoveryThreshold: 2 });
    const db = await t.app.get(MonitorsService).get(ctx, id('endpoint:core/db'));
    expect(db.alerting.parentMonitorIds).toEqual([api.id]);

    const channel = await t.app.get(NotificationsService).get(ctx, id('alerting:slack'));
    expect([...channel.monitorIds].sort()).toEqual([api.id, db.id].sort());
    const [row]: unknown[] = await t.db.dataSource.query('SELECT * FROM notification_channels WHERE id = $1', [
      channel.id,
    ]);
    expect(JSON.stringify(row)).not.toContain('very-secret-token');

    const page = await t.app.get(StatusPagesService).get(ctx, id('page'));
    expect(page).toMatchObject({ title: 'Gatus', slug });
    const components = await t.app.get(PageComponentsService).listComponents(ctx, page.id);
    expect(components.map((c) => [c.name, c.monitorId, c.groupId])).toEqual([
      ['API', api.id, id('group:core')],
      ['DB', db.id, id('group:core')],
    ]);
    const window = await t.app.get(MaintenancesService).get(ctx, id('maintenance:0'));
    expect(window.pageComponentIds).toEqual([id('component:core/api')]);

    const again = await sut.applyModel(ctx, aModel(slug), true);
    expect(again.plan.counts).toMatchObject({ create: 0, match: 8, skip: 0 });
    expect(again.plan.items.every((i) => i.resourceId === id(i.sourceKey))).toBe(true);
    const [{ n }]: Array<{ n: number }> = await t.db.dataSource.query(
      'SELECT count(*)::int AS n FROM monitors WHERE workspace_id = $1',
      [ctx.workspace.id],
    );
    expect(n).toBe(2);
    const actions = (await auditLog(t, ctx)).map((e) => e.action);
    expect(actions.filter((a) => a === 'import.apply')).toHaveLength(2);
    expect(actions).toContain('monitor.create');
  });

  it('creates monitors active with activate, and another page takes the next free slug', async () => {
    await sut.applyModel(ctx, aModel(slug), false);
    const other = await newWorkspace(t);
    const result = await sut.applyModel(other, aModel(slug), true);
    // Nothing of the first workspace's import is matched in another one.
    expect(result.plan.counts).toMatchObject({ create: 8, match: 0 });
    const pageId = result.plan.items.find((i) => i.kind === 'status_page')!.resourceId!;
    expect((await t.app.get(StatusPagesService).get(other, pageId)).slug).toBe(`${slug}-2`);
    const monitorId = result.plan.items.find((i) => i.kind === 'monitor')!.resourceId!;
    expect((await t.app.get(MonitorsService).get(other, monitorId)).active).toBe(true);
  });

  it('skips what was deleted since, and what needs it, without creating it again', async () => {
    const first = await sut.applyModel(ctx, aModel(slug), false);
    const componentId = first.plan.items.find((i) => i.sourceKey === 'component:core/api')!.resourceId!;
    await t.app
      .get(MaintenancesService)
      .delete(ctx, first.plan.items.find((i) => i.kind === 'maintenance')!.resourceId!);
    await t.app.get(PageComponentsService).deleteComponent(ctx, componentId);
    const plan = planImport(aModel(slug), new Map());
    expect(plan.counts.create).toBe(8);
    const second = await sut.applyModel(ctx, aModel(slug), false);
    expect(second.plan.items.filter((i) => i.action === 'skip').map((i) => [i.sourceKey, i.reason])).toEqual([
      ['component:core/api', expect.stringContaining('deleted here since')],
      ['maintenance:0', expect.stringContaining('deleted here since')],
    ]);
    expect(second.plan.counts.create).toBe(0);
    expect(renderPlan(second.plan)).toContain('Skipped');
  });

  it('rolls everything back when one item is refused, naming the item', async () => {
    const model = aModel(slug);
    model.channels[0].provider = { kind: 'slack', args: { webhookUrl: 'not a url' } };
    const error = await refusal(sut.applyModel(ctx, model, false));
    expect(error.message).toMatch(/^alerting provider slack: /);
    const [{ n }]: Array<{ n: string }> = await t.db.dataSource.query(
      `SELECT (SELECT count(*) FROM monitors WHERE workspace_id = $1)
            + (SELECT count(*) FROM status_pages WHERE workspace_id = $1)
            + (SELECT count(*) FROM imported_resources WHERE workspace_id = $1) AS n`,
      [ctx.workspace.id],
    );
    expect(Number(n)).toBe(0);
  });

  it('keeps a heartbeat ping token when it is free, else makes a new ping URL and says so', async () => {
    const withHeartbeat = (): ImportModel => ({
      ...aModel(slug),
      channels: [],
      statusPages: [],
      maintenances: [],
      monitors: [
        {
          sourceKey: 'push:1',
          label: 'push monitor “Backup job”',
          findings: [],
          kind: 'heartbeat',
          input: { name: 'Backup job', heartbeat: { schedule: 'period', periodSeconds: 3600 } },
          pingToken: `import-token-${ctx.workspace.id}-abcdef`,
        },
      ],
    });
    const first = await sut.applyModel(ctx, withHeartbeat(), false);
    expect(first.plan.items[0].pingUrl).toMatch(new RegExp(`/import-token-${ctx.workspace.id}-abcdef$`));
    const other = await newWorkspace(t);
    const plan = planImport(withHeartbeat(), new Map());
    expect(plan.items[0].findings).toEqual([]);
    const second = await sut.applyModel(other, withHeartbeat(), false);
    expect(second.plan.items[0].findings).toEqual([
      expect.objectContaining({ level: 'approximate', field: 'pingToken' }),
    ]);
    expect(second.plan.items[0].pingUrl).toBeDefined();
    expect(second.plan.items[0].pingUrl).not.toContain('import-token');
  });

  it('refuses a read-only caller, an unknown source and an empty file', async () => {
    expect((await refusal(sut.applyModel(readOnly(ctx), aModel(slug), false))).code).toBe('FORBIDDEN');
    expect((await refusal(sut.plan(ctx, { source: 'nagios', file: new Uint8Array([1]) }))).message).toBe(
      'source: must be one of uptime-kuma, gatus, openstatus',
    );
    expect((await refusal(sut.plan(ctx, { source: 'gatus', file: new Uint8Array() }))).message).toBe(
      'file: is required (the file is empty)',
    );
  });
});

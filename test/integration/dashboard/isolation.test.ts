// The dashboard's share of the cross-workspace isolation matrix (test/e2e/isolation-matrix.test.ts
// lists these routes and points here): an owner of workspace A, signed in, gets 404 for every page
// and form of workspace B's slug, and for B's key, member and connected-app ids sent through A's own
// forms; nothing of B changes. The answer is the same as for ids that exist nowhere.
import { ApiKeysService } from '../../../backend/src/api-keys/api-keys.service';
import { MonitorsService } from '../../../backend/src/monitors/monitors.service';
import { NotificationsService } from '../../../backend/src/notifications/notifications.service';
import { PrivateLocationsService } from '../../../backend/src/private-locations/private-locations.service';
import { PageComponentsService } from '../../../backend/src/status-pages/page-components.service';
import { StatusPagesService } from '../../../backend/src/status-pages/status-pages.service';
import { StatusReportsService } from '../../../backend/src/status-reports/status-reports.service';
import { SubscribersService } from '../../../backend/src/subscribers/subscribers.service';
import { MaintenancesService } from '../../../backend/src/maintenances/maintenances.service';
import { UsersService } from '../../../backend/src/users/users.service';
import { openAlert } from '../../support/alerts';
import { DashboardClient, newMember, PASSWORD } from '../../support/dashboard';
import { freePort, newTenant, startHttpApp, type HttpTestApp, type Tenant } from '../../support/http-app';
import { oauthGrant } from '../../support/oauth';

describe('dashboard isolation between workspaces', () => {
  let t: HttpTestApp;
  let a: Tenant;
  let b: Tenant;
  let browser: DashboardClient;
  let bMember: { userId: string; email: string };
  let bGrant: string;
  let bKeyId: string;
  let bMonitorId: string;

  /** What a leak would change in B: its keys (with revocation), members and live grants. */
  const snapshotOfB = async () => ({
    keys: (await t.app.get(ApiKeysService).list(b.ctx, { includeRevoked: true })).map((k) => [k.id, k.revokedAt]),
    members: (await t.app.get(UsersService).listMembers(b.ctx)).map((m) => [m.userId, m.role]),
    grants: await t.db.rows(`SELECT id, revoked_at FROM oauth_grants WHERE workspace_id = $1 ORDER BY id`, [
      b.ctx.workspace.id,
    ]),
    triggers: await t.db.rows(`SELECT id FROM check_triggers WHERE workspace_id = $1`, [b.ctx.workspace.id]),
    monitors: await t.db.rows(`SELECT id, name, deleted_at FROM monitors WHERE workspace_id = $1 ORDER BY id`, [
      b.ctx.workspace.id,
    ]),
    pages: await t.db.rows(`SELECT id, title, slug FROM status_pages WHERE workspace_id = $1 ORDER BY id`, [
      b.ctx.workspace.id,
    ]),
    components: await t.db.rows(
      `SELECT id, name, "order", group_id FROM page_components WHERE workspace_id = $1 ORDER BY id`,
      [b.ctx.workspace.id],
    ),
    groups: await t.db.rows(`SELECT id, name FROM page_component_groups WHERE workspace_id = $1 ORDER BY id`, [
      b.ctx.workspace.id,
    ]),
    maintenances: await t.db.rows(
      `SELECT id, title, "from", "to" FROM maintenances WHERE workspace_id = $1 ORDER BY id`,
      [b.ctx.workspace.id],
    ),
    updates: await t.db.rows(`SELECT id FROM status_report_updates WHERE workspace_id = $1 ORDER BY id`, [
      b.ctx.workspace.id,
    ]),
    subscribers: await t.db.rows(`SELECT id, status FROM page_subscribers WHERE workspace_id = $1 ORDER BY id`, [
      b.ctx.workspace.id,
    ]),
    channels: await t.db.rows(
      `SELECT id, name, config, secrets_sealed FROM notification_channels WHERE workspace_id = $1 ORDER BY id`,
      [b.ctx.workspace.id],
    ),
    locations: await t.db.rows(
      `SELECT id, name, token_hash, metadata FROM private_locations WHERE workspace_id = $1 ORDER BY id`,
      [b.ctx.workspace.id],
    ),
  });

  beforeAll(async () => {
    t = await startHttpApp({ port: await freePort() });
    a = await newTenant(t);
    b = await newTenant(t);
    const owner = await newMember(t, a.ctx, 'owner');
    bMember = await newMember(t, b.ctx, 'member');
    bGrant = await oauthGrant(t, { ...b, userId: bMember.userId });
    bKeyId = (await t.app.get(ApiKeysService).list(b.ctx))[0].id;
    bMonitorId = (
      await t.app
        .get(MonitorsService)
        .create(b.ctx, 'http', { name: 'B only', url: 'https://b.example', periodicity: '1m' })
    ).id;
    browser = new DashboardClient(t.baseUrl);
    expect((await browser.signIn(owner.email, PASSWORD)).status).toBe(303);
    await browser.get(`/app/w/${a.ctx.workspace.slug}/settings`);
  });
  afterAll(() => t.close());

  it('answers 404 for every page and form of another workspace’s slug, as for a slug that exists nowhere', async () => {
    const before = await snapshotOfB();
    for (const slug of [b.ctx.workspace.slug, 'no-such-workspace']) {
      for (const path of ['', '/members', '/integrations']) {
        expect([path, (await browser.get(`/app/w/${slug}/settings${path}`)).status]).toEqual([path, 404]);
      }
      for (const path of [
        '',
        '/monitors',
        '/monitors?status=error',
        '/monitors/changes.json?since=2026-01-01T00:00:00Z',
        '/private-locations',
        '/import',
        '/export',
        '/export?format=cdktf',
        '/export/hcl/provider.tf',
        '/export/cdktf/main.ts',
        '/escalation-policies',
        '/audit',
        '/audit?entityType=monitor&entityId=1',
      ]) {
        expect([path, (await browser.get(`/app/w/${slug}${path}`)).status]).toEqual([path, 404]);
      }
      const forms: Array<[string, Record<string, string>]> = [
        ['/api-keys', { name: 'stolen', scope: 'write' }],
        ['/api-keys/revoke', { id: bKeyId }],
        ['/members', { email: 'intruder@example.com', role: 'owner' }],
        ['/members/remove', { userId: bMember.userId }],
        ['/integrations/revoke', { grantId: bGrant }],
      ];
      for (const [path, fields] of forms) {
        const answer = await browser.post(`/app/w/${slug}/settings${path}`, fields);
        expect([path, answer.status]).toEqual([path, 404]);
      }
      // The import's uploads: the workspace is checked before the body is read.
      for (const path of ['/import', '/import/preview']) {
        const answer = await browser.post(`/app/w/${slug}${path}`, { source: 'openstatus' });
        expect([path, answer.status]).toEqual([path, 404]);
      }
    }
    expect(await snapshotOfB()).toEqual(before);
  });

  it('answers 404 for B’s key, member and connected app sent through A’s own forms', async () => {
    const before = await snapshotOfB();
    const slug = a.ctx.workspace.slug;
    const cases: Array<[string, Record<string, string>, Record<string, string>]> = [
      ['/api-keys/revoke', { id: bKeyId }, { id: '999999999' }],
      ['/members/remove', { userId: bMember.userId }, { userId: '999999999' }],
      ['/integrations/revoke', { grantId: bGrant }, { grantId: '999999999' }],
    ];
    for (const [path, foreign, ghost] of cases) {
      await browser.get(`/app/w/${slug}/settings`);
      const foreignAnswer = await browser.post(`/app/w/${slug}/settings${path}`, foreign);
      await browser.get(`/app/w/${slug}/settings`);
      const ghostAnswer = await browser.post(`/app/w/${slug}/settings${path}`, ghost);
      expect([path, foreignAnswer.status]).toEqual([path, 404]);
      expect([path, foreignAnswer.status]).toEqual([path, ghostAnswer.status]);
    }
    expect(await snapshotOfB()).toEqual(before);
  });

  it('answers 404 for B’s monitor pages and trigger, through A’s slug and B’s, as for a monitor that does not exist', async () => {
    const before = await snapshotOfB();
    for (const slug of [a.ctx.workspace.slug, b.ctx.workspace.slug]) {
      for (const id of [bMonitorId, '999999999']) {
        for (const path of [
          `/monitors/${id}`,
          `/monitors/${id}?range=14d`,
          `/monitors/${id}/logs/1`,
          `/monitors/${id}/sla`,
          `/monitors/${id}/sla?period=quarter&quarter=2026-Q1`,
          `/monitors/${id}/sla.csv`,
        ]) {
          expect([path, (await browser.get(`/app/w/${slug}${path}`)).status]).toEqual([path, 404]);
        }
        await browser.get(`/app/w/${a.ctx.workspace.slug}/monitors`);
        const trigger = await browser.post(`/app/w/${slug}/monitors/${id}/trigger`, {});
        expect([slug, id, trigger.status]).toEqual([slug, id, 404]);
      }
    }
    expect(await snapshotOfB()).toEqual(before);
  });

  it('answers 404 for B’s monitors, status pages, components, groups, incidents and subscribers on every form', async () => {
    const bPage = await t.app.get(StatusPagesService).create(b.ctx, { title: 'B page', slug: `b-page-${Date.now()}` });
    const components = t.app.get(PageComponentsService);
    const bGroup = await components.createGroup(b.ctx, { pageId: bPage.id, name: 'B group' });
    const bComponent = await components.createComponent(b.ctx, { pageId: bPage.id, type: 'static', name: 'B part' });
    const { record } = await t.app
      .get(StatusReportsService)
      .create(b.ctx, { pageId: bPage.id, title: 'B incident', message: 'b' }, false);
    await t.app.get(SubscribersService).import(b.ctx, bPage.id, ['b-reader@example.com'], { confirmed: true });
    const [bSubscriber] = (await t.app.get(SubscribersService).list(b.ctx, bPage.id)).items;
    const aPage = await t.app.get(StatusPagesService).create(a.ctx, { title: 'A page', slug: `a-page-${Date.now()}` });
    const bReport = record.report.id;
    const { record: bWindow } = await t.app
      .get(MaintenancesService)
      .create(
        b.ctx,
        { pageId: bPage.id, title: 'B window', from: new Date('2030-01-01T00:00Z'), to: new Date('2030-01-01T01:00Z') },
        false,
      );
    const before = await snapshotOfB();
    const aSlug = a.ctx.workspace.slug;
    const post = async (path: string, fields: Record<string, string>) => {
      await browser.get(`/app/w/${aSlug}/monitors`);
      return (await browser.post(path, fields)).status;
    };

    // B's slug: every new page and form.
    const bSlug = b.ctx.workspace.slug;
    for (const path of ['/monitors/new', '/monitors/new?kind=dns', '/status-pages', '/status-pages/new']) {
      expect([path, (await browser.get(`/app/w/${bSlug}${path}`)).status]).toEqual([path, 404]);
    }
    expect(await post(`/app/w/${bSlug}/monitors/new?kind=http`, { name: 'x', url: 'https://x.example' })).toBe(404);
    expect(await post(`/app/w/${bSlug}/status-pages/new`, { title: 'x', slug: 'x-stolen' })).toBe(404);

    // B's monitor and page through A's slug and B's, as ids that exist nowhere.
    for (const slug of [aSlug, bSlug]) {
      for (const id of [bMonitorId, '999999999']) {
        for (const path of [`/monitors/${id}/edit`, `/monitors/${id}/delete`]) {
          expect([path, (await browser.get(`/app/w/${slug}${path}`)).status]).toEqual([path, 404]);
          expect([path, await post(`/app/w/${slug}${path}`, { name: 'stolen' })]).toEqual([path, 404]);
        }
      }
      for (const id of [bPage.id, '999999999']) {
        const base = `/app/w/${slug}/status-pages/${id}`;
        for (const path of [
          '',
          '/edit',
          '/delete',
          '/reports/new',
          `/reports/${bReport}`,
          '/subscribers',
          '/maintenances/new',
          `/maintenances/${bWindow.id}/edit`,
          `/maintenances/${bWindow.id}/delete`,
          `/components/${bComponent.id}/edit`,
          '/sla',
          '/sla.csv',
        ]) {
          expect([path, (await browser.get(`${base}${path}`)).status]).toEqual([path, 404]);
        }
        const forms: Array<[string, Record<string, string>]> = [
          ['/edit', { title: 'stolen', slug: 'stolen' }],
          ['/delete', {}],
          ['/components', { type: 'static', name: 'stolen' }],
          ['/components/arrange', { [`order.${bComponent.id}`]: '9' }],
          ['/components/delete', { id: bComponent.id }],
          ['/groups', { name: 'stolen' }],
          ['/groups/delete', { id: bGroup.id }],
          ['/reports/new', { title: 'stolen', message: 'x', status: 'investigating' }],
          [`/reports/${bReport}/updates`, { status: 'resolved', message: 'stolen' }],
          [`/reports/${bReport}/publish`, {}],
          ['/subscribers/import', { emails: 'intruder@example.com' }],
          ['/subscribers/remove', { id: bSubscriber.id }],
          ['/maintenances/new', { title: 'stolen', from: '2030-01-01T00:00', to: '2030-01-01T01:00' }],
          [`/maintenances/${bWindow.id}/edit`, { title: 'stolen', from: '2030-01-01T00:00', to: '2030-01-01T01:00' }],
          [`/maintenances/${bWindow.id}/delete`, {}],
          [`/components/${bComponent.id}/edit`, { name: 'stolen', description: '' }],
        ];
        for (const [path, fields] of forms) expect([path, await post(`${base}${path}`, fields)]).toEqual([path, 404]);
      }
    }

    // B's ids sent through A's own page, as ids that exist nowhere.
    const aBase = `/app/w/${aSlug}/status-pages/${aPage.id}`;
    for (const [path, foreign, ghost] of [
      ['/components/delete', { id: bComponent.id }, { id: '999999999' }],
      ['/components/arrange', { [`order.${bComponent.id}`]: '9' }, { 'order.999999999': '9' }],
      ['/groups/delete', { id: bGroup.id }, { id: '999999999' }],
      ['/components', { type: 'monitor', monitorId: bMonitorId }, { type: 'monitor', monitorId: '999999999' }],
      [
        '/components',
        { type: 'static', name: 'x', groupId: bGroup.id },
        { type: 'static', name: 'x', groupId: '999999999' },
      ],
      [
        '/reports/new',
        { title: 't', message: 'm', status: 'investigating', [`component.${bComponent.id}`]: 'on' },
        { title: 't', message: 'm', status: 'investigating', 'component.999999999': 'on' },
      ],
      [`/reports/${bReport}/updates`, { status: 'resolved', message: 'x' }, { status: 'resolved', message: 'x' }],
      [`/reports/${bReport}/publish`, {}, {}],
      ['/subscribers/remove', { id: bSubscriber.id }, { id: '999999999' }],
    ] as Array<[string, Record<string, string>, Record<string, string>]>) {
      const foreignStatus = await post(`${aBase}${path}`, foreign);
      const ghostPath = path.replace(bReport, '999999999');
      const ghostStatus = await post(`${aBase}${ghostPath}`, ghost);
      expect([path, foreignStatus]).toEqual([path, 404]);
      expect([path, foreignStatus]).toEqual([path, ghostStatus]);
    }
    expect((await browser.get(`${aBase}/reports/${bReport}`)).status).toBe(404);
    // B's component through A's own page, as a component that exists nowhere.
    for (const id of [bComponent.id, '999999999']) {
      const path = `/components/${id}/edit`;
      expect([path, (await browser.get(`${aBase}${path}`)).status]).toEqual([path, 404]);
      expect([path, await post(`${aBase}${path}`, { name: 'stolen', description: '' })]).toEqual([path, 404]);
    }
    for (const path of [`/maintenances/${bWindow.id}/edit`, `/maintenances/${bWindow.id}/delete`]) {
      expect([path, (await browser.get(`${aBase}${path}`)).status]).toEqual([path, 404]);
      expect([
        path,
        await post(`${aBase}${path}`, { title: 'x', from: '2030-01-01T00:00', to: '2030-01-01T01:00' }),
      ]).toEqual([path, 404]);
    }
    expect(
      await post(`${aBase}/maintenances/new`, {
        title: 'x',
        from: '2030-01-01T00:00',
        to: '2030-01-01T01:00',
        [`component.${bComponent.id}`]: 'on',
      }),
    ).toBe(404);
    expect(await snapshotOfB()).toEqual(before);
  });

  it('answers 404 for B’s private locations on every form, through A’s slug and B’s', async () => {
    const bLocation = await t.app
      .get(PrivateLocationsService)
      .create(b.ctx, { name: 'B rack', monitorIds: [bMonitorId] });
    const before = await snapshotOfB();
    const aSlug = a.ctx.workspace.slug;
    const post = async (path: string, fields: Record<string, string>) => {
      await browser.get(`/app/w/${aSlug}/monitors`);
      return (await browser.post(path, fields)).status;
    };
    expect(await post(`/app/w/${b.ctx.workspace.slug}/private-locations`, { name: 'stolen' })).toBe(404);
    for (const slug of [aSlug, b.ctx.workspace.slug]) {
      for (const id of [bLocation.id, '999999999']) {
        const base = `/app/w/${slug}/private-locations/${id}`;
        for (const path of ['/edit', '/delete']) {
          expect([path, (await browser.get(`${base}${path}`)).status]).toEqual([path, 404]);
        }
        for (const path of ['/edit', '/rotate', '/delete']) {
          expect([path, await post(`${base}${path}`, { name: 'stolen' })]).toEqual([path, 404]);
        }
      }
    }
    // B's monitor in A's own create form, as a monitor that exists nowhere.
    expect(await post(`/app/w/${aSlug}/private-locations`, { name: 'A rack', [`monitor.${bMonitorId}`]: 'on' })).toBe(
      404,
    );
    expect(await post(`/app/w/${aSlug}/private-locations`, { name: 'A rack', 'monitor.999999999': 'on' })).toBe(404);
    expect(await snapshotOfB()).toEqual(before);
  });

  it('answers 404 for B’s notification channels on every form, through A’s slug and B’s', async () => {
    const bChannel = await t.app.get(NotificationsService).create(b.ctx, {
      name: 'B hook',
      providerType: 'email',
      monitorIds: [bMonitorId],
      provider: { kind: 'email', args: { email: 'b-oncall@example.com' } },
    });
    const before = await snapshotOfB();
    const aSlug = a.ctx.workspace.slug;
    const post = async (path: string, fields: Record<string, string>) => {
      await browser.get(`/app/w/${aSlug}/monitors`);
      return (await browser.post(path, fields)).status;
    };
    for (const path of ['/notifications', '/notifications/new']) {
      expect([path, (await browser.get(`/app/w/${b.ctx.workspace.slug}${path}`)).status]).toEqual([path, 404]);
    }
    expect(
      await post(`/app/w/${b.ctx.workspace.slug}/notifications/new?kind=email`, { 'arg.email': 'x@example.com' }),
    ).toBe(404);
    for (const slug of [aSlug, b.ctx.workspace.slug]) {
      for (const id of [bChannel.id, '999999999']) {
        const base = `/app/w/${slug}/notifications/${id}`;
        for (const path of ['/edit', '/delete']) {
          expect([path, (await browser.get(`${base}${path}`)).status]).toEqual([path, 404]);
        }
        for (const path of ['/edit', '/test', '/delete']) {
          expect([path, await post(`${base}${path}`, { name: 'stolen' })]).toEqual([path, 404]);
        }
      }
    }
    // B's monitor in A's own create form, as a monitor that exists nowhere.
    for (const id of [bMonitorId, '999999999']) {
      expect(
        await post(`/app/w/${aSlug}/notifications/new?kind=email`, {
          'arg.email': 'a@example.com',
          [`monitor.${id}`]: 'on',
        }),
      ).toBe(404);
    }
    expect(await snapshotOfB()).toEqual(before);
  });

  it('answers 404 for B’s alerts and their acknowledgement, through A’s slug and B’s, as for an alert that does not exist', async () => {
    const bAlert = await openAlert(t, b, 'B alerting');
    const aSlug = a.ctx.workspace.slug;
    const bAlerts = async () =>
      t.db.rows(`SELECT id, state, acknowledged_at FROM alerts WHERE workspace_id = $1 ORDER BY id`, [
        b.ctx.workspace.id,
      ]);
    const before = await bAlerts();
    expect(before).toHaveLength(1);
    expect((await browser.get(`/app/w/${b.ctx.workspace.slug}/alerts`)).status).toBe(404);
    for (const monitorId of [bAlert.monitorId, '999999999']) {
      const path = `/app/w/${aSlug}/alerts?monitorId=${monitorId}`;
      expect([path, (await browser.get(path)).status]).toEqual([path, 404]);
    }
    // B's alert is not among A's.
    expect((await browser.get(`/app/w/${aSlug}/alerts`)).body).not.toContain(`/alerts/${bAlert.alert.id}"`);
    for (const slug of [aSlug, b.ctx.workspace.slug]) {
      for (const id of [bAlert.alert.id, '999999999']) {
        const path = `/app/w/${slug}/alerts/${id}`;
        expect([path, (await browser.get(path)).status]).toEqual([path, 404]);
        await browser.get(`/app/w/${aSlug}/alerts`);
        expect([path, (await browser.post(`${path}/acknowledge`, {})).status]).toEqual([path, 404]);
      }
    }
    expect(await bAlerts()).toEqual(before);
  });
});

// The dashboard's share of the cross-workspace isolation matrix (test/e2e/isolation-matrix.test.ts
// lists these routes and points here): an owner of workspace A, signed in, gets 404 for every page
// and form of workspace B's slug, and for B's key, member and connected-app ids sent through A's own
// forms; nothing of B changes. The answer is the same as for ids that exist nowhere.
import { ApiKeysService } from '../../../backend/src/api-keys/api-keys.service';
import { MonitorsService } from '../../../backend/src/monitors/monitors.service';
import { UsersService } from '../../../backend/src/users/users.service';
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
        for (const path of [`/monitors/${id}`, `/monitors/${id}?range=14d`, `/monitors/${id}/logs/1`]) {
          expect([path, (await browser.get(`/app/w/${slug}${path}`)).status]).toEqual([path, 404]);
        }
        await browser.get(`/app/w/${a.ctx.workspace.slug}/monitors`);
        const trigger = await browser.post(`/app/w/${slug}/monitors/${id}/trigger`, {});
        expect([slug, id, trigger.status]).toEqual([slug, id, 404]);
      }
    }
    expect(await snapshotOfB()).toEqual(before);
  });
});

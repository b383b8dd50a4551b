// A workspace's settings in the dashboard over HTTP: API keys (shown once), members (removing one
// revokes their OAuth connections), connected apps, who may do what, other workspaces' slugs, and
// CSRF on every settings form.
import { ApiKeysService } from '../../../backend/src/api-keys/api-keys.service';
import { DashboardClient, newMember, PASSWORD, textOf } from '../../support/dashboard';
import { freePort, newTenant, startHttpApp, type HttpTestApp, type Tenant } from '../../support/http-app';
import { accessToken, oauthGrant } from '../../support/oauth';
import { mcpStatus } from '../../support/oauth-client';

async function signedIn(t: HttpTestApp, email: string): Promise<DashboardClient> {
  const browser = new DashboardClient(t.baseUrl);
  expect((await browser.signIn(email, PASSWORD)).status).toBe(303);
  return browser;
}

describe('dashboard settings', () => {
  let t: HttpTestApp;
  let tenant: Tenant;
  let slug: string;
  let owner: { userId: string; email: string };
  let admin: { userId: string; email: string };
  let member: { userId: string; email: string };

  beforeAll(async () => {
    t = await startHttpApp({ port: await freePort() });
    tenant = await newTenant(t);
    slug = tenant.ctx.workspace.slug;
    owner = await newMember(t, tenant.ctx, 'owner');
    admin = await newMember(t, tenant.ctx, 'admin');
    member = await newMember(t, tenant.ctx, 'member');
  });
  afterAll(() => t.close());

  it('creates a key shown once, lists it with its creator, and revokes it', async () => {
    const browser = await signedIn(t, admin.email);
    const page = await browser.get(`/app/w/${slug}/settings`);
    expect(page.status).toBe(200);
    const created = await browser.post(`/app/w/${slug}/settings/api-keys`, { name: 'CI <deploy>', scope: 'read' });
    expect(created.status).toBe(200);
    const key = /<code class="secret" id="new-key">(svc_[^<]+)<\/code>/.exec(created.body)?.[1];
    expect(key).toBeDefined();
    expect(created.body).toContain('CI &#60;deploy&#62;');
    expect(created.body).not.toContain('CI <deploy>');
    // The key works, and is never shown again.
    const whoami = await fetch(`${t.baseUrl}/v1/whoami`, { headers: { 'x-service-key': key! } });
    expect(whoami.status).toBe(200);
    const again = await browser.get(`/app/w/${slug}/settings`);
    expect(again.body).not.toContain(key!);
    const listed = (await t.app.get(ApiKeysService).list(tenant.ctx)).find((k) => k.name === 'CI <deploy>')!;
    expect(listed.scope).toBe('read');
    expect(listed.createdByUserId).toBe(admin.userId);
    expect(textOf(again.body)).toContain(`CI <deploy> ${listed.prefix} Read ${admin.email}`);

    const revoked = await browser.post(`/app/w/${slug}/settings/api-keys/revoke`, { id: listed.id });
    expect(revoked.status).toBe(303);
    expect(revoked.location).toBe(`/app/w/${slug}/settings?revoked=${listed.prefix}`);
    expect((await fetch(`${t.baseUrl}/v1/whoami`, { headers: { 'x-service-key': key! } })).status).toBe(401);
    const audit = await t.db.rows<{ action: string; actor_type: string; actor_user_id: string; via: string }>(
      `SELECT action, actor_type, actor_user_id::text, via FROM audit_logs WHERE entity_type = 'api_key' AND entity_id = $1 ORDER BY id`,
      [listed.id],
    );
    expect(audit).toEqual([
      { action: 'api_key.create', actor_type: 'user', actor_user_id: admin.userId, via: 'dashboard' },
      { action: 'api_key.delete', actor_type: 'user', actor_user_id: admin.userId, via: 'dashboard' },
    ]);
  });

  it('re-renders the key form with the field named for a bad name or scope', async () => {
    const browser = await signedIn(t, owner.email);
    await browser.get(`/app/w/${slug}/settings`);
    const empty = await browser.post(`/app/w/${slug}/settings/api-keys`, { name: '  ', scope: 'read' });
    expect(empty.status).toBe(400);
    expect(textOf(empty.body)).toContain('Name is required');
    const long = await browser.post(`/app/w/${slug}/settings/api-keys`, { name: 'x'.repeat(257), scope: 'admin' });
    expect(long.status).toBe(400);
    expect(textOf(long.body)).toContain('Name must be at most 256 characters');
    expect(textOf(long.body)).toContain('Scope must be read or write');
  });

  it('lets members see keys and members but not create or revoke keys, add or remove members', async () => {
    const browser = await signedIn(t, member.email);
    const keys = await browser.get(`/app/w/${slug}/settings`);
    expect(keys.status).toBe(200);
    expect(keys.body).not.toContain('Create key');
    expect(textOf(keys.body)).toContain('Owners and admins create and revoke keys');
    const create = await browser.post(`/app/w/${slug}/settings/api-keys`, { name: 'sneaky', scope: 'write' });
    expect(create.status).toBe(403);
    const [victim] = await t.app.get(ApiKeysService).list(tenant.ctx);
    expect((await browser.post(`/app/w/${slug}/settings/api-keys/revoke`, { id: victim.id })).status).toBe(403);
    expect((await t.app.get(ApiKeysService).get(tenant.ctx, victim.id)).revokedAt).toBeNull();

    const members = await browser.get(`/app/w/${slug}/settings/members`);
    expect(members.status).toBe(200);
    expect(textOf(members.body)).toContain(owner.email);
    const add = await browser.post(`/app/w/${slug}/settings/members`, { email: 'friend@example.com', role: 'owner' });
    expect(add.status).toBe(403);
    const remove = await browser.post(`/app/w/${slug}/settings/members/remove`, { userId: admin.userId });
    expect(remove.status).toBe(403);
  });

  it('lets admins add members but not owners, and keeps the last owner', async () => {
    const solo = await newTenant(t);
    const onlyOwner = await newMember(t, solo.ctx, 'owner');
    // newTenant's owner has no password; remove them so onlyOwner is the one owner.
    const browser = await signedIn(t, onlyOwner.email);
    await browser.get(`/app/w/${solo.ctx.workspace.slug}/settings/members`);
    const removeFirst = await browser.post(`/app/w/${solo.ctx.workspace.slug}/settings/members/remove`, {
      userId: solo.userId,
    });
    expect(removeFirst.status).toBe(303);
    const last = await browser.post(`/app/w/${solo.ctx.workspace.slug}/settings/members/remove`, {
      userId: onlyOwner.userId,
    });
    expect(last.status).toBe(409);
    expect(textOf(last.body)).toContain('A workspace must keep at least one owner');

    const byAdmin = await signedIn(t, admin.email);
    await byAdmin.get(`/app/w/${slug}/settings/members`);
    const owners = await byAdmin.post(`/app/w/${slug}/settings/members`, { email: 'boss@example.com', role: 'owner' });
    expect(owners.status).toBe(403);
    expect(textOf(owners.body)).toContain('Only an owner may make or change an owner');
    const added = await byAdmin.post(`/app/w/${slug}/settings/members`, {
      email: 'Helper@Example.com',
      role: 'member',
    });
    expect(added.status).toBe(303);
    const list = await byAdmin.follow(added);
    expect(textOf(list.body)).toContain('helper@example.com');
    const bad = await byAdmin.post(`/app/w/${slug}/settings/members`, { email: 'not an e-mail', role: 'member' });
    expect(bad.status).toBe(400);
    expect(textOf(bad.body)).toContain('E-mail must be an e-mail address');
  });

  it('removing a member revokes their OAuth connections: their token gets 401 on /mcp, audited', async () => {
    const leaving = await newMember(t, tenant.ctx, 'member');
    const grantId = await oauthGrant(t, { ...tenant, userId: leaving.userId });
    const token = await accessToken(t, grantId, `leaving${Date.now()}`);
    expect(await mcpStatus(t, token)).toBe(200);

    const browser = await signedIn(t, owner.email);
    await browser.get(`/app/w/${slug}/settings/members`);
    const removed = await browser.post(`/app/w/${slug}/settings/members/remove`, { userId: leaving.userId });
    expect(removed.status).toBe(303);
    expect(await mcpStatus(t, token)).toBe(401);
    const audit = await t.db.rows<{ action: string; entity_id: string }>(
      `SELECT action, entity_id FROM audit_logs WHERE workspace_id = $1 AND action IN ('membership.delete', 'oauth_grant.delete') AND entity_id IN ($2, $3) ORDER BY id`,
      [tenant.ctx.workspace.id, leaving.userId, grantId],
    );
    expect(audit).toEqual([
      { action: 'membership.delete', entity_id: leaving.userId },
      { action: 'oauth_grant.delete', entity_id: grantId },
    ]);
    // They no longer see the workspace.
    const theirs = await signedIn(t, leaving.email);
    expect((await theirs.get(`/app/w/${slug}/settings`)).status).toBe(404);
  });

  it('lists connected apps; members revoke their own, owners any; a revoked app gets 401 on /mcp', async () => {
    const own = await oauthGrant(t, { ...tenant, userId: member.userId });
    const others = await oauthGrant(t, { ...tenant, userId: admin.userId });
    await t.db.manager.query(`UPDATE oauth_grants SET client_name = 'Claude <Desktop>' WHERE id = $1`, [own]);
    const token = await accessToken(t, own, `own${Date.now()}`);

    const browser = await signedIn(t, member.email);
    const page = await browser.get(`/app/w/${slug}/settings/integrations`);
    expect(page.status).toBe(200);
    expect(page.body).toContain('Claude &#60;Desktop&#62;');
    expect(textOf(page.body)).toContain(`Claude <Desktop> Read ${member.email}`);
    // Only their own connection has a revoke button.
    expect(page.body).toContain(`name="grantId" value="${own}"`);
    expect(page.body).not.toContain(`name="grantId" value="${others}"`);
    expect((await browser.post(`/app/w/${slug}/settings/integrations/revoke`, { grantId: others })).status).toBe(404);
    const revoked = await browser.post(`/app/w/${slug}/settings/integrations/revoke`, { grantId: own });
    expect(revoked.status).toBe(303);
    expect(await mcpStatus(t, token)).toBe(401);

    const byOwner = await signedIn(t, owner.email);
    await byOwner.get(`/app/w/${slug}/settings/integrations`);
    expect((await byOwner.post(`/app/w/${slug}/settings/integrations/revoke`, { grantId: others })).status).toBe(303);
    const after = await byOwner.get(`/app/w/${slug}/settings/integrations`);
    expect(textOf(after.body)).toContain('No connected apps');
  });

  it('answers 404 for the slug of a workspace the user is not a member of, on pages and forms', async () => {
    const other = await newTenant(t);
    const browser = await signedIn(t, owner.email);
    for (const path of ['', '/members', '/integrations']) {
      const page = await browser.get(`/app/w/${other.ctx.workspace.slug}/settings${path}`);
      expect(page.status).toBe(404);
      expect(textOf(page.body)).toContain('Not found');
    }
    await browser.get(`/app/w/${slug}/settings`);
    const post = await browser.post(`/app/w/${other.ctx.workspace.slug}/settings/api-keys`, {
      name: 'x',
      scope: 'write',
    });
    expect(post.status).toBe(404);
    expect(await t.app.get(ApiKeysService).list(other.ctx)).toHaveLength(2);
    expect((await browser.get('/app/w/no-such-workspace/settings')).status).toBe(404);
  });

  it('sends a signed-out visitor to sign in and back', async () => {
    const page = await new DashboardClient(t.baseUrl).get(`/app/w/${slug}/settings/members`);
    expect(page.status).toBe(303);
    expect(page.location).toBe(`/app/sign-in?next=${encodeURIComponent(`/app/w/${slug}/settings/members`)}`);
  });

  describe('refuses every settings form without the CSRF token, with a wrong one, or cross-site', () => {
    const forms: Array<[string, (ids: { keyId: string; userId: string }) => Record<string, string>]> = [
      ['/settings/api-keys', () => ({ name: 'csrf', scope: 'write' })],
      ['/settings/api-keys/revoke', ({ keyId }) => ({ id: keyId })],
      ['/settings/members', () => ({ email: 'csrf@example.com', role: 'member' })],
      ['/settings/members/remove', ({ userId }) => ({ userId })],
      ['/settings/integrations/revoke', () => ({ grantId: '1' })],
    ];

    it.each(forms)('%s', async (path, fields) => {
      const browser = await signedIn(t, owner.email);
      await browser.get(`/app/w/${slug}/settings`);
      const keyId = (await t.app.get(ApiKeysService).list(tenant.ctx))[0].id;
      const body = fields({ keyId, userId: member.userId });
      const url = `/app/w/${slug}${path}`;
      const other = await signedIn(t, admin.email);
      await other.get(`/app/w/${slug}/settings`);
      const attempts = [
        await browser.post(url, body, { csrf: null }),
        await browser.post(url, body, { csrf: 'A'.repeat(43) }),
        // A token of another session does not fit this session.
        await browser.post(url, body, { csrf: other.csrf }),
        await browser.post(url, body, { origin: 'https://evil.example' }),
        await browser.post(url, body, { secFetchSite: 'cross-site' }),
      ];
      expect(attempts.map((a) => a.status)).toEqual([403, 403, 403, 403, 403]);
      // Nothing changed.
      expect((await t.app.get(ApiKeysService).get(tenant.ctx, keyId)).revokedAt).toBeNull();
      expect(
        await t.db.rows(`SELECT 1 FROM memberships WHERE workspace_id = $1 AND user_id = $2`, [
          tenant.ctx.workspace.id,
          member.userId,
        ]),
      ).toHaveLength(1);
      expect((await t.app.get(ApiKeysService).list(tenant.ctx)).some((k) => k.name === 'csrf')).toBe(false);
    });
  });
});

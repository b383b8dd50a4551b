// The dashboard's JavaScript budget (issue #16: at most 100 KB gzipped in all): every script a page
// of the dashboard loads is one of its own assets, and together they stay within the budget. Pages
// work without them (the forms' tests send no JavaScript at all).
import { gzipSync } from 'node:zlib';
import { MonitorsService } from '../../../backend/src/monitors/monitors.service';
import { StatusPagesService } from '../../../backend/src/status-pages/status-pages.service';
import { DashboardClient, newMember, PASSWORD } from '../../support/dashboard';
import { freePort, newTenant, startHttpApp, type HttpTestApp } from '../../support/http-app';

const BUDGET_BYTES = 100 * 1024;

describe('dashboard scripts', () => {
  let t: HttpTestApp;

  beforeAll(async () => {
    t = await startHttpApp({ port: await freePort() });
  });
  afterAll(() => t.close());

  it('are the dashboard’s own, served as JavaScript, and within 100 KB gzipped together', async () => {
    const tenant = await newTenant(t);
    const slug = tenant.ctx.workspace.slug;
    const monitor = await t.app
      .get(MonitorsService)
      .create(tenant.ctx, 'http', { name: 'Site', url: 'https://site.example', periodicity: '1m' });
    const page = await t.app.get(StatusPagesService).create(tenant.ctx, { title: 'Status', slug: `s-${Date.now()}` });
    const person = await newMember(t, tenant.ctx, 'owner');
    const browser = new DashboardClient(t.baseUrl);
    await browser.signIn(person.email, PASSWORD);
    const scripts = new Set<string>();
    for (const path of [
      '/monitors',
      `/monitors/${monitor.id}`,
      '/monitors/new',
      '/status-pages/new',
      `/status-pages/${page.id}`,
      `/status-pages/${page.id}/edit`,
      '/notifications',
      '/private-locations',
    ]) {
      const answer = await browser.get(`/app/w/${slug}${path}`);
      expect([path, answer.status]).toEqual([path, 200]);
      for (const m of answer.body.matchAll(/<script\b([^>]*)>/g)) {
        const src = /src="([^"]+)"/.exec(m[1])?.[1];
        if (src) scripts.add(src);
        // Inline scripts only as data (the theme preview's JSON): the CSP forbids running them.
        else expect(m[1]).toContain('type="application/json"');
      }
    }
    expect([...scripts].sort()).toEqual([
      '/app/assets/arrange.js',
      '/app/assets/overview.js',
      '/app/assets/theme-preview.js',
    ]);
    let gzipped = 0;
    for (const src of scripts) {
      const response = await fetch(`${t.baseUrl}${src}`);
      expect(response.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
      gzipped += gzipSync(Buffer.from(await response.arrayBuffer())).length;
    }
    expect(gzipped).toBeGreaterThan(0);
    expect(gzipped).toBeLessThanOrEqual(BUDGET_BYTES);
  });
});

// The dashboard's export page (issue 30) in real Chromium: an owner opens it from the monitors
// overview of a workspace with a monitor (a credential header) and a channel (a webhook secret), reads
// the number of resources, the variables to give and every file (the same files as the RPC API's
// ExportTerraform), switches to CDKTF and downloads a file, whose body is the RPC answer's for that
// format and holds no secret. A viewer sees the page and downloads too (the export only reads). An
// unknown format or file is 404, not 500. axe-core scans the page.
import { readFileSync } from 'node:fs';
import { createClient } from '@connectrpc/connect';
import { createConnectTransport } from '@connectrpc/connect-node';
import { ExportService } from '@uptime/proto/gen/exports/v1/export_service_pb';
import type { Browser, Page } from 'playwright-core';
import { MonitorsService } from '../../backend/src/monitors/monitors.service';
import { NotificationsService } from '../../backend/src/notifications/notifications.service';
import { chromiumPath, launchChromium, seriousViolations, signIn } from '../support/browser';
import { newMember } from '../support/dashboard';
import { freePort, newTenant, startHttpApp, type HttpTestApp, type Tenant } from '../support/http-app';
import { withKey } from '../support/rpc';
import { describeWithTool } from '../support/skips';

const executable = chromiumPath();
const describeInBrowser = describeWithTool('chromium', executable);

const WEBHOOK_SECRET = 'dashboard-export-webhook-secret-0123';
const HEADER_SECRET = 'dashboard-export-header-secret';
const SECRETS = [WEBHOOK_SECRET, HEADER_SECRET];

describeInBrowser('exporting a workspace to Terraform in Chromium', () => {
  let t: HttpTestApp;
  let browser: Browser;
  let page: Page;
  let tenant: Tenant;
  let slug: string;
  const rpc = (format: string) =>
    createClient(
      ExportService,
      createConnectTransport({
        baseUrl: `${t.baseUrl}/rpc`,
        httpVersion: '1.1',
        interceptors: [withKey(tenant.readKey)],
      }),
    ).exportTerraform({ format });
  const section = (tab: Page, id: string) => tab.locator(`section[aria-labelledby="h-${id}"]`);

  beforeAll(async () => {
    t = await startHttpApp({ port: await freePort() });
    tenant = await newTenant(t);
    slug = tenant.ctx.workspace.slug;
    // Paused (the default), on loopback: nothing runs it, and its channel is never sent to.
    const api = await t.app.get(MonitorsService).create(tenant.ctx, 'http', {
      name: 'API health',
      url: 'http://127.0.0.1:9/health',
      periodicity: '5m',
      headers: [{ key: 'Authorization', value: `Bearer ${HEADER_SECRET}` }],
    });
    await t.app.get(NotificationsService).create(tenant.ctx, {
      name: 'Ops',
      providerType: 'slack',
      provider: { kind: 'slack', args: { webhookUrl: `http://127.0.0.1:9/services/T0/B0/${WEBHOOK_SECRET}` } },
      monitorIds: [api.id],
    });
    browser = await launchChromium(executable!);
    page = await (await browser.newContext({ acceptDownloads: true, bypassCSP: true })).newPage();
  });
  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  it('opens from the monitors overview and shows the HCL files, the variables and the commands', async () => {
    const owner = await newMember(t, tenant.ctx, 'owner');
    await signIn(page, t.baseUrl, owner.email);
    await page.getByRole('link', { name: 'Export to Terraform' }).click();
    await page.waitForURL(`**/app/w/${slug}/export`);
    await page.getByRole('heading', { name: 'Export to Terraform', level: 1 }).waitFor();

    const hcl = await rpc('hcl');
    expect(hcl.variables.length).toBeGreaterThanOrEqual(2);
    expect((await page.locator('#export-summary').textContent())!.replace(/\s+/g, ' ').trim()).toBe(
      `Terraform HCL: 2 resources in ${hcl.files.length} files.`,
    );
    const variables = (await section(page, 'export-variables').textContent())!;
    for (const name of hcl.variables) expect(variables).toContain(`TF_VAR_${name}`);
    const commands = (await page.locator('#export-commands').textContent())!;
    expect(commands).toContain(`export SERVICE_BASE_URL=${t.baseUrl}/rpc`);
    expect(commands).toContain('export SERVICE_API_TOKEN=');
    for (const step of ['terraform init', 'terraform plan', 'terraform apply']) expect(commands).toContain(step);
    // Every file, in order, as the RPC API answers it: its name, its text and its download link.
    for (const [index, file] of hcl.files.entries()) {
      const card = section(page, `export-file-${index}`);
      expect(await card.getByRole('heading').textContent()).toBe(file.path);
      expect(await card.locator('pre').textContent()).toBe(file.content);
      expect(await card.getByRole('link', { name: `Download ${file.path}` }).getAttribute('href')).toBe(
        `/app/w/${slug}/export/hcl/${encodeURIComponent(file.path)}`,
      );
    }
    const html = await page.content();
    for (const secret of SECRETS) expect(html).not.toContain(secret);
    expect(await seriousViolations(page)).toEqual([]);
  });

  it('switches to CDKTF and downloads a file: the RPC answer’s body for that format, with no secret', async () => {
    await page.goto(`${t.baseUrl}/app/w/${slug}/export`);
    await page.getByRole('link', { name: 'CDKTF TypeScript' }).click();
    await page.waitForURL(`**/app/w/${slug}/export?format=cdktf`);
    expect(await page.getByRole('link', { name: 'CDKTF TypeScript' }).getAttribute('aria-current')).toBe('page');
    const cdktf = await rpc('cdktf');
    const main = cdktf.files.find((f) => f.path === 'main.ts')!;
    expect((await page.locator('#export-commands').textContent())!).toContain('npx cdktf synth');

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Download main.ts' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('main.ts');
    const body = readFileSync(await download.path(), 'utf8');
    expect(body).toBe(main.content);
    expect(body).toContain('importFrom(');
    for (const secret of SECRETS) expect(body).not.toContain(secret);
    expect(await seriousViolations(page)).toEqual([]);
  });

  it('answers a download as a plain-text attachment, and an unknown format or file as 404', async () => {
    const hcl = await rpc('hcl');
    const request = page.context().request;
    const answer = await request.get(`${t.baseUrl}/app/w/${slug}/export/hcl/variables.tf`);
    expect(answer.status()).toBe(200);
    expect(answer.headers()['content-type']).toBe('text/plain; charset=utf-8');
    expect(answer.headers()['content-disposition']).toBe('attachment; filename="variables.tf"');
    expect(await answer.text()).toBe(hcl.files.find((f) => f.path === 'variables.tf')!.content);
    for (const path of ['pulumi/main.ts', 'hcl/nothing.tf', 'cdktf/monitors_http.tf', 'hcl/..%2Fpackage.json']) {
      const refused = await request.get(`${t.baseUrl}/app/w/${slug}/export/${path}`);
      expect([path, refused.status()]).toEqual([path, 404]);
    }
    expect((await request.get(`${t.baseUrl}/app/w/${slug}/export?format=pulumi`)).status()).toBe(404);
  });

  it('shows the export to a viewer, who downloads it too', async () => {
    const viewer = await newMember(t, tenant.ctx, 'viewer');
    const context = await browser.newContext({ acceptDownloads: true });
    const tab = await context.newPage();
    await signIn(tab, t.baseUrl, viewer.email);
    await tab.getByRole('link', { name: 'Export to Terraform' }).click();
    await tab.waitForURL(`**/app/w/${slug}/export`);
    const hcl = await rpc('hcl');
    expect(await section(tab, 'export-file-0').locator('pre').textContent()).toBe(hcl.files[0].content);
    const [download] = await Promise.all([
      tab.waitForEvent('download'),
      tab.getByRole('link', { name: `Download ${hcl.files[0].path}` }).click(),
    ]);
    expect(readFileSync(await download.path(), 'utf8')).toBe(hcl.files[0].content);
    await context.close();
  });
});

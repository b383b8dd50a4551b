// The dashboard's import page (issue 30) in real Chromium: an owner opens it from the monitors
// overview, uploads an OpenStatus monitors file written here (targets on loopback), previews the plan
// (what will be created, what maps only approximately or not at all), imports that same file and
// finds the monitors paused in the overview; a second import of it reports everything as already
// imported and creates nothing. Refusals show on the form: a file that is not YAML, variables that are
// not KEY=VALUE, another file than the one previewed, a file beyond the upload bound (named with the
// bound) and an item the plan refuses (named by its label). A viewer previews but is offered no
// import, and an import forged with the viewer's session is refused by the verb. axe-core scans the
// form and the preview.
import { mkdtempSync, rmSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { fingerprint } from '../../backend/src/dashboard/import.routes';
import { IMPORT_BOUNDS } from '../../backend/src/imports/imports.service';
import { chromiumPath, launchChromium, seriousViolations, signIn } from '../support/browser';
import { newMember } from '../support/dashboard';
import { buildKumaDatabase, KUMA_SECRETS } from '../support/imports/uptime-kuma-fixture';
import { freePort, newTenant, startHttpApp, type HttpTestApp, type Tenant } from '../support/http-app';
import { describeWithTool } from '../support/skips';

const executable = chromiumPath();
const describeInBrowser = describeWithTool('chromium', executable);

/** Two monitors on loopback: one field OpenStatus has and this service does not, one rounded frequency. */
const OPENSTATUS_YAML = `api-health:
  name: "API health"
  kind: http
  active: true
  frequency: 1m
  regions: [iad]
  color: blue
  request:
    url: "http://127.0.0.1:9/health"
    method: GET
  assertions:
    - kind: statusCode
      compare: eq
      target: 200

database:
  name: "Database port"
  kind: tcp
  active: true
  frequency: 2m
  regions: [fra]
  request:
    host: "127.0.0.1"
    port: 9
`;

/** A Gatus configuration whose target comes from a variable, alerting through Slack (a webhook on loopback, also
 * from a variable). */
const GATUS_YAML = `alerting:
  slack:
    webhook-url: "\${SLACK_WEBHOOK_URL}"
endpoints:
  - name: shop
    group: core
    url: "http://\${TARGET_HOST}/health"
    interval: 5m
    conditions:
      - "[STATUS] == 200"
      - "[RESPONSE_TIME] < 500"
    alerts:
      - type: slack
`;

const yamlFile = (name: string, text: string) => ({ name, mimeType: 'application/yaml', buffer: Buffer.from(text) });

describeInBrowser('importing from another tool in Chromium', () => {
  let t: HttpTestApp;
  let browser: Browser;
  let ownerContext: BrowserContext;
  let page: Page;
  let tenant: Tenant;
  let slug: string;
  let scratch: string;

  beforeAll(async () => {
    t = await startHttpApp({ port: await freePort() });
    tenant = await newTenant(t);
    slug = tenant.ctx.workspace.slug;
    browser = await launchChromium(executable!);
    ownerContext = await browser.newContext();
    page = await ownerContext.newPage();
    scratch = mkdtempSync(join(tmpdir(), 'dashboard-import-'));
  });
  afterAll(async () => {
    await browser?.close();
    await t?.close();
    if (scratch) rmSync(scratch, { recursive: true, force: true });
  });

  const preview = async (tab: Page, file: Parameters<Page['setInputFiles']>[1]) => {
    await tab.getByLabel('Import from').selectOption('openstatus');
    await tab.locator('#f-file').setInputFiles(file);
    await tab.getByRole('button', { name: 'Preview' }).click();
    await tab.waitForURL('**/import/preview');
  };
  const section = (tab: Page, id: string) => tab.locator(`section[aria-labelledby="h-${id}"]`);

  it('previews the plan of an OpenStatus file, imports it, and finds the monitors paused in the overview', async () => {
    const owner = await newMember(t, tenant.ctx, 'owner');
    await signIn(page, t.baseUrl, owner.email);
    // The overview of an empty workspace points to the import in its empty state.
    await page.getByRole('link', { name: 'import them from Uptime Kuma, Gatus or OpenStatus' }).click();
    await page.waitForURL(`**/app/w/${slug}/import`);
    await page.getByRole('heading', { name: 'Import from another tool' }).waitFor();

    await preview(page, yamlFile('openstatus.yaml', OPENSTATUS_YAML));
    expect(await page.locator('#import-summary').textContent()).toBe(
      'Plan of the import from OpenStatus: 2 to create, 0 already imported, 0 skipped; 1 approximate, 1 not mapped.',
    );
    const toCreate = (await section(page, 'import-create').textContent())!;
    expect(toCreate).toContain('monitor api-health “API health”');
    expect(toCreate).toContain('monitor database “Database port”');
    expect(await section(page, 'import-match').textContent()).toContain('Nothing of this file was imported before.');
    const findings = (await section(page, 'import-findings').textContent())!.replace(/\s+/g, ' ');
    expect(findings).toMatch(/monitor api-health “API health” Not mapped color: .*not part of an OpenStatus monitor/);
    expect(findings).toMatch(/monitor database “Database port” Approximate frequency:/);
    // Nothing written by the preview.
    expect(await monitorCount()).toBe(0);

    // The import asks for the same file again; the page never carried it.
    expect(await page.content()).not.toContain('127.0.0.1:9/health');
    await page.locator('#f-import-file').setInputFiles(yamlFile('openstatus.yaml', OPENSTATUS_YAML));
    await page.getByRole('button', { name: 'Import', exact: true }).click();
    await page.locator('#import-summary').waitFor();
    expect(await page.locator('#import-summary').textContent()).toBe(
      'Imported from OpenStatus: 2 created, 0 already imported, 0 skipped; 1 approximate, 1 not mapped.',
    );
    const created = section(page, 'import-create');
    const link = created.getByRole('link', { name: 'monitor api-health “API health”' });
    expect(await link.getAttribute('href')).toMatch(new RegExp(`^/app/w/${slug}/monitors/\\d+$`));
    expect(await monitorCount()).toBe(2);

    await page.getByRole('link', { name: 'Go to the monitors' }).click();
    await page.waitForURL(`**/app/w/${slug}/monitors`);
    for (const name of ['API health', 'Database port']) {
      const row = page.locator('tr', { has: page.getByRole('link', { name, exact: true }) });
      expect(await row.textContent()).toContain('Paused');
    }
  });

  it('reports a second import of the same file as already imported, and creates nothing', async () => {
    await page.getByRole('link', { name: 'Import', exact: true }).click();
    await page.waitForURL(`**/app/w/${slug}/import`);
    await preview(page, yamlFile('openstatus.yaml', OPENSTATUS_YAML));
    expect(await page.locator('#import-summary').textContent()).toContain('0 to create, 2 already imported');
    const matched = section(page, 'import-match');
    expect(await matched.getByRole('link', { name: 'monitor database “Database port”' }).getAttribute('href')).toMatch(
      /\/monitors\/\d+$/,
    );
    expect(await section(page, 'import-apply').textContent()).toContain(
      'Nothing to import: everything is already here.',
    );
    expect(await monitorCount()).toBe(2);
  });

  it('shows refusals on the form: a bad file, bad variables, another file than the previewed, a file too large', async () => {
    await page.goto(`${t.baseUrl}/app/w/${slug}/import`);
    // Not YAML: refused beside the file, with the form kept.
    await preview(page, yamlFile('broken.yaml', 'api:\n  name: "open\n  kind: http\n'));
    expect(await page.locator('#f-file-error').textContent()).toMatch(/is not valid YAML/);
    expect(await page.getByRole('alert').first().textContent()).toContain('File');

    await page.getByLabel('Variables').fill('TOKEN=abc\nnot a pair');
    await preview(page, yamlFile('openstatus.yaml', OPENSTATUS_YAML));
    expect(await page.locator('#f-env-error').textContent()).toContain('line 2: must be KEY=VALUE');

    // Previewed one file, then chose another for the import.
    await page.getByLabel('Variables').fill('');
    const other = OPENSTATUS_YAML.replace('API health', 'API health (new)').replace('api-health', 'api-new');
    await preview(page, yamlFile('openstatus.yaml', other));
    await page.locator('#f-import-file').setInputFiles(yamlFile('openstatus.yaml', OPENSTATUS_YAML));
    await page.getByRole('button', { name: 'Import', exact: true }).click();
    await page.locator('#f-file-error').waitFor();
    expect(await page.locator('#f-file-error').textContent()).toContain(
      'openstatus.yaml is not the file previewed (or the source or variables changed)',
    );
    expect(await monitorCount()).toBe(2);

    // One byte beyond the upload bound: named, with the bound, on the form.
    const huge = join(scratch, 'kuma.db');
    writeFileSync(huge, '');
    truncateSync(huge, IMPORT_BOUNDS.uploadBytes + 1);
    await preview(page, huge);
    expect(await page.locator('#f-file-error').textContent()).toContain(
      `kuma.db is larger than ${IMPORT_BOUNDS.uploadBytes / 1024 / 1024} MiB, the most an upload may be`,
    );
  });

  it('expands a Gatus file’s variables from the form, and links to the monitor, channel and page it created', async () => {
    const other = await newTenant(t);
    const person = await newMember(t, other.ctx, 'admin');
    const context = await browser.newContext();
    const tab = await context.newPage();
    await signIn(tab, t.baseUrl, person.email);
    await tab.getByRole('link', { name: 'Import', exact: true }).click();
    const previewGatus = async () => {
      await tab.getByLabel('Import from').selectOption('gatus');
      await tab.locator('#f-file').setInputFiles(yamlFile('config.yaml', GATUS_YAML));
      await tab.getByRole('button', { name: 'Preview' }).click();
      await tab.waitForURL('**/import/preview');
    };
    // Without the variable, the plan says it is unset (the server's own environment is never read).
    await previewGatus();
    expect(await section(tab, 'import-file-findings').textContent()).toContain('TARGET_HOST');
    await tab
      .getByLabel('Variables')
      .fill('# where the shop runs\nTARGET_HOST=127.0.0.1:9\nSLACK_WEBHOOK_URL=http://127.0.0.1:9/services/T0/B0/hook');
    await previewGatus();
    expect(await section(tab, 'import-file-findings').textContent()).not.toContain('TARGET_HOST');
    expect(await tab.getByLabel('Variables').inputValue()).toContain('TARGET_HOST=127.0.0.1:9');

    await tab.locator('#f-import-file').setInputFiles(yamlFile('config.yaml', GATUS_YAML));
    await tab.getByRole('button', { name: 'Import', exact: true }).click();
    await tab.locator('#import-summary').waitFor();
    const created = section(tab, 'import-create');
    const links = created.getByRole('link');
    const hrefs: Array<string | null> = [];
    for (let i = 0; i < (await links.count()); i++) hrefs.push(await links.nth(i).getAttribute('href'));
    const base = `/app/w/${other.ctx.workspace.slug}`;
    expect(hrefs.some((h) => new RegExp(`^${base}/monitors/\\d+$`).test(h ?? ''))).toBe(true);
    expect(hrefs.some((h) => new RegExp(`^${base}/notifications/\\d+/edit$`).test(h ?? ''))).toBe(true);
    expect(hrefs.some((h) => new RegExp(`^${base}/status-pages/\\d+$`).test(h ?? ''))).toBe(true);
    await created.getByRole('link', { name: /shop/ }).first().click();
    await tab.waitForURL(/\/monitors\/\d+$/);
    expect(await tab.content()).toContain('http://127.0.0.1:9/health');
    await context.close();
  });

  it('uploads an Uptime Kuma database, shows its plan without its secrets, and imports it', async () => {
    const kuma = await newTenant(t);
    const person = await newMember(t, kuma.ctx, 'owner');
    const context = await browser.newContext();
    const tab = await context.newPage();
    await signIn(tab, t.baseUrl, person.email);
    await tab.goto(`${t.baseUrl}/app/w/${kuma.ctx.workspace.slug}/import`);
    const db = join(scratch, 'kuma-v2.db');
    buildKumaDatabase(db, { version: '2' });
    await tab.getByLabel('Import from').selectOption('uptime-kuma');
    await tab.locator('#f-file').setInputFiles(db);
    await tab.getByRole('button', { name: 'Preview' }).click();
    await tab.waitForURL('**/import/preview');
    const summary = (await tab.locator('#import-summary').textContent())!;
    expect(summary).toMatch(/^Plan of the import from Uptime Kuma: [1-9]\d* to create, 0 already imported/);
    expect(await section(tab, 'import-findings').textContent()).toContain('Not mapped');
    const content = await tab.content();
    for (const secret of Object.values(KUMA_SECRETS)) expect(content).not.toContain(secret);

    await tab.locator('#f-import-file').setInputFiles(db);
    await tab.getByRole('button', { name: 'Import', exact: true }).click();
    await tab.locator('#import-summary').waitFor();
    expect(await tab.locator('#import-summary').textContent()).toMatch(/^Imported from Uptime Kuma: [1-9]\d* created/);
    expect(await monitorCount(kuma.ctx.workspace.id)).toBeGreaterThan(0);
    const result = await tab.content();
    for (const secret of Object.values(KUMA_SECRETS)) expect(result).not.toContain(secret);
    await context.close();
  });

  it('names the item a plan limit refuses on the form, and writes nothing', async () => {
    const free = await newTenant(t, 'free');
    const person = await newMember(t, free.ctx, 'owner');
    const context = await browser.newContext();
    const tab = await context.newPage();
    await signIn(tab, t.baseUrl, person.email);
    await tab.goto(`${t.baseUrl}/app/w/${free.ctx.workspace.slug}/import`);
    await preview(tab, yamlFile('openstatus.yaml', OPENSTATUS_YAML));
    await tab.locator('#f-import-file').setInputFiles(yamlFile('openstatus.yaml', OPENSTATUS_YAML));
    await tab.getByRole('button', { name: 'Import', exact: true }).click();
    await tab.getByRole('heading', { name: 'Import from another tool' }).waitFor();
    expect(await tab.getByRole('alert').first().textContent()).toMatch(
      /monitor api-health “API health”: periodicity: the free plan allows checks every \d+ minutes at most/,
    );
    expect(await monitorCount(free.ctx.workspace.id)).toBe(0);
    await context.close();
  });

  it('lets a viewer preview but offers no import, and the verb refuses a forged one', async () => {
    const viewer = await newMember(t, tenant.ctx, 'viewer');
    const context = await browser.newContext();
    const tab = await context.newPage();
    await signIn(tab, t.baseUrl, viewer.email);
    expect(await tab.getByRole('link', { name: 'New monitor' }).count()).toBe(0);
    await tab.getByRole('link', { name: 'Import', exact: true }).click();
    const other = OPENSTATUS_YAML.replace(/api-health/g, 'viewer-api').replace(/database/g, 'viewer-db');
    await preview(tab, yamlFile('openstatus.yaml', other));
    expect(await tab.locator('#import-summary').textContent()).toContain('2 to create');
    expect(await tab.getByRole('button', { name: 'Import', exact: true }).count()).toBe(0);
    expect(await section(tab, 'import-apply').textContent()).toContain('You can preview imports');

    // The import form a writer would get, sent with the viewer's session and token.
    const csrf = await tab.locator('input[name="_csrf"]').first().getAttribute('value');
    const forged = await context.request.post(`${t.baseUrl}/app/w/${slug}/import`, {
      headers: { origin: t.baseUrl },
      multipart: {
        _csrf: csrf!,
        source: 'openstatus',
        env: '',
        file: { name: 'openstatus.yaml', mimeType: 'application/yaml', buffer: Buffer.from(other) },
      },
    });
    // Without the fingerprint of a preview the form refuses first; with it, the verb refuses a viewer.
    expect(forged.status()).toBe(400);
    expect(await forged.text()).toContain('preview the file before importing it');
    const refused = await context.request.post(`${t.baseUrl}/app/w/${slug}/import`, {
      headers: { origin: t.baseUrl },
      multipart: {
        _csrf: csrf!,
        source: 'openstatus',
        env: '',
        previewed: fingerprint('openstatus', {}, Buffer.from(other)),
        file: { name: 'openstatus.yaml', mimeType: 'application/yaml', buffer: Buffer.from(other) },
      },
    });
    expect(refused.status()).toBe(403);
    expect(await refused.text()).toContain('Viewers of a workspace read it and change nothing');
    expect(await monitorCount()).toBe(2);
    await context.close();
  });

  it('has no serious accessibility violation on the form and the preview', async () => {
    const scan = await browser.newContext({ bypassCSP: true });
    await scan.addCookies(await ownerContext.cookies());
    const tab = await scan.newPage();
    await tab.goto(`${t.baseUrl}/app/w/${slug}/import`);
    expect(await seriousViolations(tab)).toEqual([]);
    const other = OPENSTATUS_YAML.replace(/api-health/g, 'scan-api');
    await preview(tab, yamlFile('openstatus.yaml', other));
    expect(await seriousViolations(tab)).toEqual([]);
    await scan.close();
  });

  async function monitorCount(workspaceId = tenant.ctx.workspace.id): Promise<number> {
    const rows = await t.db.rows<{ n: string }>(
      `SELECT count(*) AS n FROM monitors WHERE workspace_id = $1 AND deleted_at IS NULL`,
      [workspaceId],
    );
    return Number(rows[0].n);
  }
});

// Where a monitor's regions really run (issue 25, point 7), in real Chromium: the embedded agent of the
// API serves fly-iad and fly-sin, a remote agent (the real CheckAgent over the agent HTTP API with the
// shared AGENT_TOKEN) serves fly-ams as "ams-1", and nobody serves koyeb-fra. The monitor page names
// each region's agent, says that fly-iad and fly-sin are measured on one machine, and marks koyeb-fra;
// the monitor form says the same beside each region's checkbox. Nothing is probed: the monitor is
// paused, so the agents only ask for work. A screenshot is kept in test-artifacts/.
import { mkdirSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { AgentPresenceService } from '../../backend/src/agent-presence/agent-presence.service';
import { httpTransport } from '../../backend/src/agent/main';
import { CheckAgent, DEFAULT_AGENT_OPTIONS } from '../../backend/src/checker/agent';
import { InlineExecutor } from '../../backend/src/checker/check-executor';
import { createProbeRegistry } from '../../backend/src/checker/probe-registry';
import { MonitorsService } from '../../backend/src/monitors/monitors.service';
import { chromiumPath, launchChromium, seriousViolations, signIn } from '../support/browser';
import { newMember } from '../support/dashboard';
import { freePort, newTenant, startHttpApp, type HttpTestApp, type Tenant } from '../support/http-app';
import { startReceiver, type Receiver } from '../support/receivers';
import { describeWithTool } from '../support/skips';

const executable = chromiumPath();
const describeInBrowser = describeWithTool('chromium', executable);

const ARTIFACTS = join(__dirname, '..', '..', 'test-artifacts');
const SHARED_TOKEN = 'shared-agent-token-for-the-region-agents-test';
const HOST = hostname();

describeInBrowser('dashboard: which agent serves each region, in Chromium', () => {
  let t: HttpTestApp;
  let target: Receiver;
  let remote: CheckAgent;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let tenant: Tenant;
  let monitor: { id: string };
  let base: string;

  beforeAll(async () => {
    target = await startReceiver();
    t = await startHttpApp({
      port: await freePort(),
      checkerRegions: ['fly-iad', 'fly-sin'],
      env: { AGENT_TOKEN: SHARED_TOKEN },
    });
    tenant = await newTenant(t);
    const owner = await newMember(t, tenant.ctx, 'owner');
    monitor = await t.app.get(MonitorsService).create(tenant.ctx, 'http', {
      name: 'Around the world',
      url: `${target.url}/health`,
      periodicity: '1h',
      regions: ['fly-ams', 'fly-iad', 'fly-sin', 'koyeb-fra'],
      active: false,
    });
    remote = new CheckAgent(
      httpTransport(t.baseUrl, SHARED_TOKEN, 'ams-1', ['fly-ams']),
      new InlineExecutor(createProbeRegistry()),
      { ...DEFAULT_AGENT_OPTIONS, pollMs: 100 },
    );
    remote.start();
    // Both agents have asked for work at least once: their presence is recorded.
    const presence = t.app.get(AgentPresenceService);
    const deadline = Date.now() + 15_000;
    for (;;) {
      const regions = await presence.regions(tenant.ctx);
      const served = (r: string) => regions.find((x) => x.region === r)!.agents.length > 0;
      if (served('fly-ams') && served('fly-iad') && served('fly-sin')) break;
      if (Date.now() > deadline) throw new Error(`agents not seen: ${JSON.stringify(regions.slice(0, 20))}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    browser = await launchChromium(executable!);
    context = await browser.newContext();
    page = await context.newPage();
    await signIn(page, t.baseUrl, owner.email);
    base = `${t.baseUrl}/app/w/${tenant.ctx.workspace.slug}/monitors/${monitor.id}`;
  }, 60_000);

  afterAll(async () => {
    await remote?.stop();
    await browser?.close();
    await t?.close();
    await target?.close();
  });

  const cell = (p: Page, region: string) => p.locator(`#h-agents ~ table tr[data-region="${region}"] td`);

  it("names each region's agent on the monitor page and marks the region no agent serves", async () => {
    await page.goto(base);
    const card = page.getByRole('region', { name: 'Where it runs' });
    expect(await card.isVisible()).toBe(true);
    expect((await cell(page, 'fly-ams').textContent())?.trim()).toBe('agent ams-1');
    expect((await cell(page, 'fly-iad').textContent())?.trim()).toBe(`embedded agent on ${HOST}`);
    expect((await cell(page, 'fly-sin').textContent())?.trim()).toBe(`embedded agent on ${HOST}`);
    const unserved = cell(page, 'koyeb-fra').locator('.badge.unserved');
    expect(await unserved.textContent()).toBe('no agent serves this region');
    expect(await unserved.isVisible()).toBe(true);
    // The chosen region without an agent is called out above the table, with how to give it one.
    const warning = card.locator('.notice.warning');
    expect(await warning.textContent()).toMatch(/No agent serves koyeb-fra:.*scheduled there but not checked/s);
    expect(await warning.textContent()).toContain('npm run agent');
    // Two regions measured on this one machine are said to be so.
    expect((await card.locator('.shared-agent').textContent())?.replace(/\s+/g, ' ').trim()).toBe(
      `fly-iad and fly-sin are both checked by the embedded agent on ${HOST}: their latencies are measured from that one machine, not from the places the region names suggest.`,
    );
    expect(await card.textContent()).not.toContain('fly-ams and');

    mkdirSync(ARTIFACTS, { recursive: true });
    const png = await card.screenshot({ path: join(ARTIFACTS, 'dashboard-region-agents.png') });
    expect(png.length).toBeGreaterThan(5_000);
  });

  it("says beside each region's checkbox on the monitor form which agent serves it", async () => {
    await page.goto(`${base}/edit`);
    const label = (region: string) => page.locator(`label[data-region="${region}"]`);
    expect((await label('fly-ams').textContent())?.replace(/\s+/g, ' ').trim()).toBe('fly-ams — agent ams-1');
    expect((await label('fly-iad').textContent())?.replace(/\s+/g, ' ').trim()).toBe(
      `fly-iad — embedded agent on ${HOST}`,
    );
    expect(await label('koyeb-fra').locator('.badge.unserved').textContent()).toBe('no agent');
    expect(await label('fly-gru').locator('.badge.unserved').textContent()).toBe('no agent');
    // The checkbox is still the region's, by its name.
    expect(await page.getByRole('checkbox', { name: /^koyeb-fra/ }).isChecked()).toBe(true);
    expect(await page.getByRole('checkbox', { name: /^fly-gru/ }).isChecked()).toBe(false);
    // Only the chosen region without an agent is warned about.
    const warning = page.locator('fieldset .notice.warning');
    expect(await warning.textContent()).toMatch(/No agent serves koyeb-fra:/);
    expect(await warning.textContent()).not.toContain('fly-gru');

    mkdirSync(ARTIFACTS, { recursive: true });
    await page.locator('fieldset', { has: page.locator('legend', { hasText: 'Regions' }) }).screenshot({
      path: join(ARTIFACTS, 'dashboard-region-agents-form.png'),
    });
  });

  it('has no serious accessibility violation on either page', async () => {
    const scan = await browser.newContext({ bypassCSP: true });
    await scan.addCookies(await context.cookies());
    const tab = await scan.newPage();
    for (const path of [base, `${base}/edit`]) {
      await tab.goto(path);
      expect(await seriousViolations(tab)).toEqual([]);
    }
    await scan.close();
  });
});

// Why a monitor is down, for every kind (issue 25, point 4), in real Chromium. TCP, DNS, ICMP and
// gRPC checks have no response logs; their page shows the error of each location's latest check (its
// kind and message) and the status history shows it beside the fall. The checks are the agents' own
// probes failing on loopback: a closed port, a resolver answering NXDOMAIN, a machine without ping, a
// gRPC port nobody serves; their results go through the agents' report path. A screenshot of each
// page is kept in test-artifacts/ (ignored by git); their paths are printed.
import { mkdirSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { join } from 'node:path';
import dns2 from 'dns2';
import type { Browser, Page } from 'playwright-core';
import { RetentionService } from '../../backend/src/check-results/retention.service';
import type { Probe } from '../../backend/src/checker/probe';
import type { ProbeResult } from '../../backend/src/checks/check-types';
import { DnsProbe } from '../../backend/src/checker/probes/dns.probe';
import { GrpcProbe } from '../../backend/src/checker/probes/grpc.probe';
import { IcmpProbe } from '../../backend/src/checker/probes/icmp.probe';
import { TcpProbe } from '../../backend/src/checker/probes/tcp.probe';
import type { MonitorKind } from '../../backend/src/checks/check-config';
import { MonitorsService } from '../../backend/src/monitors/monitors.service';
import { chromiumPath, launchChromium, signIn } from '../support/browser';
import { describeWithTool } from '../support/skips';
import { newMember } from '../support/dashboard';
import { freePort, newTenant, startHttpApp, type HttpTestApp, type Tenant } from '../support/http-app';
import { storeResult } from '../support/results';

jest.setTimeout(120_000);

const executable = chromiumPath();
const describeInBrowser = describeWithTool('chromium', executable);

const ARTIFACTS = join(__dirname, '..', '..', 'test-artifacts');
/** RFC 1035 RCODE 3 (the package's typings lack the RCODE table). */
const NXDOMAIN = 3;

/** A loopback port with nothing listening. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describeInBrowser('why a monitor is down, for every kind, in Chromium', () => {
  let t: HttpTestApp;
  let dns: ReturnType<typeof dns2.createServer>;
  let dnsServer: string;
  let browser: Browser;
  let page: Page;
  let tenant: Tenant;
  let owner: { userId: string; email: string };
  const failed = new Map<MonitorKind, { id: string; error: NonNullable<ProbeResult['error']> }>();

  /** Creates the monitor, runs the probe of its kind once and stores the result as an agent reports it. */
  async function failingCheck(kind: MonitorKind, uri: string, probe: Probe): Promise<void> {
    const monitor = await t.app.get(MonitorsService).create(tenant.ctx, kind, {
      name: `${kind.toUpperCase()} target`,
      uri,
      periodicity: '10m',
      regions: ['fly-ams'],
      timeout: 2000,
      active: false,
    });
    const outcome = await probe.run(monitor, { signal: AbortSignal.timeout(5000), privateTargets: true, dnsServer });
    expect(outcome.status).toBe('error');
    expect(outcome.error).not.toBeNull();
    await storeResult(t.app, { monitorId: monitor.id, minutesAgo: 0, status: outcome.status, extra: outcome });
    failed.set(kind, { id: monitor.id, error: outcome.error! });
  }

  beforeAll(async () => {
    dns = dns2.createServer({
      udp: true,
      handle: (request, send) => {
        const response = dns2.Packet.createResponseFromRequest(request);
        response.header.rcode = NXDOMAIN;
        Promise.resolve()
          .then(() => send(response))
          .catch(() => undefined);
      },
    });
    await dns.listen({ udp: { port: 0, address: '127.0.0.1' } });
    dnsServer = `127.0.0.1:${(dns.addresses() as { udp: AddressInfo }).udp.port}`;
    t = await startHttpApp({ port: await freePort() });
    await t.app.get(RetentionService).maintain(new Date());
    tenant = await newTenant(t);
    owner = await newMember(t, tenant.ctx, 'owner');
    await failingCheck('tcp', `127.0.0.1:${await closedPort()}`, new TcpProbe());
    await failingCheck('dns', 'missing.test', new DnsProbe());
    // A machine without ping, as the agent's probe meets it.
    await failingCheck('icmp', '127.0.0.1', new IcmpProbe('/nonexistent/ping'));
    await failingCheck('grpc', `127.0.0.1:${await closedPort()}`, new GrpcProbe());
    browser = await launchChromium(executable!);
    page = await (await browser.newContext({ viewport: { width: 1200, height: 900 } })).newPage();
    await signIn(page, t.baseUrl, owner.email);
  });

  afterAll(async () => {
    await browser?.close();
    await t?.close();
    await dns?.close();
  });

  it('says on the ICMP page that ping is not installed on this agent', async () => {
    const { id } = failed.get('icmp')!;
    await page.goto(`${t.baseUrl}/app/w/${tenant.ctx.workspace.slug}/monitors/${id}`);
    const errors = page.locator('section[aria-labelledby="h-last-errors"]');
    expect(await errors.isVisible()).toBe(true);
    const text = (await errors.textContent())!.replace(/\s+/g, ' ');
    expect(text).toContain('fly-ams');
    expect(text).toContain('unsupported');
    expect(text).toContain('ping is not installed on this agent');
  });

  it.each(['tcp', 'dns', 'icmp', 'grpc'] as const)(
    'shows the %s check error, kind and message, on the page and in the status history',
    async (kind) => {
      const { id, error } = failed.get(kind)!;
      await page.goto(`${t.baseUrl}/app/w/${tenant.ctx.workspace.slug}/monitors/${id}`);
      const latest = page.locator('section[aria-labelledby="h-last-errors"] ul.errors li');
      expect(await latest.count()).toBe(1);
      expect((await latest.locator('.error-kind').textContent())?.trim()).toBe(error.kind);
      expect((await latest.locator('.error-message').textContent())?.trim()).toBe(error.message.trim());
      expect(await latest.locator('.badge.error').textContent()).toBe('Down');

      const fall = page.locator('section[aria-labelledby="h-history"] tbody tr').filter({ hasText: 'Down' }).first();
      expect((await fall.locator('td').first().textContent())?.trim()).toBe('Down');
      expect((await fall.locator('.error-kind').textContent())?.trim()).toBe(error.kind);
      expect((await fall.locator('.error-message').textContent())?.trim()).toBe(error.message.trim());

      mkdirSync(ARTIFACTS, { recursive: true });
      const path = join(ARTIFACTS, `dashboard-down-reason-${kind}.png`);
      const png = await page.screenshot({ path, fullPage: true });
      expect(png.length).toBeGreaterThan(10_000);
      process.stdout.write(`screenshot: ${path}\n`);
    },
  );
});

// The OpenStatus import (issue 30) end to end below the transports, on a real database: an
// openstatus.yaml written after the format's schema (test/support/imports/openstatus-fixture.ts),
// pointed at loopback targets started here, planned, applied, applied again, and the imported
// monitors checked by the real probes: they pass where OpenStatus's checks would and fail where
// they would.
import { mkdtempSync, readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runCheck } from '../../../backend/src/checker/check-runner';
import { createProbeRegistry } from '../../../backend/src/checker/probe-registry';
import type { ServiceContext } from '../../../backend/src/common/context';
import type { ImportPlan } from '../../../backend/src/imports/import-plan';
import { ImportsService } from '../../../backend/src/imports/imports.service';
import { MonitorsService } from '../../../backend/src/monitors/monitors.service';
import { createTestApp, newWorkspace, type TestApp } from '../../support/app';
import {
  OPENSTATUS_FIXTURE_MONITORS,
  OPENSTATUS_FIXTURE_SECRETS,
  writeOpenStatusFixture,
  type OpenStatusFixtureTargets,
} from '../../support/imports/openstatus-fixture';
import { startHttpTarget, type LoopbackServer } from '../../support/loopback';
import { refusal } from '../../support/service-fixtures';

const KEYS = Object.keys(OPENSTATUS_FIXTURE_MONITORS) as Array<keyof typeof OPENSTATUS_FIXTURE_MONITORS>;

function listenTcp(): Promise<Server> {
  const server = createServer((socket) => socket.end());
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

/** A loopback port nothing listens on: one a server held and let go. */
async function closedPort(): Promise<number> {
  const server = await listenTcp();
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

const idOf = (plan: ImportPlan, key: string): string => {
  const item = plan.items.find((i) => i.sourceKey === `monitor:${key}`);
  if (!item?.resourceId) throw new Error(`monitor:${key} has no resource id in the plan`);
  return item.resourceId;
};

describe(`${ImportsService.name} (openstatus)`, () => {
  let t: TestApp;
  let sut: ImportsService;
  let monitors: MonitorsService;
  let http: LoopbackServer;
  let tcp: Server;
  let files: ReturnType<typeof writeOpenStatusFixture>;
  let file: Uint8Array;
  let ctx: ServiceContext;

  beforeAll(async () => {
    t = await createTestApp();
    sut = t.app.get(ImportsService);
    monitors = t.app.get(MonitorsService);
    http = await startHttpTarget();
    tcp = await listenTcp();
    const targets: OpenStatusFixtureTargets = {
      http: http.url,
      tcpOpen: { host: '127.0.0.1', port: (tcp.address() as AddressInfo).port },
      tcpClosed: { host: '127.0.0.1', port: await closedPort() },
    };
    files = writeOpenStatusFixture(mkdtempSync(join(tmpdir(), 'openstatus-import-')), targets);
    file = readFileSync(files.file);
  });

  afterAll(async () => {
    await http?.close();
    await new Promise((resolve) => tcp?.close(resolve));
    await t?.close();
  });

  beforeEach(async () => {
    ctx = await newWorkspace(t);
  });

  const stored = async () => (await monitors.list(ctx, {})).items;
  const recorded = async () =>
    (
      await t.db.rows<{ n: string }>('SELECT count(*)::text AS n FROM imported_resources WHERE workspace_id = $1', [
        ctx.workspace.id,
      ])
    )[0].n;

  it('plans every monitor before writing anything, with what maps approximately and what not at all', async () => {
    const plan = await sut.plan(ctx, { source: 'openstatus', file });
    expect(plan.items.map((i) => [i.kind, i.sourceKey, i.action])).toEqual(
      KEYS.map((key) => ['monitor', `monitor:${key}`, 'create']),
    );
    expect(plan.counts).toMatchObject({ create: KEYS.length, match: 0, skip: 0 });
    const legacy = plan.items.find((i) => i.sourceKey === 'monitor:legacy')!;
    expect(legacy.label).toBe('monitor legacy “Legacy checks”');
    expect(legacy.findings.filter((f) => f.level === 'unmappable').map((f) => f.field)).toEqual([
      'regions',
      'regions',
      'assertions[1]',
      'assertions[2]',
    ]);
    expect(legacy.findings.filter((f) => f.level === 'approximate').map((f) => f.field)).toEqual([
      'frequency',
      'retry',
      'timeout',
    ]);
    expect(plan.items.find((i) => i.sourceKey === 'monitor:webhook')!.findings).toEqual([
      expect.objectContaining({ level: 'approximate', field: 'active' }),
    ]);
    expect(await stored()).toEqual([]);
    expect(await recorded()).toBe('0');
  });

  it('creates the monitors with the mapped fields, inactive, credentials sealed at rest', async () => {
    const { plan, activated } = await sut.apply(ctx, { source: 'openstatus', file });
    expect(activated).toBe(false);
    expect(plan.counts).toMatchObject({ create: KEYS.length, match: 0 });
    expect(await stored()).toHaveLength(KEYS.length);
    expect((await stored()).filter((m) => m.active)).toEqual([]);

    const orders = await monitors.get(ctx, idOf(plan, 'orders-api'));
    expect(orders).toMatchObject({
      kind: 'http',
      name: 'Orders API',
      description: 'Order intake, checked from three providers.',
      url: `${http.url}/headers`,
      method: 'GET',
      periodicity: '1m',
      regions: ['fly-iad', 'fly-fra', 'koyeb-par', 'railway-europe-west4'],
      public: true,
      retry: 2,
      timeout: 10000,
      degradedAt: 3000,
      headers: [
        { key: 'User-Agent', value: 'OpenStatus' },
        { key: 'Authorization', value: OPENSTATUS_FIXTURE_SECRETS.authorization },
      ],
      statusCodeAssertions: [{ comparator: 'eq', target: 200 }],
      bodyAssertions: [{ comparator: 'contains', target: 'ok' }],
      headerAssertions: [
        { key: 'x-version', comparator: 'eq', target: '42' },
        { key: 'content-type', comparator: 'contains', target: 'text/html' },
      ],
      openTelemetry: {
        endpoint: 'http://127.0.0.1:4318/v1/metrics',
        headers: [{ key: 'x-collector-key', value: OPENSTATUS_FIXTURE_SECRETS.otelHeader }],
      },
    });
    expect(await monitors.get(ctx, idOf(plan, 'webhook'))).toMatchObject({
      method: 'POST',
      body: '{"probe": true}',
      followRedirects: false,
      statusCodeAssertions: [
        { comparator: 'lt', target: 300 },
        { comparator: 'neq', target: 500 },
      ],
    });
    expect(await monitors.get(ctx, idOf(plan, 'database'))).toMatchObject({
      kind: 'tcp',
      uri: `127.0.0.1:${(tcp.address() as AddressInfo).port}`,
      periodicity: '5m',
      regions: ['fly-iad', 'fly-fra'],
      timeout: 5000,
    });
    expect(await monitors.get(ctx, idOf(plan, 'legacy'))).toMatchObject({
      periodicity: '1m',
      retry: 10,
      timeout: 120000,
      regions: ['fly-ams'],
      statusCodeAssertions: [{ comparator: 'eq', target: 200 }],
    });

    const rows = await t.db.rows<{ row: string }>(
      'SELECT row_to_json(m)::text AS row FROM monitors m WHERE workspace_id = $1',
      [ctx.workspace.id],
    );
    const atRest = rows.map((r) => r.row).join('\n');
    expect(atRest).toContain('User-Agent');
    for (const secret of Object.values(OPENSTATUS_FIXTURE_SECRETS)) expect(atRest).not.toContain(secret);
    expect(JSON.stringify(plan)).not.toMatch(new RegExp(Object.values(OPENSTATUS_FIXTURE_SECRETS).join('|')));
  });

  it('creates nothing on a second run and reports every monitor as matched by its key', async () => {
    const first = await sut.apply(ctx, { source: 'openstatus', file });
    const again = await sut.plan(ctx, { source: 'openstatus', file });
    expect(again.items.map((i) => i.action)).toEqual(KEYS.map(() => 'match'));
    const second = await sut.apply(ctx, { source: 'openstatus', file });
    expect(second.plan.counts).toMatchObject({ create: 0, match: KEYS.length });
    expect(second.plan.items.map((i) => i.resourceId)).toEqual(first.plan.items.map((i) => i.resourceId));
    expect(await stored()).toHaveLength(KEYS.length);
    expect(await recorded()).toBe(String(KEYS.length));
  });

  it('creates the monitors active with --activate', async () => {
    await sut.apply(ctx, { source: 'openstatus', file, activate: true });
    expect((await stored()).every((m) => m.active)).toBe(true);
  });

  it.each([
    ['a file that is not YAML', () => files.notYaml, /^file: is not valid YAML/],
    ['another tool’s YAML', () => files.notFormat, /^file: is not an OpenStatus monitors file/],
  ])('refuses %s and writes nothing', async (_what, path, message) => {
    const bad = readFileSync(path());
    for (const verb of [
      () => sut.plan(ctx, { source: 'openstatus', file: bad }),
      () => sut.apply(ctx, { source: 'openstatus', file: bad }),
    ]) {
      const error = await refusal(verb());
      expect(error.code).toBe('VALIDATION');
      expect(error.message).toMatch(message);
    }
    expect(await stored()).toEqual([]);
  });

  it('checks the imported monitors: they pass where OpenStatus’s checks would and fail where they would', async () => {
    const { plan } = await sut.apply(ctx, { source: 'openstatus', file, activate: true });
    const probes = createProbeRegistry();
    const outcomes: Record<string, { passes: boolean; error: string | null }> = {};
    for (const key of KEYS) {
      const monitor = await monitors.get(ctx, idOf(plan, key));
      // One attempt each: a retry repeats the same request, so it changes how long a failure takes, not whether it fails.
      const outcome = await runCheck({ ...monitor, retry: 0 }, probes[monitor.kind], { privateTargets: true });
      outcomes[key] = { passes: outcome.status !== 'error', error: outcome.error?.message ?? null };
    }
    expect(Object.fromEntries(KEYS.map((k) => [k, outcomes[k].passes]))).toEqual(
      Object.fromEntries(KEYS.map((k) => [k, OPENSTATUS_FIXTURE_MONITORS[k].passes])),
    );
    // Each failure is the source's own reason, not a broken import.
    expect(outcomes.broken.error).toMatch(/status/i);
    expect(outcomes['wrong-body'].error).toMatch(/body/i);
    expect(outcomes['closed-port'].error).toMatch(/refused|ECONNREFUSED/i);
  });
});

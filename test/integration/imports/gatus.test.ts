// The Gatus import (issue 30) end to end below the transports, on a real database: a Gatus
// configuration written after Gatus's documented format (test/support/imports/gatus-fixture.ts), its
// `${VAR}`s pointed at loopback servers started here (HTTP, HTTPS, TCP, TLS, DNS, gRPC), planned,
// applied, applied again; the imported monitors are then checked by the real probes: they pass where
// Gatus's conditions would hold and fail where they would not.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createServer as createHttpServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import { createServer as createTcpServer, type AddressInfo, type Server } from 'node:net';
import { createServer as createTlsServer } from 'node:tls';
import type { Server as GrpcServer } from '@grpc/grpc-js';
import dns2 from 'dns2';
import { runCheck } from '../../../backend/src/checker/check-runner';
import { createProbeRegistry } from '../../../backend/src/checker/probe-registry';
import type { ServiceContext } from '../../../backend/src/common/context';
import type { ImportModel } from '../../../backend/src/imports/import-model';
import type { ImportPlan } from '../../../backend/src/imports/import-plan';
import { ImportsService } from '../../../backend/src/imports/imports.service';
import { parseGatus } from '../../../backend/src/imports/sources/gatus.source';
import { MaintenancesService } from '../../../backend/src/maintenances/maintenances.service';
import { MonitorsService, pingTokenHash } from '../../../backend/src/monitors/monitors.service';
import { NotificationsService } from '../../../backend/src/notifications/notifications.service';
import { PageComponentsService } from '../../../backend/src/status-pages/page-components.service';
import { StatusPagesService } from '../../../backend/src/status-pages/status-pages.service';
import { createTestApp, newWorkspace, type TestApp } from '../../support/app';
import { startGrpcHealthServer } from '../../support/grpc-health';
import {
  GATUS_DNS_ADDRESS,
  GATUS_DNS_NAME,
  GATUS_HEALTH_BODY,
  GATUS_SECRETS,
  gatusEnv,
  INVALID_GATUS_FILES,
  writeGatusConfig,
  type GatusTargets,
} from '../../support/imports/gatus-fixture';
import { selfSignedCertificate } from '../../support/loopback';
import { refusal } from '../../support/service-fixtures';
import { onPath } from '../../support/skips';

/** /health: the JSON every [BODY] condition holds on; /ready: a body containing "ready"; /status/<code>. */
function route(req: IncomingMessage, res: ServerResponse): void {
  req.resume();
  const path = req.url ?? '/';
  if (path === '/health')
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(GATUS_HEALTH_BODY));
  else if (path === '/ready') res.writeHead(200, { 'content-type': 'text/plain' }).end('  service ready\n');
  else if (path.startsWith('/status/')) res.writeHead(Number(path.slice(8))).end('status');
  else res.writeHead(404).end();
}

const listen = <T extends Server>(server: T) =>
  new Promise<T>((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
const addressOf = (server: Server) => `127.0.0.1:${(server.address() as AddressInfo).port}`;
const close = (server: Server | undefined) =>
  new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));

/** What Gatus's conditions say of each endpoint against these servers. */
const GATUS_VERDICTS: Record<string, boolean> = {
  'endpoint:api/health': true,
  'endpoint:api/ready': true,
  'endpoint:api/broken': false,
  'endpoint:web/home': true,
  'endpoint:infra/postgres': true,
  'endpoint:infra/cache': false,
  'endpoint:infra/certificate': true,
  'endpoint:dns/shop': true,
  'endpoint:/grpc health': true,
};

describe(`${ImportsService.name} (gatus)`, () => {
  let t: TestApp;
  let sut: ImportsService;
  let monitors: MonitorsService;
  let ctx: ServiceContext;
  const servers: Server[] = [];
  let grpc: GrpcServer;
  let dns: ReturnType<typeof dns2.createServer>;
  let targets: GatusTargets;
  let env: Record<string, string>;
  // Written to disk and read back, as `cli import gatus config.yaml` reads it.
  const file = new Uint8Array(readFileSync(writeGatusConfig(mkdtempSync(join(tmpdir(), 'gatus-import-')))));

  beforeAll(async () => {
    t = await createTestApp();
    sut = t.app.get(ImportsService);
    monitors = t.app.get(MonitorsService);
    const certificate = selfSignedCertificate('localhost');
    const http = await listen(createHttpServer(route));
    const https = await listen(createHttpsServer(certificate, route));
    const tcp = await listen(createTcpServer((socket) => socket.end()));
    const tls = await listen(createTlsServer(certificate, (socket) => socket.end()));
    const gone = await listen(createTcpServer());
    const closedAddress = addressOf(gone);
    await close(gone);
    servers.push(http, https, tcp, tls);
    const health = await startGrpcHealthServer();
    grpc = health.server;
    const { Packet } = dns2;
    dns = dns2.createServer({
      udp: true,
      handle: (request, send) => {
        const response = Packet.createResponseFromRequest(request);
        const [question] = request.questions;
        if (question.name.toLowerCase() === GATUS_DNS_NAME && question.type === Packet.TYPE.A)
          response.answers.push({
            name: question.name,
            type: Packet.TYPE.A,
            class: Packet.CLASS.IN,
            ttl: 60,
            address: GATUS_DNS_ADDRESS,
          } as never);
        void send(response);
      },
    });
    await dns.listen({ udp: { port: 0, address: '127.0.0.1' } });
    const { udp } = dns.addresses() as { udp: AddressInfo };
    targets = {
      grpcAddress: health.address,
      httpBase: `http://${addressOf(http)}`,
      httpsBase: `https://${addressOf(https)}`,
      tcpOpen: addressOf(tcp),
      tcpClosed: closedAddress,
      tlsAddress: addressOf(tls),
      dnsServer: `127.0.0.1:${udp.port}`,
    };
  });

  afterAll(async () => {
    for (const server of servers) {
      if ('closeAllConnections' in server) (server as unknown as { closeAllConnections(): void }).closeAllConnections();
      await close(server);
    }
    await new Promise<void>((resolve) => (grpc ? grpc.tryShutdown(() => resolve()) : resolve()));
    await dns?.close();
    await t?.close();
  });

  beforeEach(async () => {
    ctx = await newWorkspace(t);
    // A ping token is unique in the installation: each workspace's import brings its own.
    env = { ...gatusEnv(targets), PUSH_TOKEN: `push-${randomBytes(12).toString('hex')}` };
  });

  const model = () => parseGatus(file, { env }) as ImportModel;
  const count = async (table: string) =>
    Number(
      (
        await t.db.rows<{ n: string }>(`SELECT count(*)::text AS n FROM ${table} WHERE workspace_id = $1`, [
          ctx.workspace.id,
        ])
      )[0].n,
    );
  const idOf = (plan: ImportPlan, key: string): string => {
    const item = plan.items.find((i) => i.sourceKey === key);
    if (!item?.resourceId) throw new Error(`${key} has no resource id in the plan`);
    return item.resourceId;
  };

  it('plans every item before writing anything, with what maps approximately and what not at all', async () => {
    const expected = model();
    const plan = await sut.plan(ctx, { source: 'gatus', file, env });
    const kinds = (kind: string) => plan.items.filter((i) => i.kind === kind).map((i) => i.sourceKey);
    expect(kinds('monitor')).toEqual(expected.monitors.map((m) => m.sourceKey));
    expect(kinds('channel')).toEqual(['alerting:slack', 'alerting:pagerduty', 'alerting:discord']);
    expect(kinds('status_page')).toEqual(['page:gatus']);
    expect(kinds('component_group')).toEqual(['group:api', 'group:web', 'group:infra', 'group:dns', 'group:jobs']);
    expect(kinds('component')).toHaveLength(expected.monitors.length);
    expect(kinds('maintenance')).toHaveLength(expected.maintenances.length);
    expect(plan.items.every((i) => i.action === 'create')).toBe(true);
    expect(plan.findings.filter((f) => f.level === 'unmappable').map((f) => f.field)).toEqual(
      expect.arrayContaining(['alerting.zulip', 'endpoints[10]', 'endpoints[11]', 'external-endpoints[2]']),
    );
    const health = plan.items.find((i) => i.sourceKey === 'endpoint:api/health')!;
    expect(health.findings).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ level: 'unmappable', field: 'conditions[9]' }),
        expect.objectContaining({ level: 'approximate', field: 'interval' }),
      ]),
    );
    // Nothing written, no secret shown.
    expect(await count('monitors')).toBe(0);
    expect(await count('notification_channels')).toBe(0);
    expect(await count('imported_resources')).toBe(0);
    const shown = JSON.stringify(plan);
    for (const secret of [...Object.values(GATUS_SECRETS), env.PUSH_TOKEN]) expect(shown).not.toContain(secret);
  });

  it('creates the monitors, channels, page, groups, components and maintenances, inactive, secrets sealed', async () => {
    const { plan, activated } = await sut.apply(ctx, { source: 'gatus', file, env });
    expect(activated).toBe(false);
    const expected = model();
    expect(await count('monitors')).toBe(expected.monitors.length);
    expect((await monitors.list(ctx, {})).items.filter((m) => m.active)).toEqual([]);

    const health = await monitors.get(ctx, idOf(plan, 'endpoint:api/health'));
    expect(health).toMatchObject({
      kind: 'http',
      name: 'health',
      url: `${targets.httpBase}/health`,
      periodicity: '30s',
      tags: ['api'],
      retry: 0,
      timeout: 10000,
      statusCodeAssertions: [{ comparator: 'eq', target: 200 }],
      timingAssertions: [{ phase: 'total', comparator: 'lt', target: 2000, severity: 'error' }],
    });
    expect(health.jsonAssertions).toHaveLength(7);
    expect(health.alerting).toMatchObject({ failureThreshold: 2, recoveryThreshold: 2 });
    expect(await monitors.get(ctx, idOf(plan, 'endpoint:dns/shop'))).toMatchObject({
      kind: 'dns',
      uri: GATUS_DNS_NAME,
      recordAssertions: [{ record: 'A', comparator: 'eq', target: GATUS_DNS_ADDRESS }],
    });
    expect(await monitors.get(ctx, idOf(plan, 'endpoint:web/home'))).toMatchObject({
      tlsVerify: false,
      certificateExpiryDays: [1],
    });
    const backup = await monitors.get(ctx, idOf(plan, 'external-endpoint:jobs/nightly backup'));
    expect(backup).toMatchObject({ kind: 'heartbeat', heartbeat: { schedule: 'period', periodSeconds: 1800 } });
    // The job's token is kept: only the host and path of its push change.
    const [{ hash }] = await t.db.rows<{ hash: string }>('SELECT ping_token_hash AS hash FROM monitors WHERE id = $1', [
      backup.id,
    ]);
    expect(hash).toBe(pingTokenHash(env.PUSH_TOKEN));

    const notifications = t.app.get(NotificationsService);
    const slack = await notifications.get(ctx, idOf(plan, 'alerting:slack'));
    expect([...slack.monitorIds].sort()).toEqual(
      [
        idOf(plan, 'endpoint:api/health'),
        idOf(plan, 'endpoint:infra/postgres'),
        idOf(plan, 'external-endpoint:jobs/nightly backup'),
      ].sort(),
    );
    expect((await notifications.get(ctx, idOf(plan, 'alerting:discord'))).monitorIds).toEqual([]);

    const page = await t.app.get(StatusPagesService).get(ctx, idOf(plan, 'page:gatus'));
    expect(page.title).toBe('Acme Status');
    expect(page.slug).toMatch(/^acme-status(-\d+)?$/);
    const components = await t.app.get(PageComponentsService).listComponents(ctx, page.id);
    expect(components).toHaveLength(expected.monitors.length);
    const grpcComponent = components.find((c) => c.name === 'grpc health')!;
    expect(grpcComponent).toMatchObject({ groupId: null, monitorId: idOf(plan, 'endpoint:/grpc health') });
    expect(components.find((c) => c.name === 'health')!.groupId).toBe(idOf(plan, 'group:api'));

    const maintenance = expected.maintenances[0];
    const window = await t.app.get(MaintenancesService).get(ctx, idOf(plan, maintenance.sourceKey));
    expect(window.pageComponentIds).toHaveLength(expected.monitors.length);
    expect(await count('maintenances')).toBe(expected.maintenances.length);

    // Sealed at rest: no credential in the stored monitors or channels.
    const rows = await t.db.rows<{ row: string }>(
      `SELECT row_to_json(m)::text AS row FROM monitors m WHERE workspace_id = $1
       UNION ALL SELECT row_to_json(c)::text FROM notification_channels c WHERE workspace_id = $1`,
      [ctx.workspace.id],
    );
    const atRest = rows.map((r) => r.row).join('\n');
    expect(atRest).toContain('Authorization');
    for (const secret of [GATUS_SECRETS.apiToken, GATUS_SECRETS.slackWebhook, GATUS_SECRETS.pagerdutyKey])
      expect(atRest).not.toContain(secret);
  });

  it('creates nothing on a second run and reports every item as matched by its key', async () => {
    const first = await sut.apply(ctx, { source: 'gatus', file, env });
    const again = await sut.plan(ctx, { source: 'gatus', file, env });
    expect(again.items.every((i) => i.action === 'match')).toBe(true);
    const second = await sut.apply(ctx, { source: 'gatus', file, env });
    expect(second.plan.counts).toMatchObject({ create: 0, match: first.plan.items.length });
    expect(second.plan.items.map((i) => i.resourceId)).toEqual(first.plan.items.map((i) => i.resourceId));
    expect(await count('monitors')).toBe(model().monitors.length);
  });

  it.each(Object.entries(INVALID_GATUS_FILES))('refuses %s and writes nothing', async (_what, { bytes, says }) => {
    for (const verb of [
      () => sut.plan(ctx, { source: 'gatus', file: bytes, env }),
      () => sut.apply(ctx, { source: 'gatus', file: bytes, env }),
    ]) {
      const error = await refusal(verb());
      expect(error.code).toBe('VALIDATION');
      expect(error.message).toMatch(says);
    }
    expect(await count('monitors')).toBe(0);
  });

  it('checks the imported monitors: they pass where Gatus’s conditions hold and fail where they do not', async () => {
    const { plan } = await sut.apply(ctx, { source: 'gatus', file, env, activate: true });
    const probes = createProbeRegistry();
    const outcomes: Record<string, { passes: boolean; error: string | null }> = {};
    for (const key of Object.keys(GATUS_VERDICTS)) {
      const monitor = await monitors.get(ctx, idOf(plan, key));
      const outcome = await runCheck(monitor, probes[monitor.kind], {
        privateTargets: true,
        dnsServer: targets.dnsServer,
      });
      outcomes[key] = { passes: outcome.status !== 'error', error: outcome.error?.message ?? null };
    }
    expect(Object.fromEntries(Object.entries(outcomes).map(([k, o]) => [k, o.passes]))).toEqual(GATUS_VERDICTS);
    expect(outcomes['endpoint:api/broken'].error).toMatch(/status/i);
    expect(outcomes['endpoint:infra/cache'].error).toMatch(/refused|ECONNREFUSED/i);
  });

  it('checks the imported ICMP monitor with ping', async () => {
    if (!onPath('ping')) {
      process.stderr.write('\n*** FAIL: the ICMP check needs ping (Debian: apt-get install iputils-ping) ***\n\n');
      throw new Error('ping is not installed (Debian: apt-get install iputils-ping)');
    }
    const { plan } = await sut.apply(ctx, { source: 'gatus', file, env, activate: true });
    const monitor = await monitors.get(ctx, idOf(plan, 'endpoint:infra/gateway'));
    expect(monitor).toMatchObject({ kind: 'icmp', uri: '127.0.0.1' });
    const outcome = await runCheck(monitor, createProbeRegistry().icmp, { privateTargets: true });
    expect([outcome.status, outcome.error?.message ?? null]).toEqual(['success', null]);
  });
});

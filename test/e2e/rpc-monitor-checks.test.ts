// Issue 27's part of monitor.v1.MonitorService end to end, in binary and JSON: TLS and heartbeat
// monitors (the ping URL answered once, rotation, pings), JSON / regex / timing assertions, tls_verify
// and certificate expiry thresholds, with update masks; old clients' messages keep working.
import { create } from '@bufbuild/protobuf';
import { FieldMaskSchema } from '@bufbuild/protobuf/wkt';
import { Code, createClient, type Client } from '@connectrpc/connect';
import { createConnectTransport } from '@connectrpc/connect-node';
import {
  AssertionSeverity,
  JSONComparator,
  NumberComparator,
  Periodicity,
  StringComparator,
  TimingPhase,
} from '@uptime/proto/gen/monitor/v1/common_pb';
import { HeartbeatSchedule } from '@uptime/proto/gen/monitor/v1/heartbeat_monitor_pb';
import { HeartbeatPingKind, MonitorService } from '@uptime/proto/gen/monitor/v1/monitor_service_pb';
import { StartTLS } from '@uptime/proto/gen/monitor/v1/tls_monitor_pb';
import { newTenant, startHttpApp, type HttpTestApp, type Tenant } from '../support/http-app';
import { eventually, rpcError, withKey } from '../support/rpc';

type MonitorClient = Client<typeof MonitorService>;
const mask = (...paths: string[]) => create(FieldMaskSchema, { paths });

describe.each([
  ['binary', true],
  ['json', false],
])('MonitorService: TLS, heartbeat and assertion settings over Connect (%s)', (_format, useBinaryFormat) => {
  let t: HttpTestApp;
  let tenant: Tenant;
  let sut: MonitorClient;
  const clientFor = (key: string | null): MonitorClient =>
    createClient(
      MonitorService,
      createConnectTransport({
        baseUrl: `${t.baseUrl}/rpc`,
        httpVersion: '1.1',
        useBinaryFormat,
        interceptors: [withKey(key)],
      }),
    );

  beforeAll(async () => {
    t = await startHttpApp();
    tenant = await newTenant(t);
    sut = clientFor(tenant.writeKey);
  });

  afterAll(() => t.close());

  it('round-trips JSON, regex and timing assertions, tls_verify and expiry days on an HTTP monitor', async () => {
    const { monitor } = await sut.createHTTPMonitor({
      monitor: {
        name: 'api',
        url: 'https://example.com/status',
        periodicity: Periodicity.PERIODICITY_5M,
        bodyAssertions: [{ target: '(?i)"status":\\s*"ok"', comparator: StringComparator.MATCHES }],
        jsonAssertions: [
          { path: '$.status', comparator: JSONComparator.JSON_COMPARATOR_EQUAL, target: 'ok' },
          { path: '$.queue.depth', comparator: JSONComparator.JSON_COMPARATOR_LESS_THAN, target: '100' },
          { path: '$.error', comparator: JSONComparator.JSON_COMPARATOR_NOT_EXISTS, target: '' },
        ],
        timingAssertions: [
          {
            phase: TimingPhase.TTFB,
            comparator: NumberComparator.LESS_THAN_OR_EQUAL,
            target: 300n,
            severity: AssertionSeverity.DEGRADED,
          },
          { phase: TimingPhase.TOTAL, comparator: NumberComparator.LESS_THAN, target: 2000n },
        ],
        tlsVerify: false,
        certificateExpiry: { days: [30, 7] },
      },
    });
    expect(monitor).toMatchObject({
      bodyAssertions: [{ comparator: StringComparator.MATCHES }],
      jsonAssertions: [
        { path: '$.status', comparator: JSONComparator.JSON_COMPARATOR_EQUAL, target: 'ok' },
        { path: '$.queue.depth', comparator: JSONComparator.JSON_COMPARATOR_LESS_THAN, target: '100' },
        { path: '$.error', comparator: JSONComparator.JSON_COMPARATOR_NOT_EXISTS, target: '' },
      ],
      timingAssertions: [
        { phase: TimingPhase.TTFB, target: 300n, severity: AssertionSeverity.DEGRADED },
        // Severity left out: error.
        { phase: TimingPhase.TOTAL, target: 2000n, severity: AssertionSeverity.ERROR },
      ],
      tlsVerify: false,
      certificateExpiry: { days: [30, 7] },
    });
    const id = monitor!.id;
    // No mask: fields left out stay; the expiry message present with no days turns the alerts off.
    const off = await sut.updateHTTPMonitor({ id, monitor: { certificateExpiry: { days: [] } } });
    expect(off.monitor).toMatchObject({ tlsVerify: false, certificateExpiry: { days: [] } });
    expect(off.monitor?.jsonAssertions).toHaveLength(3);
    // A mask naming fields the message leaves out puts them back to their defaults.
    const reset = await sut.updateHTTPMonitor({
      id,
      monitor: {},
      updateMask: mask('json_assertions', 'tls_verify', 'certificate_expiry'),
    });
    expect(reset.monitor).toMatchObject({
      jsonAssertions: [],
      tlsVerify: true,
      certificateExpiry: { days: [14, 7, 1] },
    });

    // A message of an old client, without the new fields: the defaults.
    const old = await sut.createHTTPMonitor({
      monitor: { name: 'old client', url: 'https://example.com/', periodicity: Periodicity.PERIODICITY_5M },
    });
    expect(old.monitor).toMatchObject({ tlsVerify: true, certificateExpiry: { days: [14, 7, 1] }, jsonAssertions: [] });
  });

  it('refuses a bad pattern, JSONPath or timing comparator with invalid_argument naming the assertion', async () => {
    const base = { name: 'bad', url: 'https://example.com/', periodicity: Periodicity.PERIODICITY_5M };
    const cases: Array<[object, RegExp]> = [
      [
        { headerAssertions: [{ key: 'server', target: '(a)\\1', comparator: StringComparator.MATCHES }] },
        /^headerAssertions\.0\.target: not a valid RE2 regular expression/,
      ],
      [
        { jsonAssertions: [{ path: 'status', comparator: JSONComparator.JSON_COMPARATOR_EXISTS }] },
        /^jsonAssertions\.0\.path: not a valid RFC 9535 JSONPath/,
      ],
      [
        { timingAssertions: [{ phase: TimingPhase.DNS, comparator: NumberComparator.GREATER_THAN, target: 5n }] },
        /^timingAssertions\.0\.comparator: must be one of lt, lte/,
      ],
      [{ certificateExpiry: { days: [400] } }, /^certificateExpiryDays\.0: must be between 1 and 365$/],
    ];
    for (const [extra, message] of cases) {
      const error = await rpcError(sut.createHTTPMonitor({ monitor: { ...base, ...extra } }));
      expect(error.code).toBe(Code.InvalidArgument);
      expect(error.rawMessage).toMatch(message);
    }
  });

  it('creates, updates and reads a TLS monitor', async () => {
    const { monitor } = await sut.createTLSMonitor({
      monitor: {
        name: 'mail',
        uri: 'mail.example.com:587',
        periodicity: Periodicity.PERIODICITY_10M,
        starttls: StartTLS.START_TLS_SMTP,
      },
    });
    expect(monitor).toMatchObject({
      uri: 'mail.example.com:587',
      servername: '',
      starttls: StartTLS.START_TLS_SMTP,
      tlsVerify: true,
      certificateExpiry: { days: [14, 7, 1] },
    });
    const id = monitor!.id;
    const updated = await sut.updateTLSMonitor({ id, monitor: { servername: 'smtp.example.com' } });
    expect(updated.monitor).toMatchObject({ servername: 'smtp.example.com', starttls: StartTLS.START_TLS_SMTP });
    const masked = await sut.updateTLSMonitor({ id, monitor: {}, updateMask: mask('starttls') });
    expect(masked.monitor).toMatchObject({ servername: 'smtp.example.com', starttls: StartTLS.START_TLS_NONE });
    const got = await sut.getMonitor({ id });
    expect(got.monitor?.config).toMatchObject({ case: 'tls', value: { servername: 'smtp.example.com' } });
    const list = await sut.listMonitors({});
    expect(list.tlsMonitors.map((m) => m.id)).toContain(id);
    const wrongKind = await rpcError(sut.updateTCPMonitor({ id, monitor: { name: 'x' } }));
    expect(wrongKind.code).toBe(Code.NotFound);
  });

  it('answers a heartbeat monitor’s ping URL on create and rotation only; lists its pings', async () => {
    const { monitor } = await sut.createHeartbeatMonitor({
      monitor: {
        name: 'nightly',
        active: true,
        schedule: HeartbeatSchedule.CRON,
        cron: '0 3 * * *',
        timeZone: 'Europe/Berlin',
        graceSeconds: 1800n,
      },
    });
    expect(monitor).toMatchObject({
      schedule: HeartbeatSchedule.CRON,
      cron: '0 3 * * *',
      timeZone: 'Europe/Berlin',
      graceSeconds: 1800n,
      periodSeconds: 86400n,
    });
    // BASE_URL (unset here: http://localhost:3000) and the path; the test's server listens elsewhere.
    expect(monitor!.pingUrl).toMatch(/^http:\/\/localhost:3000\/ping\/[A-Za-z0-9_-]{32}$/);
    const pingUrl = `${t.baseUrl}${new URL(monitor!.pingUrl).pathname}`;
    const id = monitor!.id;
    const got = await sut.getMonitor({ id });
    expect(got.monitor?.config).toMatchObject({ case: 'heartbeat', value: { pingUrl: '', cron: '0 3 * * *' } });
    expect((await sut.listMonitors({})).heartbeatMonitors.map((m) => m.pingUrl)).toEqual(['']);

    expect((await fetch(`${pingUrl}/start`, { method: 'POST', body: 'begin' })).status).toBe(200);
    expect((await fetch(pingUrl, { method: 'POST', body: 'done' })).status).toBe(200);
    // Answered once stored; the duration is the materializer's, right after.
    const { pings } = await eventually(
      () => sut.listHeartbeatPings({ id }),
      (answer) => answer.pings[0]?.duration !== undefined,
    );
    expect(pings.map((p) => [p.kind, p.body])).toEqual([
      [HeartbeatPingKind.SUCCESS, 'done'],
      [HeartbeatPingKind.START, 'begin'],
    ]);
    expect(pings[0].duration).toBeGreaterThanOrEqual(0n);

    const rotated = await sut.rotateHeartbeatPingToken({ id });
    expect(rotated.monitor?.pingUrl).toMatch(/\/ping\/[A-Za-z0-9_-]{32}$/);
    expect(rotated.monitor?.pingUrl).not.toBe(pingUrl);
    expect((await fetch(pingUrl)).status).toBe(404);
    expect((await fetch(`${t.baseUrl}${new URL(rotated.monitor!.pingUrl).pathname}`)).status).toBe(200);

    // The partial update keeps what it does not name; ping_token is create-only, ping_url output only.
    const updated = await sut.updateHeartbeatMonitor({ id, monitor: { graceSeconds: 600n } });
    expect(updated.monitor).toMatchObject({ cron: '0 3 * * *', graceSeconds: 600n, pingUrl: '' });
    const token = await rpcError(sut.updateHeartbeatMonitor({ id, monitor: { pingToken: 'x'.repeat(20) } }));
    expect(token.code).toBe(Code.InvalidArgument);
    const output = await rpcError(sut.updateHeartbeatMonitor({ id, monitor: {}, updateMask: mask('ping_url') }));
    expect(output.rawMessage).toBe('updateMask: ping_url is output only');

    // A read key rotates nothing; another workspace's id is not found.
    const read = await rpcError(clientFor(tenant.readKey).rotateHeartbeatPingToken({ id }));
    expect(read.code).toBe(Code.PermissionDenied);
    const other = await newTenant(t);
    const foreign = await rpcError(clientFor(other.writeKey).listHeartbeatPings({ id }));
    expect(foreign.code).toBe(Code.NotFound);
  });

  it('keeps a Healthchecks.io UUID brought on create', async () => {
    const uuid = crypto.randomUUID();
    const { monitor } = await sut.createHeartbeatMonitor({
      monitor: { name: 'moved', periodSeconds: 300n, pingToken: uuid },
    });
    expect(monitor?.pingUrl).toBe(`http://localhost:3000/ping/${uuid}`);
    const again = await rpcError(sut.createHeartbeatMonitor({ monitor: { name: 'again', pingToken: uuid } }));
    expect(again.code).toBe(Code.AlreadyExists);
  });
});

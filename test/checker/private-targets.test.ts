// The private-address rule in every probe kind and in the OpenTelemetry export, against real servers
// on loopback: without the grant (a shared region under production settings) every spelling of a
// loopback address, and a name that resolves to one, is refused before any connection, with a message
// that names private locations and ALLOW_PRIVATE_TARGETS and not the address a name resolved to; with
// the grant (a private location, or ALLOW_PRIVATE_TARGETS=true) the same targets are checked. Only
// loopback targets are probed here: other private ranges are refused by the same function, tested
// without any connection in network-addresses.spec.ts and monitor-targets.spec.ts.
import { execFileSync } from 'node:child_process';
import type { CheckOutcome } from '../../backend/src/checks/check-types';
import { exportCheck } from '../../backend/src/checker/otel-export';
import { emptyResult, type ProbeContext } from '../../backend/src/checker/probe';
import { type ProbeResult } from '../../backend/src/checks/check-types';
import { GrpcProbe } from '../../backend/src/checker/probes/grpc.probe';
import { HttpProbe } from '../../backend/src/checker/probes/http.probe';
import { IcmpProbe } from '../../backend/src/checker/probes/icmp.probe';
import { TcpProbe } from '../../backend/src/checker/probes/tcp.probe';
import { monitorView } from '../support/loopback';
import { startReceiver, type Receiver } from '../support/receivers';

const ctx = (privateTargets: boolean): ProbeContext => ({ signal: AbortSignal.timeout(5000), privateTargets });

/** 127.0.0.1 and ::1 as users can write them, and names that resolve to loopback. */
const HOSTS = [
  '127.0.0.1',
  '127.0.0.2',
  '2130706433',
  '0x7f000001',
  '0x7f.0.0.1',
  '0177.0.0.1',
  '127.1',
  '0.0.0.0',
  '0',
  'localhost',
];
const V6_HOSTS = ['::1', '::', '::ffff:127.0.0.1', '::ffff:7f00:1'];
const bracket = (host: string) => (host.includes(':') ? `[${host}]` : host);

function expectRefused(result: ProbeResult, host: string): void {
  expect(result.status).toBe('error');
  expect(result.error?.kind).toBe('refused');
  expect(result.error?.message).toMatch(/private, loopback or reserved address/);
  expect(result.error?.message).toContain('private location');
  expect(result.error?.message).toContain('ALLOW_PRIVATE_TARGETS=true');
  // A name's resolved address is not shown: that would map the service's network.
  if (host === 'localhost') expect(result.error?.message).not.toMatch(/127\.0\.0\.1|::1/);
}

describe('private targets', () => {
  let target: Receiver;

  beforeAll(async () => {
    target = await startReceiver();
  });

  beforeEach(() => target.clear());

  afterAll(() => target.close());

  describe(HttpProbe.name, () => {
    const sut = new HttpProbe();

    it.each([...HOSTS, ...V6_HOSTS])('refuses http://%s without connecting', async (host) => {
      const result = await sut.run(
        monitorView({ kind: 'http', url: `http://${bracket(host)}:${target.port}/secret` }),
        ctx(false),
      );
      expectRefused(result, host);
      expect(result.statusCode).toBeNull();
      expect(target.connections).toBe(0);
    });

    it('checks the same target with the grant', async () => {
      const result = await sut.run(monitorView({ kind: 'http', url: `http://localhost:${target.port}/` }), ctx(true));
      expect(result.error).toBeNull();
      expect(result.statusCode).toBe(200);
      expect(target.requests).toHaveLength(1);
    });
  });

  describe(TcpProbe.name, () => {
    const sut = new TcpProbe();

    it.each([...HOSTS, ...V6_HOSTS])('refuses %s without connecting', async (host) => {
      const result = await sut.run(monitorView({ kind: 'tcp', uri: `${bracket(host)}:${target.port}` }), ctx(false));
      expectRefused(result, host);
      expect(target.connections).toBe(0);
    });

    it('checks the same target with the grant', async () => {
      const result = await sut.run(monitorView({ kind: 'tcp', uri: `2130706433:${target.port}` }), ctx(true));
      expect(result.status).toBe('success');
      expect(target.connections).toBe(1);
    });
  });

  describe(GrpcProbe.name, () => {
    const sut = new GrpcProbe();
    const grpc = { service: '', tls: false, metadata: [], expectedStatus: 'SERVING' as const };

    it.each([...HOSTS, ...V6_HOSTS])('refuses %s without connecting', async (host) => {
      const result = await sut.run(
        monitorView({ kind: 'grpc', uri: `${bracket(host)}:${target.port}`, grpc }),
        ctx(false),
      );
      expectRefused(result, host);
      expect(target.connections).toBe(0);
    });

    it('dials the same target with the grant (an HTTP/1.1 server: it connects, then fails the protocol)', async () => {
      const result = await sut.run(monitorView({ kind: 'grpc', uri: `localhost:${target.port}`, grpc }), ctx(true));
      expect(result.error?.kind).not.toBe('refused');
      expect(target.connections).toBeGreaterThan(0);
    });
  });

  describe(IcmpProbe.name, () => {
    let hasPing = true;
    try {
      execFileSync('sh', ['-c', 'command -v ping'], { stdio: 'ignore' });
    } catch {
      hasPing = false;
    }

    it.each([...HOSTS, ...V6_HOSTS])('refuses %s without running ping', async (host) => {
      // A ping program that does not exist: a refusal must come before ping is started.
      const result = await new IcmpProbe('/nonexistent/ping').run(monitorView({ kind: 'icmp', uri: host }), ctx(false));
      expectRefused(result, host);
    });

    it('pings the address it checked with the grant', async () => {
      if (!hasPing)
        throw new Error('ICMP checks need the ping program (apt-get install iputils-ping); .ci/run installs it');
      const result = await new IcmpProbe().run(monitorView({ kind: 'icmp', uri: '2130706433' }), ctx(true));
      expect(result.error).toBeNull();
      expect(result.status).not.toBe('error');
    });
  });

  describe('OpenTelemetry export', () => {
    const outcome: CheckOutcome = { ...emptyResult(), status: 'success', latencyMs: 12, attempts: 1 };

    it.each(['127.0.0.1', '2130706433', '0x7f000001', '[::ffff:127.0.0.1]', '[::1]', '0.0.0.0', 'localhost'])(
      'refuses an endpoint on %s without connecting',
      async (host) => {
        const errors: unknown[] = [];
        const monitor = monitorView({
          kind: 'http',
          url: 'https://example.com/',
          openTelemetry: { endpoint: `http://${host}:${target.port}/v1/metrics`, headers: [] },
        });
        await exportCheck(monitor, 'fly-ams', outcome, new Date(), {
          privateTargets: false,
          onError: (e) => errors.push(e),
        });
        expect(errors).toHaveLength(1);
        expect(String(errors[0])).toMatch(/refused: .*private, loopback or reserved address/);
        expect(String(errors[0])).toContain('private location');
        expect(String(errors[0])).toContain('ALLOW_PRIVATE_TARGETS=true');
        if (host === 'localhost') expect(String(errors[0])).not.toMatch(/127\.0\.0\.1|::1/);
        expect(target.connections).toBe(0);
      },
    );

    it('exports to the same endpoint with the grant', async () => {
      const errors: unknown[] = [];
      const monitor = monitorView({
        kind: 'http',
        url: 'https://example.com/',
        openTelemetry: {
          endpoint: `http://localhost:${target.port}/v1/metrics`,
          headers: [{ key: 'x-team', value: 'a' }],
        },
      });
      await exportCheck(monitor, 'fly-ams', outcome, new Date(), {
        privateTargets: true,
        onError: (e) => errors.push(e),
      });
      expect(errors).toEqual([]);
      expect(target.requests).toHaveLength(1);
      expect(target.requests[0].headers['x-team']).toBe('a');
      expect(JSON.parse(target.requests[0].body)).toHaveProperty('resourceMetrics');
    });
  });
});

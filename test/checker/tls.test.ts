// TLS certificates as checks record them, against loopback servers with certificates made here: the
// HTTP probe (HTTPS), the `tls` probe (plain TLS and SMTP STARTTLS) and the gRPC probe over TLS, with
// tls_verify on and off.
import { createServer as createNetServer, type AddressInfo, type Server as NetServer } from 'node:net';
import { createSecureContext, createServer as createTlsServer, type Server as TlsServer } from 'node:tls';
import { Server as GrpcServer, ServerCredentials, type sendUnaryData, type ServerUnaryCall } from '@grpc/grpc-js';
import type { CertificateInfo } from '../../backend/src/checks/check-config';
import type { ProbeContext } from '../../backend/src/checker/probe';
import { createProbeRegistry } from '../../backend/src/checker/probe-registry';
import {
  decodeHealthRequest,
  decodeHealthResponse,
  encodeHealthRequest,
  encodeHealthResponse,
  GrpcProbe,
  HEALTH_CHECK_PATH,
  type HealthCheckRequest,
  type ServingStatus,
} from '../../backend/src/checker/probes/grpc.probe';
import { HttpProbe } from '../../backend/src/checker/probes/http.probe';
import { TlsProbe } from '../../backend/src/checker/probes/tls.probe';
import type { MonitorView } from '../../backend/src/monitors/monitor.view';
import { makeTestCertificates, TEST_CA_SUBJECT, type TestCertificate } from '../support/certificates';
import { monitorView, startHttpsTarget, type LoopbackServer } from '../support/loopback';
import { startSmtp, type TestSmtp } from '../support/smtp';

const certificates = makeTestCertificates();
const { ca, valid, expiring, selfSigned } = certificates;
type Name = 'valid' | 'expiring' | 'expired' | 'wrongHost' | 'selfSigned';
const NAMES: Name[] = ['valid', 'expiring', 'expired', 'wrongHost', 'selfSigned'];

const ctx = (extra: Partial<ProbeContext> = {}, ms = 5000): ProbeContext => ({
  signal: AbortSignal.timeout(ms),
  // Loopback targets: a private location's grant.
  privateTargets: true,
  ...extra,
});
const trusted = (extra: Partial<ProbeContext> = {}, ms = 5000) => ctx({ ca: [ca.cert], ...extra }, ms);

/** What details.certificate must say of a test certificate (the verdict aside). */
function facts(certificate: TestCertificate, daysLeft: number): Partial<CertificateInfo> {
  return {
    subject: certificate.subject,
    sans: certificate.sans,
    issuer: certificate === selfSigned ? selfSigned.subject : TEST_CA_SUBJECT,
    serial: certificate.serial,
    notBefore: certificate.notBefore.toISOString(),
    notAfter: certificate.notAfter.toISOString(),
    daysLeft,
  };
}

/** Whole days left, verified with the test CA, and the verification error otherwise. */
const EXPECTED: Record<Name, { daysLeft: number; error: string | null }> = {
  valid: { daysLeft: 30, error: null },
  expiring: { daysLeft: 3, error: null },
  expired: { daysLeft: -2, error: 'CERT_HAS_EXPIRED: certificate has expired' },
  wrongHost: {
    daysLeft: 30,
    error: 'ERR_TLS_CERT_ALTNAME_INVALID: the certificate is not valid for 127.0.0.1 (DNS:other.example)',
  },
  selfSigned: { daysLeft: 29, error: 'DEPTH_ZERO_SELF_SIGNED_CERT: self-signed certificate' },
};

function listen<T extends NetServer>(server: T): Promise<number> {
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)));
}

/** A TLS server that shakes hands and closes; it notes the SNI name of each client that sent one. */
interface TlsTarget {
  port: number;
  server: TlsServer;
  servernames: string[];
}

async function startTlsTarget(certificate: TestCertificate, sniDelayMs = 0): Promise<TlsTarget> {
  const servernames: string[] = [];
  const context = createSecureContext({ key: certificate.key, cert: certificate.cert });
  const server = createTlsServer(
    {
      key: certificate.key,
      cert: certificate.cert,
      // Runs only when the client sends SNI: a slow handshake on demand.
      SNICallback: (name, done) => {
        servernames.push(name);
        setTimeout(() => done(null, context), sniDelayMs);
      },
    },
    (socket) => socket.end(),
  );
  server.on('tlsClientError', () => undefined);
  return { port: await listen(server), server, servernames };
}

describe('TLS certificates', () => {
  const https = {} as Record<Name, LoopbackServer>;
  const tls = {} as Record<Name, TlsTarget>;

  beforeAll(async () => {
    for (const name of NAMES) {
      https[name] = await startHttpsTarget(certificates[name]);
      tls[name] = await startTlsTarget(certificates[name]);
    }
  });

  afterAll(async () => {
    for (const name of NAMES) {
      await https[name].close();
      await new Promise((resolve) => tls[name].server.close(resolve));
    }
  });

  const httpsMonitor = (name: Name, overrides: Partial<MonitorView> = {}) =>
    monitorView({ kind: 'http', url: `${https[name].url}/`, ...overrides });
  const tlsMonitor = (port: number, overrides: Partial<MonitorView> = {}) =>
    monitorView({
      kind: 'tls',
      url: null,
      uri: `127.0.0.1:${port}`,
      tls: { servername: '', starttls: 'none' },
      ...overrides,
    });

  describe(HttpProbe.name, () => {
    const sut = new HttpProbe();

    it.each(NAMES)('records the %s certificate, and tls_verify decides whether it fails the check', async (name) => {
      const { daysLeft, error } = EXPECTED[name];
      const verified = await sut.run(httpsMonitor(name), trusted());
      expect(verified.details.certificate).toEqual({
        ...facts(certificates[name], daysLeft),
        verified: error === null,
        verificationError: error,
      });
      expect(verified.details.certificateValidTo).toBe(certificates[name].notAfter.toISOString());
      if (error === null) {
        expect(verified).toMatchObject({ status: 'success', error: null, statusCode: 200 });
      } else {
        expect(verified).toMatchObject({ status: 'error', statusCode: null, error: { kind: 'tls' } });
        expect(verified.error?.message).toBe(`TLS certificate not verified: ${error}`);
      }

      const accepted = await sut.run(httpsMonitor(name, { tlsVerify: false }), trusted());
      expect(accepted).toMatchObject({ status: 'success', error: null, statusCode: 200 });
      expect(accepted.details.certificate).toEqual(verified.details.certificate);
    });

    it('does not trust the test CA unless told to', async () => {
      const result = await sut.run(httpsMonitor('valid'), ctx());
      expect(result).toMatchObject({
        status: 'error',
        error: { kind: 'tls' },
        details: { certificate: { subject: valid.subject, verified: false } },
      });
      expect((result.details.certificate as CertificateInfo).verificationError).toMatch(/^UNABLE_TO_\w+: /);
    });

    it('records the certificate of the last hop of a redirect', async () => {
      const result = await sut.run(httpsMonitor('expiring', { url: `${https.expiring.url}/redirect/2` }), trusted());
      expect(result).toMatchObject({ status: 'success', details: { redirects: 2, certificate: { daysLeft: 3 } } });
    });
  });

  describe(TlsProbe.name, () => {
    const sut = new TlsProbe();

    it.each(NAMES)('records the %s certificate, and tls_verify decides whether it fails the check', async (name) => {
      const { daysLeft, error } = EXPECTED[name];
      const verified = await sut.run(tlsMonitor(tls[name].port), trusted());
      expect(verified.details.certificate).toEqual({
        ...facts(certificates[name], daysLeft),
        verified: error === null,
        verificationError: error,
      });
      expect(Object.keys(verified.timings ?? {})).toEqual(['dns', 'connect', 'tls']);
      if (error === null) {
        expect(verified).toMatchObject({ status: 'success', error: null });
      } else {
        expect(verified).toMatchObject({
          status: 'error',
          error: { kind: 'tls', message: `TLS certificate not verified: ${error}` },
        });
      }

      const accepted = await sut.run(tlsMonitor(tls[name].port, { tlsVerify: false }), trusted());
      expect(accepted).toMatchObject({ status: 'success', error: null });
      expect(accepted.details.certificate).toEqual(verified.details.certificate);
    });

    it('sends the configured server name (none for an address) and checks the certificate against it', async () => {
      const target = tls.valid;
      target.servernames.length = 0;
      const named = await sut.run(
        tlsMonitor(target.port, { tls: { servername: 'valid.test', starttls: 'none' } }),
        trusted(),
      );
      expect(named).toMatchObject({ status: 'success', details: { certificate: { verified: true } } });
      const other = await sut.run(
        tlsMonitor(target.port, { tls: { servername: 'elsewhere.test', starttls: 'none' } }),
        trusted(),
      );
      expect(other).toMatchObject({
        status: 'error',
        error: { kind: 'tls' },
        details: { certificate: { verified: false } },
      });
      expect(other.error?.message).toContain(
        'ERR_TLS_CERT_ALTNAME_INVALID: the certificate is not valid for elsewhere.test',
      );
      await sut.run(tlsMonitor(target.port), trusted());
      // None for the address.
      expect(target.servernames).toEqual(['valid.test', 'elsewhere.test']);
    });

    it('is degraded when the handshake is slower than degradedAt', async () => {
      const slow = await startTlsTarget(valid, 80);
      try {
        const result = await sut.run(
          tlsMonitor(slow.port, { degradedAt: 40, tls: { servername: 'valid.test', starttls: 'none' } }),
          trusted(),
        );
        expect(result).toMatchObject({ status: 'degraded', error: null });
        expect(result.timings?.tls).toBeGreaterThanOrEqual(80);
        expect(result.latencyMs).toBeGreaterThanOrEqual(result.timings!.tls!);
      } finally {
        await new Promise((resolve) => slow.server.close(resolve));
      }
    });

    it('reports a refused connection, a server that is not TLS, a silent one, and a refused private target', async () => {
      const closed = createNetServer();
      const closedPort = await listen(closed);
      await new Promise((resolve) => closed.close(resolve));
      expect(await sut.run(tlsMonitor(closedPort), trusted())).toMatchObject({
        status: 'error',
        error: { kind: 'connect', message: `connection to 127.0.0.1:${closedPort} failed: ECONNREFUSED` },
      });

      const plain = createNetServer((socket) => socket.end('hello, not TLS\r\n'));
      const silent = createNetServer(() => undefined);
      const [plainPort, silentPort] = [await listen(plain), await listen(silent)];
      try {
        const notTls = await sut.run(tlsMonitor(plainPort), trusted());
        expect(notTls).toMatchObject({ status: 'error', error: { kind: 'tls' } });
        expect(notTls.error?.message).toMatch(/^TLS handshake failed: /);
        const started = Date.now();
        const quiet = await sut.run(tlsMonitor(silentPort), trusted({}, 300));
        expect(quiet).toMatchObject({ status: 'error', error: { kind: 'timeout' } });
        expect(Date.now() - started).toBeLessThan(2000);
      } finally {
        silent.close();
        plain.close();
      }

      expect(await sut.run(tlsMonitor(tls.valid.port), trusted({ privateTargets: false }))).toMatchObject({
        status: 'error',
        error: { kind: 'refused' },
      });
    });

    describe('SMTP STARTTLS', () => {
      let smtp: TestSmtp;
      let plainSmtp: TestSmtp;
      beforeAll(async () => {
        smtp = await startSmtp({ tls: { key: expiring.key, cert: expiring.cert } });
        plainSmtp = await startSmtp();
      });
      afterAll(async () => {
        await smtp.close();
        await plainSmtp.close();
      });
      const starttls = { tls: { servername: '', starttls: 'smtp' } } as Partial<MonitorView>;

      it('upgrades after EHLO and records the certificate', async () => {
        const result = await sut.run(tlsMonitor(smtp.port, starttls), trusted());
        expect(result).toMatchObject({ status: 'success', error: null });
        expect(result.details.certificate).toEqual({
          ...facts(expiring, 3),
          verified: true,
          verificationError: null,
        });
        const untrusted = await sut.run(tlsMonitor(smtp.port, starttls), ctx());
        expect(untrusted).toMatchObject({
          status: 'error',
          error: { kind: 'tls' },
          details: { certificate: { daysLeft: 3 } },
        });
      });

      it('fails as a protocol error when the server offers no STARTTLS, and as TLS without the upgrade', async () => {
        expect(await sut.run(tlsMonitor(plainSmtp.port, starttls), trusted())).toMatchObject({
          status: 'error',
          error: { kind: 'protocol', message: 'SMTP: the server does not offer STARTTLS' },
        });
        expect(await sut.run(tlsMonitor(smtp.port), trusted())).toMatchObject({
          status: 'error',
          error: { kind: 'tls' },
        });
      });
    });
  });

  describe(GrpcProbe.name, () => {
    const sut = new GrpcProbe();
    const servers: GrpcServer[] = [];

    async function startGrpc(certificate: TestCertificate): Promise<number> {
      const server = new GrpcServer();
      server.addService(
        {
          Check: {
            path: HEALTH_CHECK_PATH,
            requestStream: false,
            responseStream: false,
            requestSerialize: encodeHealthRequest,
            requestDeserialize: decodeHealthRequest,
            responseSerialize: encodeHealthResponse,
            responseDeserialize: decodeHealthResponse,
          },
        },
        {
          Check: (_call: ServerUnaryCall<HealthCheckRequest, ServingStatus>, callback: sendUnaryData<ServingStatus>) =>
            callback(null, 'SERVING'),
        },
      );
      servers.push(server);
      const credentials = ServerCredentials.createSsl(null, [
        { private_key: Buffer.from(certificate.key), cert_chain: Buffer.from(certificate.cert) },
      ]);
      return new Promise((resolve, reject) =>
        server.bindAsync('127.0.0.1:0', credentials, (error, port) => (error ? reject(error) : resolve(port))),
      );
    }

    afterAll(() => servers.forEach((server) => server.forceShutdown()));

    const grpcMonitor = (port: number, overrides: Partial<MonitorView> = {}) =>
      monitorView({
        kind: 'grpc',
        uri: `127.0.0.1:${port}`,
        grpc: { service: '', tls: true, metadata: [], expectedStatus: 'SERVING' },
        ...overrides,
      });

    it('records the certificate of the handshake', async () => {
      const port = await startGrpc(expiring);
      const result = await sut.run(grpcMonitor(port), trusted());
      expect(result).toMatchObject({ status: 'success', error: null, details: { servingStatus: 'SERVING' } });
      expect(result.details.certificate).toEqual({ ...facts(expiring, 3), verified: true, verificationError: null });
    });

    it('refuses a certificate that does not verify unless tls_verify is off, recording it either way', async () => {
      const port = await startGrpc(selfSigned);
      const refused = await sut.run(grpcMonitor(port), trusted());
      expect(refused).toMatchObject({
        status: 'error',
        error: {
          kind: 'tls',
          message: 'TLS certificate not verified: DEPTH_ZERO_SELF_SIGNED_CERT: self-signed certificate',
        },
      });
      const certificate = {
        ...facts(selfSigned, 29),
        verified: false,
        verificationError: 'DEPTH_ZERO_SELF_SIGNED_CERT: self-signed certificate',
      };
      expect(refused.details.certificate).toEqual(certificate);
      const accepted = await sut.run(grpcMonitor(port, { tlsVerify: false }), trusted());
      expect(accepted).toMatchObject({ status: 'success', error: null, details: { servingStatus: 'SERVING' } });
      expect(accepted.details.certificate).toEqual(certificate);
    });
  });

  describe(createProbeRegistry.name, () => {
    const registry = createProbeRegistry();

    it('runs tls monitors with the tls probe, and answers heartbeat monitors as unsupported', async () => {
      expect(await registry.tls.run(tlsMonitor(tls.expiring.port), trusted())).toMatchObject({
        status: 'success',
        details: { certificate: { subject: expiring.subject, daysLeft: 3 } },
      });
      const heartbeat = await registry.heartbeat.run(monitorView({ kind: 'heartbeat' }), ctx());
      expect(heartbeat).toMatchObject({ status: 'error', error: { kind: 'unsupported' } });
      expect(heartbeat.error?.message).toContain('heartbeat monitors are not probed');
    });
  });
});

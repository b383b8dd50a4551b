import { HttpProbe } from '../../backend/src/checker/probes/http.probe';
import type { ProbeContext } from '../../backend/src/checker/probe';
import {
  monitorView,
  selfSignedCertificate,
  startHttpsTarget,
  startHttpTarget,
  type LoopbackServer,
  type SelfSigned,
} from '../support/loopback';

describe(HttpProbe.name, () => {
  const sut = new HttpProbe();
  let http: LoopbackServer;
  let https: LoopbackServer;
  let certificate: SelfSigned;
  const ctx = (ms = 5000, extra: Partial<ProbeContext> = {}): ProbeContext => ({
    signal: AbortSignal.timeout(ms),
    // These probes run against loopback servers: a private location's grant.
    privateTargets: true,
    ...extra,
  });

  beforeAll(async () => {
    certificate = selfSignedCertificate();
    http = await startHttpTarget();
    https = await startHttpsTarget(certificate);
  });

  afterAll(async () => {
    await http.close();
    await https.close();
  });

  it('succeeds on 2xx with measured phases and the body for assertions', async () => {
    const result = await sut.run(
      monitorView({ url: `${http.url}/`, bodyAssertions: [{ comparator: 'contains', target: 'world' }] }),
      ctx(),
    );
    expect(result).toMatchObject({ status: 'success', statusCode: 200, error: null, url: `${http.url}/` });
    const timings = result.timings!;
    expect(Object.keys(timings)).toEqual(['dns', 'connect', 'tls', 'ttfb', 'transfer']);
    expect(timings.tls).toBe(0);
    for (const phase of Object.values(timings)) expect(Number.isInteger(phase) && phase >= 0).toBe(true);
    expect(result.latencyMs).toBeGreaterThanOrEqual(timings.connect! + timings.ttfb!);
    expect(result.assertions.map((a) => [a.type, a.passed])).toEqual([
      ['status_code', true],
      ['body', true],
    ]);
  });

  it('fails on a non-2xx status without assertions, and passes with a matching one', async () => {
    const failed = await sut.run(monitorView({ url: `${http.url}/status/503` }), ctx());
    expect(failed).toMatchObject({ status: 'error', statusCode: 503, error: { kind: 'assertion' } });
    expect(failed.error?.message).toContain('got 503');
    const expected = await sut.run(
      monitorView({ url: `${http.url}/status/503`, statusCodeAssertions: [{ comparator: 'eq', target: 503 }] }),
      ctx(),
    );
    expect(expected.status).toBe('success');
  });

  it('is degraded above degradedAt and times out at the budget', async () => {
    const slow = await sut.run(monitorView({ url: `${http.url}/delay/150`, degradedAt: 50 }), ctx());
    expect(slow.status).toBe('degraded');
    expect(slow.latencyMs).toBeGreaterThanOrEqual(150);
    const late = await sut.run(monitorView({ url: `${http.url}/delay/2000` }), ctx(200));
    expect(late).toMatchObject({ status: 'error', error: { kind: 'timeout' } });
    expect(late.latencyMs).toBeLessThan(1500);
  });

  it('sends the method, body and headers', async () => {
    const result = await sut.run(
      monitorView({
        url: `${http.url}/echo`,
        method: 'POST',
        body: '{"ping":1}',
        headers: [{ key: 'x-check', value: 'yes' }],
        bodyAssertions: [{ comparator: 'eq', target: '{"method":"POST","body":"{\\"ping\\":1}","header":"yes"}' }],
      }),
      ctx(),
    );
    expect(result.assertions.map((a) => a.passed)).toEqual([true, true]);
  });

  it('follows redirects up to 10 and stops when told not to', async () => {
    const followed = await sut.run(monitorView({ url: `${http.url}/redirect/3` }), ctx());
    expect(followed).toMatchObject({ status: 'success', url: `${http.url}/redirect/0`, details: { redirects: 3 } });
    const tooMany = await sut.run(monitorView({ url: `${http.url}/redirect/11` }), ctx());
    expect(tooMany).toMatchObject({ status: 'error', error: { kind: 'http', message: 'more than 10 redirects' } });
    const kept = await sut.run(
      monitorView({
        url: `${http.url}/redirect/3`,
        followRedirects: false,
        statusCodeAssertions: [{ comparator: 'eq', target: 302 }],
      }),
      ctx(),
    );
    expect(kept).toMatchObject({ status: 'success', statusCode: 302 });
  });

  it('redacts credentials in recorded headers and assertion values, but asserts on the real ones', async () => {
    const result = await sut.run(
      monitorView({
        url: `${http.url}/headers`,
        headerAssertions: [
          { key: 'Set-Cookie', comparator: 'contains', target: 'session=abc' },
          { key: 'x-version', comparator: 'gte', target: '40' },
        ],
      }),
      ctx(),
    );
    expect(result.status).toBe('success');
    expect(result.headers).toMatchObject({
      'set-cookie': '[redacted]',
      'x-api-token': '[redacted]',
      'x-version': '42',
    });
    expect(JSON.stringify(result)).not.toContain('abc123');
    expect(JSON.stringify(result)).not.toContain('tok_secret_value');
    expect(result.assertions[1]).toMatchObject({ key: 'Set-Cookie', passed: true, actual: '[redacted]' });
  });

  it('keeps a capped body but reads the whole response', async () => {
    const result = await sut.run(
      monitorView({ url: `${http.url}/big`, bodyAssertions: [{ comparator: 'not_contains', target: 'tail-marker' }] }),
      ctx(),
    );
    expect(result.status).toBe('success');
  });

  it('refuses an untrusted certificate as a TLS error', async () => {
    const result = await sut.run(monitorView({ url: `${https.url}/` }), ctx());
    expect(result).toMatchObject({ status: 'error', error: { kind: 'tls' } });
  });

  it('checks HTTPS with a trusted CA, measuring the handshake and the certificate expiry', async () => {
    const result = await sut.run(monitorView({ url: `${https.url}/` }), ctx(5000, { ca: [certificate.cert] }));
    expect(result).toMatchObject({ status: 'success', statusCode: 200 });
    expect(result.timings?.tls).toBeGreaterThan(0);
    const validTo = new Date(result.details.certificateValidTo as string).getTime();
    expect(validTo).toBeGreaterThan(Date.now() + 28 * 86_400_000);
  });

  it('reports a refused connection', async () => {
    const closed = await startHttpTarget();
    await closed.close();
    expect((await sut.run(monitorView({ url: `${closed.url}/` }), ctx())).error?.kind).toBe('connect');
  });
});

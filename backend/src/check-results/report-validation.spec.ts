import { REPORT_BOUNDS, storableText, validateResults } from './report-validation';

describe(validateResults.name, () => {
  const now = new Date('2026-03-01T12:00:00.000Z');
  const at = (ms: number) => new Date(now.getTime() + ms);
  const result = (cronTimestamp: unknown, extra: Record<string, unknown> = {}) => ({
    run: { monitorId: '7', location: 'fly-ams', trigger: 'cron', triggerId: null, cronTimestamp, periodMs: 60_000 },
    outcome: { status: 'success', latencyMs: 3 },
    startedAt: now.toISOString(),
    ...extra,
  });

  it('accepts dates at both ends of the window, as Date objects or ISO strings', () => {
    const { valid, errors } = validateResults(
      [result(at(REPORT_BOUNDS.futureSkewMs)), result(at(-REPORT_BOUNDS.pastMs).toISOString())],
      now,
    );
    expect(errors).toEqual([]);
    expect(valid.map((v) => v.result.run.cronTimestamp)).toEqual([
      at(REPORT_BOUNDS.futureSkewMs),
      at(-REPORT_BOUNDS.pastMs),
    ]);
  });

  it('refuses dates just outside it, by index', () => {
    const { valid, errors } = validateResults(
      [result(at(REPORT_BOUNDS.futureSkewMs + 1)), result(now), result(at(-REPORT_BOUNDS.pastMs - 1))],
      now,
    );
    expect(valid.map((v) => v.index)).toEqual([1]);
    expect(errors.map((e) => e.index)).toEqual([0, 2]);
    expect(errors[0].message).toMatch(/^run\.cronTimestamp: must be within the last 14 days/);
  });

  it('fills what older agents may leave out and drops what is not stored', () => {
    const [{ result: r }] = validateResults([result(now, { extra: 1 })], now).valid;
    expect(r.outcome).toEqual({
      status: 'success',
      latencyMs: 3,
      statusCode: null,
      timings: null,
      error: null,
      assertions: [],
      headers: null,
      url: null,
      attempts: 1,
      details: {},
    });
    expect(r.run.triggerId).toBeNull();
  });

  it('counts a timing measured below zero as 0', () => {
    const [{ result: r }] = validateResults(
      [result(now, { outcome: { status: 'success', latencyMs: 3, timings: { ttfb: -5, dns: 2 } } })],
      now,
    ).valid;
    expect(r.outcome.timings).toEqual({ ttfb: 0, dns: 2 });
  });
});

describe(storableText.name, () => {
  it('clips, then replaces NUL and lone surrogates with U+FFFD', () => {
    expect(storableText('a\u0000b', 10)).toBe('a\ufffdb');
    expect(storableText('\ud800x\udc00', 10)).toBe('\ufffdx\ufffd');
    expect(storableText('ok \ud83d\ude00', 10)).toBe('ok \ud83d\ude00');
    // Clipping inside a surrogate pair leaves no half of it behind.
    expect(storableText('ab\ud83d\ude00', 3)).toBe('ab\ufffd');
  });
});

describe(`${validateResults.name} of details.certificate`, () => {
  const now = new Date('2026-03-01T12:00:00.000Z');
  const result = (extra: Record<string, unknown>) => ({
    run: {
      monitorId: '7',
      location: 'fly-ams',
      trigger: 'cron',
      triggerId: null,
      cronTimestamp: now,
      periodMs: 60_000,
    },
    startedAt: now.toISOString(),
    ...extra,
  });

  it('keeps the certificate of the details, clips its names, and refuses a malformed one by index', () => {
    const certificate = {
      subject: 'CN=127.0.0.1',
      sans: ['IP Address:127.0.0.1'],
      issuer: 'CN=127.0.0.1',
      serial: '5ec0de01',
      notBefore: '2025-01-01T00:00:00.000Z',
      notAfter: '2025-04-01T00:00:00.000Z',
      daysLeft: -3,
      verified: false,
      verificationError: 'CERT_HAS_EXPIRED: certificate has expired',
    };
    const withCertificate = (c: unknown) =>
      result({ outcome: { status: 'success', latencyMs: 3, details: { certificate: c, packets: 3 } } });
    const many = {
      ...certificate,
      sans: Array.from({ length: 150 }, (_, i) => `DNS:h${i}.example`),
      subject: 'x'.repeat(5000),
    };
    const { valid, errors } = validateResults(
      [
        withCertificate(certificate),
        withCertificate({ ...certificate, serial: 'not hex' }),
        withCertificate({ ...certificate, daysLeft: 1.5 }),
        withCertificate(many),
        withCertificate({ ...certificate, notAfter: 'soon' }),
        withCertificate(null),
        withCertificate({ ...certificate, sans: 'DNS:a.example' }),
        withCertificate({ ...certificate, notAfter: '9999-12-31T23:59:59.000Z', daysLeft: 2_900_000 }),
      ],
      now,
    );
    expect(errors).toEqual([
      { index: 1, message: 'outcome.details.certificate.serial: must be 1 to 128 hexadecimal digits' },
      { index: 2, message: 'outcome.details.certificate.daysLeft: must be an integer' },
      { index: 4, message: 'outcome.details.certificate.notAfter: must be an ISO 8601 date-time' },
      { index: 6, message: 'outcome.details.certificate.sans: must be an array' },
    ]);
    expect(valid.map((v) => v.index)).toEqual([0, 3, 5, 7]);
    expect(valid[0].result.outcome.details).toEqual({ certificate: { ...certificate, serial: '5EC0DE01' } });
    const clipped = valid[1].result.outcome.details.certificate as typeof certificate;
    expect([clipped.sans.length, clipped.subject.length]).toEqual([
      REPORT_BOUNDS.certificateSans,
      REPORT_BOUNDS.certificateName,
    ]);
    expect(valid[2].result.outcome.details).toEqual({});
  });
});

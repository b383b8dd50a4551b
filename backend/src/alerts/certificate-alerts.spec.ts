import { alertingThresholds, certificateIncidentKey, certificateKey } from './certificate-alerts';

describe(alertingThresholds.name, () => {
  const reached = (monitorId: string, key: string, threshold: number) => ({
    id: `${monitorId}-${key}-${threshold}`,
    monitorId,
    workspaceId: '1',
    certificateKey: key,
    threshold,
  });

  it('keeps the smallest threshold of each monitor and certificate', () => {
    const sut = alertingThresholds([
      reached('1', 'a', 14),
      reached('1', 'a', 7),
      reached('1', 'b', 14),
      reached('2', 'a', 1),
      reached('2', 'a', 7),
    ]);
    expect(sut.map((r) => r.id)).toEqual(['1-a-7', '1-b-14', '2-a-1']);
  });

  it('alerts nothing when nothing was reached for the first time', () => {
    expect(alertingThresholds([])).toEqual([]);
  });
});

describe(certificateKey.name, () => {
  it('is the issuer and the serial, whatever the case of the hex digits', () => {
    const sut = certificateKey({ issuer: 'CN=Test CA', serial: '0a1b' });
    expect(sut).toMatch(/^[0-9a-f]{64}$/);
    expect(certificateKey({ issuer: 'CN=Test CA', serial: '0A1B' })).toBe(sut);
    expect(certificateKey({ issuer: 'CN=Other CA', serial: '0A1B' })).not.toBe(sut);
    expect(certificateKey({ issuer: 'CN=Test CA', serial: '0A1C' })).not.toBe(sut);
  });

  it('makes incident keys that fit the outbox column (64 characters)', () => {
    const key = certificateIncidentKey({
      monitorId: '9223372036854775807',
      certificateKey: certificateKey({ issuer: 'x', serial: '1' }),
      threshold: 365,
    });
    expect(key.length).toBeLessThanOrEqual(64);
  });
});

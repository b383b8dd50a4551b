import type { PrivateLocationEntity } from './private-location.entity';
import {
  PRIVATE_LOCATION_STATUS_THRESHOLDS,
  privateLocationSnapshot,
  privateLocationStatus,
  toPrivateLocationView,
} from './private-location.view';

describe('private location status', () => {
  const now = new Date('2026-03-01T12:00:00.000Z');
  const ago = (ms: number) => new Date(now.getTime() - ms);
  const threshold = PRIVATE_LOCATION_STATUS_THRESHOLDS.activeWithinMs;

  it('is unknown when the agent never reported', () => {
    expect(privateLocationStatus(null, now)).toBe('unknown');
  });

  it('is active up to the threshold and error beyond it', () => {
    expect(threshold).toBe(120_000);
    expect(privateLocationStatus(ago(0), now)).toBe('active');
    expect(privateLocationStatus(ago(threshold), now)).toBe('active');
    expect(privateLocationStatus(ago(threshold + 1), now)).toBe('error');
    expect(privateLocationStatus(ago(86_400_000), now)).toBe('error');
  });
});

describe('private location view', () => {
  const entity = {
    id: '3',
    workspaceId: '1',
    name: 'rack',
    metadata: { env: 'prod' },
    tokenSealed: 'v1.sealed',
    tokenHash: 'f'.repeat(64),
    lastSeenAt: new Date('2026-03-01T11:59:30.000Z'),
    createdAt: new Date('2026-01-01T00:00:00.000Z'),
    updatedAt: new Date('2026-01-02T00:00:00.000Z'),
  } as PrivateLocationEntity;

  it('carries the token only when given and counts monitors', () => {
    const now = new Date('2026-03-01T12:00:00.000Z');
    expect(toPrivateLocationView(entity, ['4', '9'], null, now)).toEqual({
      id: '3',
      name: 'rack',
      monitorIds: ['4', '9'],
      metadata: { env: 'prod' },
      token: null,
      status: 'active',
      lastSeenAt: '2026-03-01T11:59:30.000Z',
      monitorCount: 2,
      createdAt: '2026-01-01T00:00:00.000Z',
      updatedAt: '2026-01-02T00:00:00.000Z',
    });
    expect(toPrivateLocationView(entity, [], 'svc_plt_x', now).token).toBe('svc_plt_x');
  });

  it('leaves the token and everything computed out of the audit snapshot', () => {
    const snapshot = privateLocationSnapshot(toPrivateLocationView(entity, ['4'], 'svc_plt_secret'));
    expect(snapshot).toEqual({ id: '3', name: 'rack', monitorIds: ['4'], metadata: { env: 'prod' } });
  });
});

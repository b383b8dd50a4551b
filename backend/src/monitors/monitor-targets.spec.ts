import { ValidationError } from '../common/errors';
import type { MonitorKind } from '../checks/check-config';
import type { MonitorData } from './monitor.schemas';
import { assertPublicTargets } from './monitor-targets';

const data = (fields: Record<string, unknown>): MonitorData =>
  ({ regions: ['fly-ams'], openTelemetry: null, ...fields }) as unknown as MonitorData;

function refusal(kind: MonitorKind, fields: Record<string, unknown>, allow = false): ValidationError | null {
  try {
    assertPublicTargets(kind, data(fields), allow);
    return null;
  } catch (error) {
    if (error instanceof ValidationError) return error;
    throw error;
  }
}

describe('assertPublicTargets', () => {
  it.each([
    ['http', { url: 'http://127.0.0.1:8080/secret' }, 'url'],
    ['http', { url: 'http://2130706433/' }, 'url'],
    ['http', { url: 'http://0x7f000001/' }, 'url'],
    ['http', { url: 'http://[::ffff:127.0.0.1]/' }, 'url'],
    ['http', { url: 'http://[::]/' }, 'url'],
    ['http', { url: 'http://0.0.0.0/' }, 'url'],
    ['http', { url: 'http://169.254.169.254/latest/meta-data/' }, 'url'],
    ['http', { url: 'https://100.64.1.1/' }, 'url'],
    ['tcp', { uri: '10.1.2.3:5432' }, 'uri'],
    ['tcp', { uri: '[::1]:22' }, 'uri'],
    ['tcp', { uri: '0177.0.0.1:22' }, 'uri'],
    ['grpc', { uri: '192.168.1.10:50051' }, 'uri'],
    ['grpc', { uri: '[fd00::1]:50051' }, 'uri'],
    ['icmp', { uri: '224.0.0.1' }, 'uri'],
    ['icmp', { uri: '127.1' }, 'uri'],
    ['icmp', { uri: 'fe80::1' }, 'uri'],
    [
      'http',
      { url: 'https://example.com/', openTelemetry: { endpoint: 'http://10.0.0.9:4318/v1/metrics' } },
      'openTelemetry.endpoint',
    ],
  ] as Array<[MonitorKind, Record<string, unknown>, string]>)('refuses %s %j, naming %s', (kind, fields, field) => {
    const error = refusal(kind, fields);
    expect(error).not.toBeNull();
    expect(error!.issues).toEqual([{ field, message: expect.stringContaining('private location') as string }]);
    expect(error!.message).toMatch(new RegExp(`^${field.replace('.', '\\.')}: .*private, loopback or reserved`));
    expect(error!.message).toContain('ALLOW_PRIVATE_TARGETS=true');
  });

  it.each([
    ['http', { url: 'https://example.com/' }],
    ['http', { url: 'http://localhost:8080/' }],
    ['tcp', { uri: 'db.example.com:5432' }],
    ['tcp', { uri: '1.1.1.1:53' }],
    ['icmp', { uri: '2606:4700:4700::1111' }],
    ['dns', { uri: '127.0.0.1' }],
  ] as Array<[MonitorKind, Record<string, unknown>]>)(
    'lets %s %j through (names are judged when resolved)',
    (kind, fields) => {
      expect(refusal(kind, fields)).toBeNull();
    },
  );

  it('exempts monitors that run only from private locations, and ALLOW_PRIVATE_TARGETS', () => {
    expect(refusal('http', { url: 'http://10.0.0.1/', regions: [] })).toBeNull();
    expect(refusal('http', { url: 'http://10.0.0.1/' }, true)).toBeNull();
  });
});

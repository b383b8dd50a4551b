import { ValidationError } from '../common/errors';
import { parseInput } from '../common/validation';
import { MONITOR_KINDS } from '../checks/check-config';
import { isHost, isHostname, isHostPort, MONITOR_SCHEMAS } from './monitor.schemas';

describe('monitor target formats', () => {
  it.each([
    ['example.com:443', true],
    ['127.0.0.1:5432', true],
    ['[::1]:8080', true],
    ['db:1', true],
    ['example.com', false],
    ['example.com:0', false],
    ['example.com:65536', false],
    ['::1:80', false],
    ['http://example.com:80', false],
  ])('host:port %s -> %s', (value, ok) => {
    expect(isHostPort(value)).toBe(ok);
  });

  it.each([
    ['example.com', true],
    ['example.com.', true],
    ['_dmarc.example.com', true],
    ['-bad.example.com', false],
    ['exa mple.com', false],
    ['a'.repeat(64) + '.com', false],
  ])('hostname %s -> %s', (value, ok) => {
    expect(isHostname(value)).toBe(ok);
  });

  it.each([
    ['127.0.0.1', true],
    ['::1', true],
    ['example.com', true],
    ['example.com:80', false],
  ])('host %s -> %s', (value, ok) => {
    expect(isHost(value)).toBe(ok);
  });
});

describe('monitor alertQuorum bound', () => {
  const tcp = {
    name: 'db',
    description: '',
    uri: 'db.example.com:5432',
    periodicity: '1m',
    timeout: 45000,
    retry: 3,
    regions: ['fly-ams'],
    tags: [],
    active: false,
    public: false,
    degradedAt: null,
    openTelemetry: null,
  };
  const parse = (alertQuorum: unknown) => parseInput(MONITOR_SCHEMAS.tcp, { ...tcp, alertQuorum });

  it.each([0, 1, 100])('accepts %s', (alertQuorum) => {
    expect(parse(alertQuorum).alertQuorum).toBe(alertQuorum);
  });

  it.each([
    [-1, 'alertQuorum: must be between 0 and 100'],
    [101, 'alertQuorum: must be between 0 and 100'],
    [1.5, 'alertQuorum: must be an integer'],
    ['2', 'alertQuorum: '],
    [undefined, 'alertQuorum: '],
  ])('refuses %p naming the field and the bound', (alertQuorum, message) => {
    let error: unknown;
    try {
      parse(alertQuorum);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as ValidationError).message).toContain(message);
    expect((error as ValidationError).issues.map((i) => i.field)).toEqual(['alertQuorum']);
  });

  it.each(MONITOR_KINDS.filter((k) => k !== 'heartbeat'))('is a field of %s monitors', (kind) => {
    expect(Object.keys(MONITOR_SCHEMAS[kind].shape)).toContain('alertQuorum');
  });

  it('is not a field of heartbeat monitors: the server judges them, no location reports', () => {
    expect(Object.keys(MONITOR_SCHEMAS.heartbeat.shape)).not.toContain('alertQuorum');
  });
});

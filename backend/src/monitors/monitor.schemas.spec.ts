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

describe('monitor alerting bounds', () => {
  const tcp = {
    name: 'db',
    description: '',
    uri: 'db.example.com:5432',
    periodicity: '1m',
    timeout: 45000,
    retry: 3,
    alertQuorum: 0,
    regions: ['fly-ams'],
    tags: [],
    active: false,
    public: false,
    degradedAt: null,
    openTelemetry: null,
  };
  const refusal = (alerting: unknown): ValidationError => {
    try {
      parseInput(MONITOR_SCHEMAS.tcp, { ...tcp, alerting });
    } catch (e) {
      if (e instanceof ValidationError) return e;
      throw e;
    }
    throw new Error(`accepted ${JSON.stringify(alerting)}`);
  };

  it.each([
    ['failureThreshold', 1, 100, 'must be between 1 and 100'],
    ['failureSeconds', 0, 86_400, 'must be between 0 and 86400'],
    ['recoveryThreshold', 1, 100, 'must be between 1 and 100'],
    ['reminderIntervalMinutes', 0, 10_080, 'must be 0 (no reminders) or between 1 and 10080'],
    ['reminderLimit', 1, 1000, 'must be between 1 and 1000'],
  ] as const)('%s: accepts %s to %s; beyond, "%s" on alerting.<field>', (field, min, max, bound) => {
    for (const value of [min, max])
      expect(parseInput(MONITOR_SCHEMAS.tcp, { ...tcp, alerting: { [field]: value } }).alerting).toEqual({
        [field]: value,
      });
    for (const value of [min - 1, max + 1]) {
      const error = refusal({ [field]: value });
      expect(error.issues).toEqual([{ field: `alerting.${field}`, message: bound }]);
      expect(error.message).toContain(`alerting.${field}: ${bound}`);
    }
    expect(refusal({ [field]: min + 0.5 }).issues).toEqual([
      { field: `alerting.${field}`, message: 'must be an integer' },
    ]);
  });

  it('takes at most 20 parents, each a monitor id once, and an escalation policy id or none', () => {
    const ids = (n: number) => Array.from({ length: n }, (_, i) => String(i + 1));
    expect(parseInput(MONITOR_SCHEMAS.tcp, { ...tcp, alerting: { parentMonitorIds: ids(20) } }).alerting).toEqual({
      parentMonitorIds: ids(20),
    });
    expect(refusal({ parentMonitorIds: ids(21) }).issues).toEqual([
      { field: 'alerting.parentMonitorIds', message: 'must have at most 20 entries' },
    ]);
    expect(refusal({ parentMonitorIds: ['1', '1'] }).issues).toEqual([
      { field: 'alerting.parentMonitorIds', message: 'must not repeat a monitor' },
    ]);
    expect(refusal({ parentMonitorIds: ['1', 'router'] }).issues).toEqual([
      { field: 'alerting.parentMonitorIds.1', message: 'must be a monitor id' },
    ]);
    for (const escalationPolicyId of ['', null, '7'])
      expect(parseInput(MONITOR_SCHEMAS.tcp, { ...tcp, alerting: { escalationPolicyId } }).alerting).toEqual({
        escalationPolicyId,
      });
    expect(refusal({ escalationPolicyId: 'night' }).issues).toEqual([
      { field: 'alerting.escalationPolicyId', message: 'must be an escalation policy id or empty' },
    ]);
    expect(refusal({ failureTreshold: 2 }).issues[0]?.field).toMatch(/^alerting/);
  });

  it.each(MONITOR_KINDS)('is a field of %s monitors (every kind has the policy)', (kind) => {
    expect(Object.keys(MONITOR_SCHEMAS[kind].shape)).toContain('alerting');
  });
});

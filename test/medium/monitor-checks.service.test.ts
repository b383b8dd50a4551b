// The rules MonitorsService's verbs carry for issue 27's settings, on a real database: heartbeat
// monitors and their ping tokens, TLS monitors, JSON / regex / timing assertions, tls_verify and the
// certificate expiry thresholds (SPEC §8's style of bounds: the field and the bound are named).
import { createHash } from 'node:crypto';
import type { ServiceContext } from '../../backend/src/common/context';
import { MonitorsService } from '../../backend/src/monitors/monitors.service';
import { createTestApp, newWorkspace, type TestApp } from '../support/app';
import { aMonitor, auditLog, readOnly, refusal } from '../support/service-fixtures';

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const tokenOf = (pingUrl: string | undefined) => /\/ping\/([^/]+)$/.exec(pingUrl ?? '')?.[1] ?? '';

describe(`${MonitorsService.name}: heartbeat, TLS and assertion settings`, () => {
  let t: TestApp;
  let sut: MonitorsService;
  let ctx: ServiceContext;

  beforeAll(async () => {
    t = await createTestApp({ BASE_URL: 'https://status.example.com' });
    sut = t.app.get(MonitorsService);
  });

  afterAll(() => t.close());

  beforeEach(async () => {
    ctx = await newWorkspace(t);
  });

  const storedHash = async (id: string) =>
    (await t.db.rows<{ ping_token_hash: string | null }>('SELECT ping_token_hash FROM monitors WHERE id = $1', [id]))[0]
      .ping_token_hash;

  it('gives a heartbeat monitor a ping URL once, keeps only its hash, and never audits it (ping token rule)', async () => {
    const created = await sut.create(ctx, 'heartbeat', { name: 'nightly backup' });
    expect(created.pingUrl).toMatch(/^https:\/\/status\.example\.com\/ping\/[A-Za-z0-9_-]{32}$/);
    expect(created).toMatchObject({
      kind: 'heartbeat',
      regions: [],
      heartbeat: { schedule: 'period', periodSeconds: 86400, cron: '', timezone: 'UTC', graceSeconds: 3600 },
    });
    const token = tokenOf(created.pingUrl);
    expect(await storedHash(created.id)).toBe(sha256(token));
    expect(await sut.get(ctx, created.id)).not.toHaveProperty('pingUrl');
    const rows = await t.db.rows('SELECT * FROM monitors WHERE id = $1', [created.id]);
    expect(JSON.stringify(rows)).not.toContain(token);
    expect(JSON.stringify(await auditLog(t, ctx))).not.toContain(token);
  });

  it('keeps a token brought on create (a Healthchecks.io UUID), refuses a malformed or taken one (brought token rule)', async () => {
    const uuid = '5bf3a2c1-7e44-4a9b-9c1e-0d2f6b8a7e31';
    const created = await sut.create(ctx, 'heartbeat', { name: 'moved from healthchecks' }, { pingToken: uuid });
    expect(created.pingUrl).toBe(`https://status.example.com/ping/${uuid}`);
    const malformed = await refusal(sut.create(ctx, 'heartbeat', { name: 'x' }, { pingToken: 'short' }));
    expect(malformed.message).toBe('pingToken: must be a UUID or 16 to 64 letters, digits, - and _');
    const other = await newWorkspace(t);
    const taken = await refusal(sut.create(other, 'heartbeat', { name: 'y' }, { pingToken: uuid }));
    expect(taken.code).toBe('CONFLICT');
    expect((await refusal(sut.create(ctx, 'http', { name: 'z' }, { pingToken: uuid }))).message).toBe(
      'pingToken: applies to heartbeat monitors only',
    );
    // A deleted monitor gives its token up.
    await sut.delete(ctx, created.id);
    expect(await storedHash(created.id)).toBeNull();
    await sut.create(other, 'heartbeat', { name: 'y' }, { pingToken: uuid });
  });

  it('rotates the ping token: a new URL, the old hash gone; refused read-only, NOT_FOUND elsewhere (rotation rule)', async () => {
    const created = await sut.create(ctx, 'heartbeat', { name: 'rotating' });
    const rotated = await sut.rotatePingToken(ctx, created.id);
    expect(rotated.pingUrl).not.toBe(created.pingUrl);
    expect(await storedHash(created.id)).toBe(sha256(tokenOf(rotated.pingUrl)));
    expect((await refusal(sut.rotatePingToken(readOnly(ctx), created.id))).code).toBe('FORBIDDEN');
    const other = await newWorkspace(t);
    expect((await refusal(sut.rotatePingToken(other, created.id))).code).toBe('NOT_FOUND');
    const http = await aMonitor(t, ctx);
    expect((await refusal(sut.rotatePingToken(ctx, http.id))).code).toBe('NOT_FOUND');
    const entries = (await auditLog(t, ctx)).filter((e) => e.action === 'monitor.rotate_ping_token');
    expect(entries).toHaveLength(1);
    expect(JSON.stringify(entries)).not.toContain(tokenOf(rotated.pingUrl));
  });

  it('validates a heartbeat schedule: period bounds, cron fields, time zone, grace (schedule rule)', async () => {
    const cases: Array<[object, string]> = [
      [{ periodSeconds: 29 }, 'heartbeat.periodSeconds: must be between 30 and 2678400'],
      [{ graceSeconds: -1 }, 'heartbeat.graceSeconds: must be between 0 and 2678400'],
      [{ schedule: 'cron' }, 'heartbeat.cron: is required with schedule cron'],
      [
        { schedule: 'cron', cron: '0 3 * *' },
        'heartbeat.cron: must have five fields: minute, hour, day of month, month, day of week',
      ],
      [
        { schedule: 'cron', cron: '0 3 * * *', timezone: 'Mars/Olympus' },
        'heartbeat.timezone: must be an IANA time zone such as UTC or Europe/Berlin',
      ],
    ];
    for (const [heartbeat, message] of cases) {
      const error = await refusal(sut.create(ctx, 'heartbeat', { name: 'bad', heartbeat }));
      expect(error.message).toBe(message);
    }
    const cron = await sut.create(ctx, 'heartbeat', {
      name: 'weekdays at 3',
      heartbeat: { schedule: 'cron', cron: '0 3 * * 1-5', timezone: 'Europe/Berlin', graceSeconds: 600 },
    });
    expect(cron.heartbeat).toEqual({
      schedule: 'cron',
      periodSeconds: 86400,
      cron: '0 3 * * 1-5',
      timezone: 'Europe/Berlin',
      graceSeconds: 600,
    });
    // A partial update changes only the setting given.
    const updated = await sut.update(ctx, 'heartbeat', cron.id, { heartbeat: { graceSeconds: 900 } });
    expect(updated.heartbeat).toMatchObject({ cron: '0 3 * * 1-5', graceSeconds: 900 });
    expect((await refusal(sut.update(ctx, 'heartbeat', cron.id, { url: 'https://example.com' }))).message).toBe(
      'url: is not a field of heartbeat monitors',
    );
  });

  it('creates a TLS monitor with its defaults and refuses a bad SNI name (tls monitor rule)', async () => {
    const created = await sut.create(ctx, 'tls', { name: 'smtp', uri: 'mail.example.com:587', periodicity: '10m' });
    expect(created).toMatchObject({
      kind: 'tls',
      tls: { servername: '', starttls: 'none' },
      tlsVerify: true,
      certificateExpiryDays: [14, 7, 1],
    });
    const updated = await sut.update(ctx, 'tls', created.id, { tls: { starttls: 'smtp' }, tlsVerify: false });
    expect(updated).toMatchObject({ tls: { servername: '', starttls: 'smtp' }, tlsVerify: false });
    const error = await refusal(sut.update(ctx, 'tls', created.id, { tls: { servername: 'not a name' } }));
    expect(error.message).toBe('tls.servername: must be a host name or empty');
  });

  it('bounds certificate expiry thresholds; an empty list turns them off (expiry threshold rule)', async () => {
    const off = await aMonitor(t, ctx, { certificateExpiryDays: [] });
    expect(off.certificateExpiryDays).toEqual([]);
    const cases: Array<[number[], string]> = [
      [[0], 'certificateExpiryDays.0: must be between 1 and 365'],
      [[7, 7], 'certificateExpiryDays: must not repeat a number of days'],
      [[1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11], 'certificateExpiryDays: must have at most 10 entries'],
    ];
    for (const [days, message] of cases) {
      expect((await refusal(aMonitor(t, ctx, { certificateExpiryDays: days }))).message).toBe(message);
    }
  });

  it('refuses assertions the engine cannot run, naming the assertion; at most 10 of each (assertion rule)', async () => {
    const json = { path: '$.status', comparator: 'eq' as const, target: 'ok' };
    const created = await aMonitor(t, ctx, {
      jsonAssertions: [json, { path: '$.items[*].id', comparator: 'matches', target: '^[a-z]+-\\d+$' }],
      bodyAssertions: [{ comparator: 'matches', target: '(?i)healthy' }],
      timingAssertions: [{ phase: 'ttfb', comparator: 'lte', target: 300, severity: 'degraded' }],
    });
    expect(created.jsonAssertions).toHaveLength(2);
    expect(created.timingAssertions).toEqual([{ phase: 'ttfb', comparator: 'lte', target: 300, severity: 'degraded' }]);

    const bad = async (input: object) => (await refusal(aMonitor(t, ctx, input))).message;
    expect(await bad({ jsonAssertions: [{ ...json, path: '$.[' }] })).toMatch(
      /^jsonAssertions\.0\.path: not a valid RFC 9535 JSONPath: /,
    );
    expect(await bad({ bodyAssertions: [{ comparator: 'matches', target: '(a)\\1' }] })).toMatch(
      /^bodyAssertions\.0\.target: not a valid RE2 regular expression: /,
    );
    expect(await bad({ headerAssertions: [{ key: 'server', comparator: 'not_matches', target: '(?<=x)y' }] })).toMatch(
      /^headerAssertions\.0\.target: not a valid RE2 regular expression: /,
    );
    expect(await bad({ timingAssertions: [{ phase: 'ttfb', comparator: 'gt', target: 1, severity: 'error' }] })).toBe(
      'timingAssertions.0.comparator: must be one of lt, lte',
    );
    expect(
      await bad({ timingAssertions: [{ phase: 'ttfb', comparator: 'lt', target: 120001, severity: 'error' }] }),
    ).toBe('timingAssertions.0.target: must be between 0 and 120000');
    expect(await bad({ jsonAssertions: Array.from({ length: 11 }, () => json) })).toBe(
      'jsonAssertions: must have at most 10 entries',
    );
    // Not fields of kinds that do not run them.
    const tcp = await sut.create(ctx, 'tcp', { name: 'db', uri: 'db.example.com:5432', periodicity: '10m' });
    expect((await refusal(sut.update(ctx, 'tcp', tcp.id, { jsonAssertions: [json] }))).message).toBe(
      'jsonAssertions: is not a field of tcp monitors',
    );
  });
});

// The dashboard's monitor forms for issue 27: JSON, timing and regex assertions, TLS verification and
// certificate expiry thresholds, the `tls` and `heartbeat` kinds. A heartbeat's ping URL is on the
// answer to its create or rotation only; the crontab line shown with it really pings (run with sh and
// curl), and the monitor page then lists the ping with its body, escaped.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { HeartbeatsService } from '../../../backend/src/heartbeats/heartbeats.service';
import { MonitorsService } from '../../../backend/src/monitors/monitors.service';
import { DashboardClient, newMember, PASSWORD, textOf } from '../../support/dashboard';
import { pingsApplied } from '../../support/heartbeats';
import { freePort, newTenant, startHttpApp, type HttpTestApp, type Tenant } from '../../support/http-app';

const run = promisify(execFile);

function fieldError(body: string, name: string): string | null {
  const m = new RegExp(`<p class="field-error" id="f-${name}(?:-error)?">([^<]*)</p>`).exec(body);
  return m ? textOf(m[1]).trim() : null;
}

function inputValue(body: string, name: string): string | null {
  const m = new RegExp(`name="${name}"\\s+type="text"\\s+value="([^"]*)"`).exec(body);
  return m ? unescape(m[1]) : null;
}

function textareaValue(body: string, name: string): string | null {
  const m = new RegExp(`<textarea[^>]*name="${name}"[^>]*>\\n?([^<]*)</textarea`).exec(body);
  return m ? unescape(m[1]) : null;
}

function unescape(text: string): string {
  return text
    .replace(/&#(\d+);/g, (_, code: string) => String.fromCharCode(Number(code)))
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}

/** The ping URL shown once (the readonly input), and the crontab line (the first command block). */
function pingUrlOf(body: string): string | null {
  const m = /id="ping-url"[^>]*value="([^"]+)"/.exec(body);
  return m ? unescape(m[1]) : null;
}

function crontabLineOf(body: string): string | null {
  const m = /<code id="crontab-line">([^<]*)<\/code>/.exec(body);
  return m ? unescape(m[1]) : null;
}

const COMMON = {
  periodicity: '1m',
  active: 'on',
  'region.fly-iad': 'on',
  timeout: '5000',
  retry: '0',
  alertQuorum: '0',
};

const HEARTBEAT_FORM = {
  name: 'Nightly backup',
  description: '',
  tags: 'backup',
  active: 'on',
  heartbeatSchedule: 'cron',
  heartbeatPeriod: '1d',
  heartbeatCron: '*/5 * * * *',
  heartbeatTimezone: 'Europe/Berlin',
  heartbeatGrace: '10m',
};

describe('dashboard monitor forms: assertions, TLS and heartbeats', () => {
  let t: HttpTestApp;
  let tenant: Tenant;
  let slug: string;
  let owner: DashboardClient;
  let monitors: MonitorsService;

  beforeAll(async () => {
    t = await startHttpApp({ port: await freePort() });
    tenant = await newTenant(t);
    slug = tenant.ctx.workspace.slug;
    monitors = t.app.get(MonitorsService);
    const person = await newMember(t, tenant.ctx, 'admin');
    owner = new DashboardClient(t.baseUrl);
    expect((await owner.signIn(person.email, PASSWORD)).status).toBe(303);
  });
  afterAll(() => t.close());

  const base = () => `/app/w/${slug}/monitors`;
  const idOf = (location: string | null) => /monitors\/(\d+)\?created=1$/.exec(location ?? '')![1];

  it('offers a form for TLS and heartbeat monitors, the heartbeat one without probing fields', async () => {
    const tls = await owner.get(`${base()}/new?kind=tls`);
    expect(tls.status).toBe(200);
    expect(tls.body).toContain('host:port of a TLS endpoint');
    for (const name of ['uri', 'tlsServername', 'tlsStarttls', 'tlsVerify', 'certificateExpiryDays', 'periodicity']) {
      expect([name, tls.body.includes(`name="${name}"`)]).toEqual([name, true]);
    }
    const heartbeat = await owner.get(`${base()}/new?kind=heartbeat`);
    expect(heartbeat.status).toBe(200);
    for (const name of [
      'heartbeatSchedule',
      'heartbeatPeriod',
      'heartbeatCron',
      'heartbeatTimezone',
      'heartbeatGrace',
    ]) {
      expect([name, heartbeat.body.includes(`name="${name}"`)]).toEqual([name, true]);
    }
    for (const name of ['uri', 'periodicity', 'timeout', 'retry', 'alertQuorum', 'region.fly-ams', 'otelEndpoint']) {
      expect([name, heartbeat.body.includes(`name="${name}"`)]).toEqual([name, false]);
    }
    expect(inputValue(heartbeat.body, 'heartbeatPeriod')).toBe('1d');
    expect(inputValue(heartbeat.body, 'heartbeatGrace')).toBe('1h');
    const overview = await owner.get(`${base()}?kind=heartbeat`);
    expect(overview.status).toBe(200);
    expect(overview.body).toMatch(/<option value="heartbeat"\s+selected>Heartbeat<\/option>/);
  });

  it('creates an HTTP monitor with JSON, timing and regex assertions and certificate settings, and edits them', async () => {
    await owner.get(`${base()}/new?kind=http`);
    const created = await owner.post(`${base()}/new?kind=http`, {
      ...COMMON,
      name: 'Orders API',
      url: 'https://orders.example/health',
      method: 'GET',
      bodyAssertions: 'matches ^\\{"ok":true\nnot_matches (?i)error',
      headerAssertions: 'x-version matches ^2\\.',
      jsonAssertions: "$.status eq ok\n$['queue depth'] lt 100\n$.maintenance not_exists",
      timingAssertions: 'ttfb lt 500 degraded\ntotal lte 2000ms error',
      certificateExpiryDays: '30, 7',
    });
    expect([created.status, created.body.match(/field-error[^<]*<\/p>/g)]).toEqual([303, null]);
    const id = idOf(created.location);
    expect(await monitors.get(tenant.ctx, id)).toMatchObject({
      bodyAssertions: [
        { comparator: 'matches', target: '^\\{"ok":true' },
        { comparator: 'not_matches', target: '(?i)error' },
      ],
      headerAssertions: [{ key: 'x-version', comparator: 'matches', target: '^2\\.' }],
      jsonAssertions: [
        { path: '$.status', comparator: 'eq', target: 'ok' },
        { path: "$['queue depth']", comparator: 'lt', target: '100' },
        { path: '$.maintenance', comparator: 'not_exists', target: '' },
      ],
      timingAssertions: [
        { phase: 'ttfb', comparator: 'lt', target: 500, severity: 'degraded' },
        { phase: 'total', comparator: 'lte', target: 2000, severity: 'error' },
      ],
      // The checkbox was not sent: unchecked.
      tlsVerify: false,
      certificateExpiryDays: [30, 7],
    });

    const form = await owner.get(`${base()}/${id}/edit`);
    expect(textareaValue(form.body, 'jsonAssertions')).toBe(
      "$.status eq ok\n$['queue depth'] lt 100\n$.maintenance not_exists",
    );
    expect(textareaValue(form.body, 'timingAssertions')).toBe('ttfb lt 500 degraded\ntotal lte 2000 error');
    expect(textareaValue(form.body, 'bodyAssertions')).toBe('matches ^\\{"ok":true\nnot_matches (?i)error');
    expect(inputValue(form.body, 'certificateExpiryDays')).toBe('30, 7');
    expect(form.body).not.toMatch(/name="tlsVerify"\s+checked/);

    const saved = await owner.post(`${base()}/${id}/edit`, {
      ...COMMON,
      name: 'Orders API',
      url: 'https://orders.example/health',
      method: 'GET',
      jsonAssertions: '$.status eq ok',
      timingAssertions: '',
      tlsVerify: 'on',
      certificateExpiryDays: '',
    });
    expect(saved.status).toBe(303);
    expect(await monitors.get(tenant.ctx, id)).toMatchObject({
      jsonAssertions: [{ path: '$.status', comparator: 'eq', target: 'ok' }],
      timingAssertions: [],
      tlsVerify: true,
      certificateExpiryDays: [],
    });
  });

  it('shows the verb and form messages of the new fields beside them, keeping what was typed', async () => {
    await owner.get(`${base()}/new?kind=http`);
    const before = (await monitors.list(tenant.ctx, {})).totalSize;
    const refused = await owner.post(`${base()}/new?kind=http`, {
      ...COMMON,
      name: 'Bad assertions',
      url: 'https://orders.example/health',
      method: 'GET',
      bodyAssertions: 'contains ok\nmatches (a',
      headerAssertions: 'x-a matches (?<=b)c',
      jsonAssertions: '$.a eq 1\n$..[ eq 2',
      certificateExpiryDays: '7, 400',
    });
    expect(refused.status).toBe(400);
    expect(fieldError(refused.body, 'bodyAssertions')).toMatch(/^line 2: target .*RE2/);
    expect(fieldError(refused.body, 'headerAssertions')).toMatch(/^line 1: target .*RE2/);
    expect(fieldError(refused.body, 'jsonAssertions')).toMatch(/^line 2: path .*JSONPath/);
    expect(fieldError(refused.body, 'certificateExpiryDays')).toBe('entry 2: must be between 1 and 365');
    expect(textareaValue(refused.body, 'bodyAssertions')).toBe('contains ok\nmatches (a');
    expect(inputValue(refused.body, 'certificateExpiryDays')).toBe('7, 400');

    const unread = await owner.post(`${base()}/new?kind=http`, {
      ...COMMON,
      name: 'Bad timing',
      url: 'https://orders.example/health',
      timingAssertions: 'ttfb lt 500 fatal',
      jsonAssertions: '$.a about 1',
    });
    expect(unread.status).toBe(400);
    expect(fieldError(unread.body, 'timingAssertions')).toBe('line 1: ends with a severity: degraded, error');
    expect(fieldError(unread.body, 'jsonAssertions')).toMatch(/^line 1: must be "path comparison value"/);
    expect((await monitors.list(tenant.ctx, {})).totalSize).toBe(before);
  });

  it('creates TLS monitors and gRPC certificate settings, and places their refusals', async () => {
    await owner.get(`${base()}/new?kind=tls`);
    const created = await owner.post(`${base()}/new?kind=tls`, {
      ...COMMON,
      name: 'Mail',
      uri: 'mail.example.com:25',
      tlsServername: 'smtp.example.com',
      tlsStarttls: 'smtp',
      tlsVerify: 'on',
      certificateExpiryDays: '21, 3',
    });
    expect(created.status).toBe(303);
    const id = idOf(created.location);
    expect(await monitors.get(tenant.ctx, id)).toMatchObject({
      kind: 'tls',
      uri: 'mail.example.com:25',
      tls: { servername: 'smtp.example.com', starttls: 'smtp' },
      tlsVerify: true,
      certificateExpiryDays: [21, 3],
    });
    const form = await owner.get(`${base()}/${id}/edit`);
    expect(inputValue(form.body, 'tlsServername')).toBe('smtp.example.com');
    expect(form.body).toMatch(/<option value="smtp"\s+selected>SMTP<\/option>/);
    expect(form.body).toMatch(/name="tlsVerify"\s+checked/);

    const refused = await owner.post(`${base()}/new?kind=tls`, {
      ...COMMON,
      name: 'Bad name',
      uri: 'mail.example.com',
      tlsServername: 'not a host',
      tlsStarttls: 'imap',
      certificateExpiryDays: '7, 7',
    });
    expect(refused.status).toBe(400);
    expect(fieldError(refused.body, 'uri')).toBe('must be host:port with a port from 1 to 65535');
    expect(fieldError(refused.body, 'tlsServername')).toBe('must be a host name or empty');
    expect(fieldError(refused.body, 'tlsStarttls')).toBe('must be one of none, smtp');
    expect(fieldError(refused.body, 'certificateExpiryDays')).toBe('must not repeat a number of days');

    await owner.get(`${base()}/new?kind=grpc`);
    const grpc = await owner.post(`${base()}/new?kind=grpc`, {
      ...COMMON,
      name: 'Payments gRPC',
      uri: 'payments.internal:443',
      grpcTls: 'on',
      grpcExpectedStatus: 'SERVING',
      certificateExpiryDays: '10',
    });
    expect(grpc.status).toBe(303);
    expect(await monitors.get(tenant.ctx, idOf(grpc.location))).toMatchObject({
      kind: 'grpc',
      tlsVerify: false,
      certificateExpiryDays: [10],
    });
  });

  it('shows a new heartbeat ping URL once, with a crontab line that pings; the monitor page lists pings, not the URL', async () => {
    await owner.get(`${base()}/new?kind=heartbeat`);
    const created = await owner.post(`${base()}/new?kind=heartbeat`, HEARTBEAT_FORM);
    expect(created.status).toBe(201);
    const pingUrl = pingUrlOf(created.body)!;
    expect(pingUrl).toMatch(new RegExp(`^${t.baseUrl}/ping/[A-Za-z0-9_-]{32}$`));
    const text = textOf(created.body);
    expect(text).toContain('it is shown only this once');
    for (const suffix of ['/start', '/fail', '/$?', '/log']) expect(text).toContain(suffix);
    const line = crontabLineOf(created.body)!;
    expect(line).toBe(`*/5 * * * * /path/to/job.sh && curl -fsS -m 10 --retry 5 -o /dev/null '${pingUrl}'`);
    const id = /href="\/app\/w\/[^/]+\/monitors\/(\d+)"/.exec(created.body)![1];
    expect(await monitors.get(tenant.ctx, id)).toMatchObject({
      kind: 'heartbeat',
      name: 'Nightly backup',
      tags: ['backup'],
      heartbeat: { schedule: 'cron', cron: '*/5 * * * *', timezone: 'Europe/Berlin', graceSeconds: 600 },
    });

    // The crontab line as cron runs it: the schedule's five fields off, a job that succeeds.
    const command = line.split(' ').slice(5).join(' ').replace('/path/to/job.sh', 'true');
    await run('sh', ['-c', command]);
    // A log ping whose body is markup: kept, and shown escaped.
    const log = await fetch(`${pingUrl}/log`, { method: 'POST', body: '<script>alert("x")</script> done' });
    expect(log.status).toBe(200);
    await pingsApplied(t.app, t.db);

    const page = await owner.get(`${base()}/${id}`);
    expect(page.status).toBe(200);
    expect(page.body).not.toContain(pingUrl.split('/ping/')[1]);
    const pageText = textOf(page.body);
    expect(pageText).toContain('pinged on "*/5 * * * *" (Europe/Berlin), 10m of grace');
    expect(pageText).toContain('The ping URL was shown once');
    expect(page.body).toContain(`href="${base()}/${id}/rotate-ping"`);
    expect(page.body).not.toContain(`action="${base()}/${id}/trigger"`);
    expect(pageText).toMatch(/Last pings[\s\S]*Log[\s\S]*Success/);
    expect(page.body).toMatch(/curl\/[\d.]+/);
    expect(page.body).toContain('<code>&#60;script&#62;alert(&#34;x&#34;)&#60;/script&#62; done</code>');
    expect(page.body).not.toContain('<script>alert');
    expect(page.body).toMatch(/<details>\s*<summary>Body<\/summary>/);

    expect(pageText).toMatch(
      /Heartbeat Where the heartbeat stands Last ping .*UTC \(Log\) Last success .*UTC Next ping expected .*UTC/,
    );
    expect(pageText).toContain('Grace time 10m');
    expect(pageText).not.toContain('Late:');

    // The edit form shows the schedule as stored and takes changes of it; no ping URL there either.
    const form = await owner.get(`${base()}/${id}/edit`);
    expect(inputValue(form.body, 'heartbeatCron')).toBe('*/5 * * * *');
    expect(inputValue(form.body, 'heartbeatGrace')).toBe('10m');
    expect(form.body).not.toContain('name="pingToken"');
    expect(form.body).not.toContain(pingUrl);
    const saved = await owner.post(`${base()}/${id}/edit`, {
      ...HEARTBEAT_FORM,
      heartbeatSchedule: 'period',
      heartbeatPeriod: '2h',
      heartbeatGrace: '90',
    });
    expect(saved.status).toBe(303);
    expect(saved.location).toMatch(new RegExp(`/monitors/${id}\\?saved=1$`));
    expect((await owner.follow(saved)).body).not.toContain(pingUrl);
    expect((await monitors.get(tenant.ctx, id)).heartbeat).toMatchObject({
      schedule: 'period',
      periodSeconds: 7200,
      graceSeconds: 90,
    });
  });

  it('says when the expected ping is late but within the grace time', async () => {
    await owner.get(`${base()}/new?kind=heartbeat`);
    const created = await owner.post(`${base()}/new?kind=heartbeat`, {
      ...HEARTBEAT_FORM,
      heartbeatSchedule: 'period',
      heartbeatPeriod: '60',
      heartbeatGrace: '1h',
    });
    const token = pingUrlOf(created.body)!.split('/ping/')[1];
    const id = /href="\/app\/w\/[^/]+\/monitors\/(\d+)"/.exec(created.body)![1];
    // A success two minutes ago: the next was expected a minute ago, and the hour of grace runs.
    await t.app.get(HeartbeatsService).receivePing(
      token,
      {
        kind: 'success',
        exitCode: null,
        method: 'GET',
        source: '127.0.0.1',
        userAgent: 'test',
        body: Buffer.alloc(0),
        bodyTruncated: false,
      },
      new Date(Date.now() - 120_000),
    );
    await pingsApplied(t.app, t.db);
    const text = textOf((await owner.get(`${base()}/${id}`)).body);
    expect(text).toContain('Late: the expected ping has not come; the grace time is running.');
    expect(text).toMatch(/Last ping .*UTC \(Success\)/);
  });

  it('places a heartbeat form refusal beside its field', async () => {
    await owner.get(`${base()}/new?kind=heartbeat`);
    const before = (await monitors.list(tenant.ctx, {})).totalSize;
    const bad = await owner.post(`${base()}/new?kind=heartbeat`, {
      ...HEARTBEAT_FORM,
      heartbeatCron: '61 * * * *',
      heartbeatTimezone: 'Mars/Olympus',
      heartbeatPeriod: '10',
      heartbeatGrace: '5 weeks',
    });
    expect(bad.status).toBe(400);
    expect(fieldError(bad.body, 'heartbeatGrace')).toMatch(/^must be a whole number of seconds, or with a unit/);
    const refused = await owner.post(`${base()}/new?kind=heartbeat`, {
      ...HEARTBEAT_FORM,
      heartbeatTimezone: 'Mars/Olympus',
      heartbeatPeriod: '10',
    });
    expect(refused.status).toBe(400);
    expect(fieldError(refused.body, 'heartbeatPeriod')).toBe('must be between 30 and 2678400');
    expect(fieldError(refused.body, 'heartbeatTimezone')).toBe(
      'must be an IANA time zone such as UTC or Europe/Berlin',
    );
    const cron = await owner.post(`${base()}/new?kind=heartbeat`, { ...HEARTBEAT_FORM, heartbeatCron: '* * *' });
    expect(fieldError(cron.body, 'heartbeatCron')).toBe(
      'must have five fields: minute, hour, day of month, month, day of week',
    );
    expect(inputValue(cron.body, 'heartbeatCron')).toBe('* * *');
    const token = await owner.post(`${base()}/new?kind=heartbeat`, { ...HEARTBEAT_FORM, pingToken: 'short' });
    expect(fieldError(token.body, 'pingToken')).toBe('must be a UUID or 16 to 64 letters, digits, - and _');
    expect((await monitors.list(tenant.ctx, {})).totalSize).toBe(before);
  });

  it('keeps a Healthchecks.io UUID as the ping token when given one, and refuses it twice', async () => {
    const uuid = crypto.randomUUID();
    await owner.get(`${base()}/new?kind=heartbeat`);
    const created = await owner.post(`${base()}/new?kind=heartbeat`, { ...HEARTBEAT_FORM, pingToken: uuid });
    expect(created.status).toBe(201);
    expect(pingUrlOf(created.body)).toBe(`${t.baseUrl}/ping/${uuid}`);
    const again = await owner.post(`${base()}/new?kind=heartbeat`, { ...HEARTBEAT_FORM, pingToken: uuid });
    expect(again.status).toBe(409);
    expect(fieldError(again.body, 'pingToken')).toBe('another monitor already uses this ping token');
  });

  it('answers 404 for another workspace’s heartbeat on the rotation, through both slugs, leaving its URL working', async () => {
    const other = await newTenant(t);
    const theirs = await monitors.create(other.ctx, 'heartbeat', {
      name: 'Theirs',
      heartbeat: { periodSeconds: 3600 },
    });
    const theirUrl = theirs.pingUrl!;
    for (const otherSlug of [slug, other.ctx.workspace.slug]) {
      for (const id of [theirs.id, '999999999']) {
        const path = `/app/w/${otherSlug}/monitors/${id}/rotate-ping`;
        await owner.get(base());
        expect([path, (await owner.get(path)).status]).toEqual([path, 404]);
        await owner.get(base());
        const posted = await owner.post(path, {});
        expect([path, posted.status, pingUrlOf(posted.body)]).toEqual([path, 404, null]);
      }
    }
    expect((await fetch(theirUrl)).status).toBe(200);
  });

  it('rotates the ping URL after a confirmation: the new one is shown once and works, the old one is dead', async () => {
    await owner.get(`${base()}/new?kind=heartbeat`);
    const created = await owner.post(`${base()}/new?kind=heartbeat`, {
      ...HEARTBEAT_FORM,
      heartbeatSchedule: 'period',
    });
    const oldUrl = pingUrlOf(created.body)!;
    const id = /href="\/app\/w\/[^/]+\/monitors\/(\d+)"/.exec(created.body)![1];
    expect((await fetch(oldUrl)).status).toBe(200);

    const confirm = await owner.get(`${base()}/${id}/rotate-ping`);
    expect(confirm.status).toBe(200);
    expect(textOf(confirm.body)).toContain('The current one stops working at once');
    expect(confirm.body).toContain(`action="${base()}/${id}/rotate-ping"`);
    expect(pingUrlOf(confirm.body)).toBeNull();
    // The usual CSRF protection: a post without the form's token changes nothing.
    expect((await owner.post(`${base()}/${id}/rotate-ping`, {}, { csrf: null })).status).toBe(403);
    expect((await fetch(oldUrl)).status).toBe(200);

    const rotated = await owner.post(`${base()}/${id}/rotate-ping`, {});
    expect(rotated.status).toBe(200);
    expect(textOf(rotated.body)).toContain('Rotated the ping URL');
    const newUrl = pingUrlOf(rotated.body)!;
    expect(newUrl).toMatch(/\/ping\/[A-Za-z0-9_-]{32}$/);
    expect(newUrl).not.toBe(oldUrl);
    // A period of a day: the crontab line fires daily.
    expect(crontabLineOf(rotated.body)).toBe(
      `0 0 * * * /path/to/job.sh && curl -fsS -m 10 --retry 5 -o /dev/null '${newUrl}'`,
    );
    expect((await fetch(oldUrl)).status).toBe(404);
    expect((await fetch(newUrl)).status).toBe(200);
    const page = await owner.get(`${base()}/${id}`);
    expect(page.body).not.toContain(newUrl);

    // Not for other kinds, and not for viewers.
    const http = await monitors.create(tenant.ctx, 'http', {
      name: 'Web',
      url: 'https://web.example',
      periodicity: '1m',
    });
    expect((await owner.get(`${base()}/${http.id}/rotate-ping`)).status).toBe(404);
    expect((await owner.post(`${base()}/${http.id}/rotate-ping`, {})).status).toBe(404);
    const person = await newMember(t, tenant.ctx, 'viewer');
    const viewer = new DashboardClient(t.baseUrl);
    await viewer.signIn(person.email, PASSWORD);
    const viewed = await viewer.get(`${base()}/${id}`);
    expect(viewed.body).not.toContain(`${id}/rotate-ping"`);
    expect((await viewer.get(`${base()}/${id}/rotate-ping`)).status).toBe(403);
    expect((await viewer.post(`${base()}/${id}/rotate-ping`, {})).status).toBe(403);
    expect((await fetch(newUrl)).status).toBe(200);
  });
});

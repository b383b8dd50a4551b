// The log test: writes that fail in the database, carrying a secret in every secret-bearing field,
// leave none of those secrets in the logs. The whole app runs in this process with its logs captured
// at level trace (Fastify's request lines, Nest's and ours); the failures are forced in the test database by a
// check constraint no new row meets (SQLSTATE 23514, whose detail quotes the whole row) and by
// triggers that raise (P0001), so every create and update below reaches the database and fails there.
import { Writable } from 'node:stream';
import { newTenant, startHttpApp, type HttpTestApp, type Tenant } from '../support/http-app';

/** Every log line written, parsed. */
class LogCapture extends Writable {
  readonly lines: string[] = [];

  override _write(chunk: Buffer | string, _encoding: string, done: () => void): void {
    this.lines.push(...chunk.toString().split('\n').filter(Boolean));
    done();
  }

  entries(): Array<Record<string, unknown>> {
    return this.lines.map((line) => JSON.parse(line) as Record<string, unknown>);
  }
}

const S = {
  // Not sealed (the workspace reads them back), but row data all the same: a failed write logs none.
  monitorUrlToken: 'SECRET-log-monitor-urltoken-8c2',
  monitorRequestBody: 'SECRET-log-monitor-body-8c2',
  monitorAuthorization: 'Bearer SECRET-log-monitor-auth-8c2',
  monitorApiKey: 'SECRET-log-monitor-apikey-8c2',
  monitorCookie: 'session=SECRET-log-monitor-cookie-8c2',
  otelHeader: 'SECRET-log-otel-header-8c2',
  grpcMetadata: 'Bearer SECRET-log-grpc-metadata-8c2',
  discord: 'https://discord.example.com/api/webhooks/SECRET-log-discord-8c2',
  slack: 'https://hooks.slack.example.com/services/SECRET-log-slack-8c2',
  pagerduty: 'SECRET-log-pagerduty-8c2',
  opsgenie: 'SECRET-log-opsgenie-8c2',
  googleChat: 'https://chat.example.com/v1/spaces/SECRET-log-gchat-8c2',
  grafanaOncall: 'https://oncall.example.com/integrations/SECRET-log-grafana-8c2',
  ntfy: 'SECRET-log-ntfy-token-8c2',
  msTeams: 'https://teams.example.com/webhookb2/SECRET-log-teams-8c2',
  webhookUrlToken: 'SECRET-log-webhook-urltoken-8c2',
  webhookHeader: 'Bearer SECRET-log-webhook-header-8c2',
  webhookPlainHeader: 'SECRET-log-webhook-team-8c2',
  webhookSigning: 'SECRET-log-webhook-signing-8c2',
  statusPagePassword: 'SECRET-log-page-password-8c2',
  // Links carry tokens in the query string; request lines log the path only.
  linkToken: 'SECRET-log-link-token-8c2',
} as const;

const monitorBody = (name: string) => ({
  monitor: {
    name,
    url: `https://example.com/health?api_key=${S.monitorUrlToken}`,
    periodicity: 'PERIODICITY_1H',
    method: 'HTTP_METHOD_POST',
    body: `{"password":"${S.monitorRequestBody}"}`,
    headers: [
      { key: 'Authorization', value: S.monitorAuthorization },
      { key: 'X-Api-Key', value: S.monitorApiKey },
      { key: 'Cookie', value: S.monitorCookie },
    ],
    openTelemetry: {
      endpoint: 'https://otel.example.com/v1/metrics',
      headers: [{ key: 'x-honeycomb-team', value: S.otelHeader }],
    },
  },
});

const grpcBody = (name: string) => ({
  monitor: {
    name,
    uri: '127.0.0.1:50051',
    periodicity: 'PERIODICITY_1H',
    metadata: [{ key: 'authorization', value: S.grpcMetadata }],
  },
});

const channels: Array<Record<string, unknown>> = [
  { providerType: 'discord', discord: { webhookUrl: S.discord } },
  { providerType: 'slack', slack: { webhookUrl: S.slack } },
  { providerType: 'pagerduty', pagerduty: { integrationKey: S.pagerduty } },
  { providerType: 'opsgenie', opsgenie: { apiKey: S.opsgenie, region: 'eu' } },
  { providerType: 'google_chat', googleChat: { webhookUrl: S.googleChat } },
  { providerType: 'grafana_oncall', grafanaOncall: { webhookUrl: S.grafanaOncall } },
  { providerType: 'ntfy', ntfy: { topic: 'alerts', token: S.ntfy } },
  { providerType: 'ms_teams', msTeams: { webhookUrl: S.msTeams } },
  {
    providerType: 'webhook',
    webhook: {
      endpoint: `https://hooks.example.com/in?token=${S.webhookUrlToken}`,
      headers: [
        { key: 'Authorization', value: S.webhookHeader },
        { key: 'X-Team', value: S.webhookPlainHeader },
      ],
      signingSecret: S.webhookSigning,
    },
  },
];

describe('logs of failed writes', () => {
  const capture = new LogCapture();
  let t: HttpTestApp;
  let tenant: Tenant;

  const call = async (service: string, method: string, body: unknown) => {
    const response = await fetch(`${t.baseUrl}/rpc/${service}/${method}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-service-key': tenant.writeKey },
      body: JSON.stringify(body),
    });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  };
  const monitors = (method: string, body: unknown) => call('monitor.v1.MonitorService', method, body);
  const notifications = (method: string, body: unknown) => call('notification.v1.NotificationService', method, body);
  const pages = (method: string, body: unknown) => call('status_page.v1.StatusPageService', method, body);

  beforeAll(async () => {
    t = await startHttpApp({ logTo: capture });
    tenant = await newTenant(t);
  });

  afterAll(() => t.close());

  it('keeps every secret out of the logs and still says what failed', async () => {
    // Rows to update, created while writes still succeed.
    const http = await monitors('CreateHTTPMonitor', {
      monitor: { name: 'base', url: 'https://example.com/health', periodicity: 'PERIODICITY_1H' },
    });
    const grpc = await monitors('CreateGRPCMonitor', { monitor: { ...grpcBody('base').monitor, metadata: [] } });
    const channel = await notifications('CreateNotification', {
      notification: { providerType: 'email', email: { email: 'ops@example.com' } },
    });
    const page = await pages('CreateStatusPage', { statusPage: { title: 'Base', slug: 'log-test-base' } });
    for (const created of [http, grpc, channel, page]) expect(created.status).toBe(200);
    const httpId = (http.body.monitor as { id: string }).id;
    const grpcId = (grpc.body.monitor as { id: string }).id;
    const channelId = (channel.body.notification as { id: string }).id;
    const pageId = (page.body.statusPage as { id: string }).id;

    await t.db.rows(`ALTER TABLE monitors ADD CONSTRAINT ck_secrets_log_test CHECK (false) NOT VALID`);
    await t.db.rows(`CREATE FUNCTION secrets_log_test_fail() RETURNS trigger LANGUAGE plpgsql AS $$
                       BEGIN RAISE EXCEPTION 'forced failure of the log test'; END $$`);
    for (const table of ['notification_channels', 'status_pages']) {
      await t.db.rows(`CREATE TRIGGER secrets_log_test_fail BEFORE INSERT OR UPDATE ON ${table}
                         FOR EACH ROW EXECUTE FUNCTION secrets_log_test_fail()`);
    }

    const failed = [
      await monitors('CreateHTTPMonitor', monitorBody('create')),
      await monitors('UpdateHTTPMonitor', { id: httpId, ...monitorBody('update') }),
      await monitors('CreateGRPCMonitor', grpcBody('create')),
      await monitors('UpdateGRPCMonitor', { id: grpcId, ...grpcBody('update') }),
      ...(await Promise.all(channels.map((c) => notifications('CreateNotification', { notification: c })))),
      await notifications('UpdateNotification', {
        id: channelId,
        notification: channels[channels.length - 1],
      }),
      await pages('CreateStatusPage', {
        statusPage: {
          title: 'Locked',
          slug: 'log-test-locked',
          accessType: 'password',
          password: S.statusPagePassword,
        },
      }),
      await pages('UpdateStatusPage', {
        id: pageId,
        statusPage: { accessType: 'password', password: S.statusPagePassword },
      }),
    ];
    for (const answer of failed)
      expect(answer).toEqual({ status: 500, body: { code: 'internal', message: 'Internal error' } });
    await fetch(`${t.baseUrl}/subscriptions/confirm?token=${S.linkToken}`);

    const entries = capture.entries();
    const logged = capture.lines.join('\n');
    for (const [name, secret] of Object.entries({ ...S, apiKey: tenant.writeKey })) {
      expect({ name, found: logged.includes(secret) }).toEqual({ name, found: false });
    }

    const link = entries.find(
      (e) => e.msg === 'incoming request' && String((e.req as { url: string }).url).startsWith('/subscriptions/'),
    );
    expect(link?.req).toMatchObject({ url: '/subscriptions/confirm?[redacted]' });

    // Each failure is logged once, with what diagnoses it: the SQLSTATE, the constraint or the
    // routine, and the statement's name, never its text or parameters.
    const errors = entries.filter((e) => e.msg === 'rpc handler failed').map((e) => e.err as Record<string, unknown>);
    expect(errors).toHaveLength(failed.length);
    const byStatement = errors.map((e) => `${String(e.statement)} ${String(e.code)}`).sort();
    expect(byStatement).toEqual(
      [
        ...Array<string>(2).fill('INSERT monitors 23514'),
        ...Array<string>(2).fill('UPDATE monitors 23514'),
        ...Array<string>(channels.length).fill('INSERT notification_channels P0001'),
        'UPDATE notification_channels P0001',
        'INSERT status_pages P0001',
        'UPDATE status_pages P0001',
      ].sort(),
    );
    const check = errors.find((e) => e.code === '23514')!;
    expect(check).toMatchObject({ type: 'QueryFailedError', constraint: 'ck_secrets_log_test', table: 'monitors' });
    expect(check.message).toBe('new row for relation "monitors" violates check constraint "ck_secrets_log_test"');
    for (const e of errors) {
      for (const dropped of ['parameters', 'query', 'detail', 'where', 'driverError', 'internalQuery']) {
        expect(e).not.toHaveProperty(dropped);
      }
    }
  });
});

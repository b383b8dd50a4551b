// The log test of the Mattermost, Pushover, Gotify and Matrix kinds: with every log line captured at
// level trace, creates and updates that fail in the database (a trigger raises, so each write reaches
// it), and test sends whose receiver echoes the credentials back in a refusal, leave none of the
// kinds' credentials in the logs.
import { Writable } from 'node:stream';
import { newTenant, startHttpApp, type HttpTestApp, type Tenant } from '../support/http-app';
import { startReceiver, type Receiver } from '../support/receivers';

class LogCapture extends Writable {
  readonly lines: string[] = [];

  override _write(chunk: Buffer | string, _encoding: string, done: () => void): void {
    this.lines.push(...chunk.toString().split('\n').filter(Boolean));
    done();
  }
}

const S = {
  mattermostKey: 'SECRETlogmattermost8c2',
  pushoverUser: 'SECRETlogUser00000000000000008',
  pushoverToken: 'SECRETlogToken0000000000000008',
  gotifyQuery: 'SECRET-log-gotify-query-8c2',
  gotifyToken: 'SECRET-log-gotify-token-8c2',
  matrixToken: 'SECRET-log-matrix-token-8c2',
} as const;

const channelsOn = (rx: Receiver): Array<Record<string, unknown>> => [
  { providerType: 'mattermost', mattermost: { webhookUrl: `${rx.url}/hooks/${S.mattermostKey}` } },
  { providerType: 'pushover', pushover: { userKey: S.pushoverUser, appToken: S.pushoverToken, priority: 2 } },
  {
    providerType: 'gotify',
    gotify: { serverUrl: `${rx.url}/g?key=${S.gotifyQuery}`, appToken: S.gotifyToken, priority: 7 },
  },
  {
    providerType: 'matrix',
    matrix: { homeserverUrl: rx.url, roomId: '!logs:matrix.example', accessToken: S.matrixToken },
  },
];

describe('logs of the new channel kinds', () => {
  const capture = new LogCapture();
  let rx: Receiver;
  let t: HttpTestApp;
  let tenant: Tenant;

  const notifications = async (method: string, body: unknown) => {
    const response = await fetch(`${t.baseUrl}/rpc/notification.v1.NotificationService/${method}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-service-key': tenant.writeKey },
      body: JSON.stringify(body),
    });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  };

  beforeAll(async () => {
    rx = await startReceiver();
    t = await startHttpApp({ logTo: capture, env: { ALERT_PUSHOVER_URL: `${rx.url}/po` } });
    tenant = await newTenant(t);
  });

  afterAll(async () => {
    await t.close();
    await rx.close();
  });

  it('keeps every credential out of the logs of refused test sends and failed writes', async () => {
    const channels = channelsOn(rx);
    const ids: string[] = [];
    for (const notification of channels) {
      const created = await notifications('CreateNotification', { notification });
      expect(created.status).toBe(200);
      ids.push((created.body.notification as { id: string }).id);
    }
    // Every receiver refuses, quoting back all it was sent.
    rx.reply({ status: 401, body: `refused: ${Object.values(S).join(' ')}` });
    for (const id of ids) {
      const tested = await notifications('SendTestNotification', { id });
      expect(tested.body).toMatchObject({ status: 401 });
    }
    expect(rx.requests).toHaveLength(channels.length);

    await t.db.rows(`CREATE FUNCTION secrets_log_kinds_fail() RETURNS trigger LANGUAGE plpgsql AS $$
                       BEGIN RAISE EXCEPTION 'forced failure of the log test'; END $$`);
    await t.db.rows(`CREATE TRIGGER secrets_log_kinds_fail BEFORE INSERT OR UPDATE ON notification_channels
                       FOR EACH ROW EXECUTE FUNCTION secrets_log_kinds_fail()`);
    const failed = [
      ...(await Promise.all(channels.map((c) => notifications('CreateNotification', { notification: c })))),
      ...(await Promise.all(
        channels.map((c, i) =>
          notifications('UpdateNotification', { id: ids[i], notification: { ...c, name: 'renamed' } }),
        ),
      )),
    ];
    for (const answer of failed)
      expect(answer).toEqual({ status: 500, body: { code: 'internal', message: 'Internal error' } });

    const logged = capture.lines.join('\n');
    expect(logged).toContain('rpc handler failed');
    for (const [name, secret] of Object.entries(S)) {
      expect({ name, found: logged.includes(secret) }).toEqual({ name, found: false });
    }
  });
});

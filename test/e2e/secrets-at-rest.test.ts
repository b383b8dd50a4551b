// Monitor credentials at rest and webhook credentials in every view: credential request headers,
// gRPC metadata and OpenTelemetry export headers are stored sealed, still reach the checked server
// and the collector in plain text, and are redacted in audit entries; webhook header values, URL
// tokens and signing secrets never leave the service, MCP included. Values stored in the clear by an earlier version are
// sealed by the start-up pass.
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { AuditLogEntity } from '../../backend/src/audit/audit-log.entity';
import { MonitorsRepository } from '../../backend/src/monitors/monitors.repository';
import { newTenant, startHttpApp, type HttpTestApp, type Tenant } from '../support/http-app';
import { eventually, wholeDatabaseText } from '../support/rpc';

const SECRET = {
  authorization: 'Bearer SECRET-rest-authorization-3d9',
  apiKey: 'SECRET-rest-apikey-3d9',
  cookie: 'sid=SECRET-rest-cookie-3d9',
  otel: 'SECRET-rest-otel-3d9',
  grpc: 'Bearer SECRET-rest-grpc-3d9',
};

/** A value sealed with the server's SecretBox, as stored. */
const SEALED: unknown = expect.stringMatching(/^v1\./);

/** A loopback server that records the headers of every request it answers. */
async function recorder(): Promise<{ server: Server; url: string; seen: IncomingHttpHeaders[] }> {
  const seen: IncomingHttpHeaders[] = [];
  const server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      seen.push(req.headers);
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, seen };
}

describe('secrets at rest and in views', () => {
  let t: HttpTestApp;
  let tenant: Tenant;

  const call = async (service: string, method: string, body: unknown, key = tenant.writeKey) => {
    const response = await fetch(`${t.baseUrl}/rpc/${service}/${method}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-service-key': key },
      body: JSON.stringify(body),
    });
    const json = (await response.json()) as Record<string, unknown>;
    if (response.status !== 200) throw new Error(`${method}: ${JSON.stringify(json)}`);
    return json;
  };
  const monitors = (method: string, body: unknown) => call('monitor.v1.MonitorService', method, body);
  const storedMonitor = async (id: string) =>
    (
      await t.db.rows<{ headers: string; otel: string | null; grpc: string | null; updated: Date }>(
        `SELECT headers::text AS headers, open_telemetry::text AS otel, grpc::text AS grpc, updated_at AS updated
           FROM monitors WHERE id = $1`,
        [id],
      )
    )[0];

  beforeAll(async () => {
    t = await startHttpApp({ checkerRegions: ['fly-ams'] });
    tenant = await newTenant(t);
  });

  afterAll(() => t.close());

  it('seals monitor credentials at rest, shows them to the workspace and checks with the plain values', async () => {
    const target = await recorder();
    const collector = await recorder();
    try {
      const headers = [
        { key: 'Authorization', value: SECRET.authorization },
        { key: 'X-Api-Key', value: SECRET.apiKey },
        { key: 'Cookie', value: SECRET.cookie },
        { key: 'X-Team', value: 'sre' },
      ];
      const otel = {
        endpoint: `${collector.url}/v1/metrics`,
        headers: [{ key: 'x-honeycomb-team', value: SECRET.otel }],
      };
      const { monitor } = (await monitors('CreateHTTPMonitor', {
        monitor: {
          name: 'sealed',
          url: `${target.url}/health`,
          periodicity: 'PERIODICITY_1H',
          regions: ['REGION_FLY_AMS'],
          headers,
          openTelemetry: otel,
        },
      })) as { monitor: { id: string } };
      const { monitor: grpc } = (await monitors('CreateGRPCMonitor', {
        monitor: {
          name: 'grpc',
          uri: '127.0.0.1:50051',
          periodicity: 'PERIODICITY_1H',
          metadata: [
            { key: 'authorization', value: SECRET.grpc },
            { key: 'x-tenant', value: 'blue' },
          ],
        },
      })) as { monitor: { id: string } };

      const row = await storedMonitor(monitor.id);
      expect(JSON.parse(row.headers)).toEqual([
        { key: 'Authorization', sealed: SEALED },
        { key: 'X-Api-Key', sealed: SEALED },
        { key: 'Cookie', sealed: SEALED },
        { key: 'X-Team', value: 'sre' },
      ]);
      expect(JSON.parse(row.otel!)).toEqual({
        endpoint: otel.endpoint,
        headers: [{ key: 'x-honeycomb-team', sealed: SEALED }],
      });
      expect(JSON.parse((await storedMonitor(grpc.id)).grpc!)).toMatchObject({
        metadata: [
          { key: 'authorization', sealed: SEALED },
          { key: 'x-tenant', value: 'blue' },
        ],
      });

      // The workspace reads its monitors back as it wrote them (the provider compares them).
      const fetched = (await monitors('GetMonitor', { id: monitor.id })) as {
        monitor: { http: { headers: unknown; openTelemetry: unknown } };
      };
      expect(fetched.monitor.http).toMatchObject({ headers, openTelemetry: otel });

      // The checked server and the collector get the plain values.
      await monitors('TriggerMonitor', { id: monitor.id });
      const [request] = await eventually(
        () => Promise.resolve(target.seen),
        (seen) => seen.length > 0,
      );
      expect(request).toMatchObject({
        authorization: SECRET.authorization,
        'x-api-key': SECRET.apiKey,
        cookie: SECRET.cookie,
      });
      const [exported] = await eventually(
        () => Promise.resolve(collector.seen),
        (seen) => seen.length > 0,
      );
      expect(exported['x-honeycomb-team']).toBe(SECRET.otel);

      const audit = await t.db
        .repo(AuditLogEntity)
        .findBy({ workspaceId: tenant.ctx.workspace.id, entityType: 'monitor' });
      const created = audit.find((e) => e.entityId === monitor.id && e.action === 'monitor.create')!;
      expect(created.after).toMatchObject({
        headers: [
          { key: 'Authorization', value: '[redacted]' },
          { key: 'X-Api-Key', value: '[redacted]' },
          { key: 'Cookie', value: '[redacted]' },
          { key: 'X-Team', value: 'sre' },
        ],
        openTelemetry: { headers: [{ key: 'x-honeycomb-team', value: '[redacted]' }] },
      });
      const database = await wholeDatabaseText(t.db);
      for (const secret of Object.values(SECRET)) expect(database).not.toContain(secret.replace(/^Bearer /, ''));
    } finally {
      await new Promise<void>((resolve) => target.server.close(() => resolve()));
      await new Promise<void>((resolve) => collector.server.close(() => resolve()));
    }
  });

  it('seals at start-up the monitor credentials an earlier version stored in the clear', async () => {
    const { monitor } = (await monitors('CreateHTTPMonitor', {
      monitor: { name: 'legacy', url: 'https://example.com', periodicity: 'PERIODICITY_1H' },
    })) as { monitor: { id: string } };
    const plain = {
      headers: [
        { key: 'Authorization', value: SECRET.authorization },
        { key: 'X-Team', value: 'sre' },
      ],
      otel: { endpoint: 'https://otel.example.com', headers: [{ key: 'x-honeycomb-team', value: SECRET.otel }] },
    };
    await t.db.rows(`UPDATE monitors SET headers = $2::jsonb, open_telemetry = $3::jsonb WHERE id = $1`, [
      monitor.id,
      JSON.stringify(plain.headers),
      JSON.stringify(plain.otel),
    ]);
    const before = await storedMonitor(monitor.id);
    expect(before.headers).toContain(SECRET.authorization);
    const read = (await monitors('GetMonitor', { id: monitor.id })) as { monitor: { http: unknown } };
    expect(read.monitor.http).toMatchObject({ headers: plain.headers, openTelemetry: plain.otel });

    expect(await t.app.get(MonitorsRepository).sealLegacyCredentials()).toBe(1);
    const after = await storedMonitor(monitor.id);
    expect(`${after.headers}${after.otel}`).not.toContain('SECRET');
    expect(after.updated).toEqual(before.updated);
    expect(((await monitors('GetMonitor', { id: monitor.id })) as { monitor: unknown }).monitor).toEqual(read.monitor);
    expect(await t.app.get(MonitorsRepository).sealLegacyCredentials()).toBe(0);
  });

  it('never shows webhook header values, URL tokens or signing secrets, over MCP either', async () => {
    const own = await newTenant(t);
    await call(
      'notification.v1.NotificationService',
      'CreateNotification',
      {
        notification: {
          name: 'hook',
          providerType: 'webhook',
          webhook: {
            endpoint: 'https://hooks.example.com/in?token=SECRET-rest-urltoken-3d9',
            headers: [
              { key: 'Authorization', value: 'Bearer SECRET-rest-hookheader-3d9' },
              { key: 'X-Team', value: 'SECRET-rest-hookteam-3d9' },
            ],
            signingSecret: 'SECRET-rest-hooksigning-3d9',
          },
        },
      },
      own.writeKey,
    );
    const client = new Client({ name: 'secrets-e2e', version: '1.0.0' });
    await client.connect(
      new StreamableHTTPClientTransport(new URL(`${t.baseUrl}/mcp`), {
        requestInit: { headers: { 'x-service-key': own.readKey } },
      }),
    );
    try {
      const result = (await client.callTool({ name: 'list_notifications', arguments: {} })) as CallToolResult;
      expect(result.isError).toBeFalsy();
      expect(result.structuredContent).toMatchObject({
        notifications: [
          {
            providerType: 'webhook',
            settings: {
              endpoint: 'https://hooks.example.com/in',
              headers: [{ key: 'Authorization' }, { key: 'X-Team' }],
            },
            configuredSecrets: ['endpoint', 'headers', 'signing_secret'],
          },
        ],
      });
      expect(JSON.stringify(result)).not.toContain('SECRET');
    } finally {
      await client.close();
    }
  });
});

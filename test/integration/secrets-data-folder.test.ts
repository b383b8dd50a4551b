// The data-folder test: the whole server on the embedded database in a data folder, every kind of
// secret created through the RPC API, then the server closed (PGlite checkpoints and closes its
// files) and every file under the folder read as bytes. None of the plain secrets may be there: not
// in the tables, not in the write-ahead log, not in any other file.
import 'reflect-metadata';
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import { AppModule } from '../../backend/src/app.module';
import { loadConfig } from '../../backend/src/config/config';
import { registerTransports } from '../../backend/src/server/transports';
import { createLogger } from '../../backend/src/logging/logger';
import { newTenant, type HttpTestApp } from '../support/http-app';

/** Every regular file under `dir`, recursively. */
function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(entry.parentPath, entry.name);
    if (entry.isDirectory()) return filesUnder(path);
    return entry.isFile() ? [path] : [];
  });
}

const S = {
  monitorAuthorization: 'Bearer SECRET-folder-monitor-auth-41b',
  monitorApiKey: 'SECRET-folder-monitor-apikey-41b',
  monitorCookie: 'sid=SECRET-folder-monitor-cookie-41b',
  monitorToken: 'SECRET-folder-monitor-token-41b',
  otelHeader: 'SECRET-folder-otel-header-41b',
  otelAuthorization: 'Basic SECRET-folder-otel-auth-41b',
  grpcMetadata: 'Bearer SECRET-folder-grpc-metadata-41b',
  discord: 'https://discord.example.com/api/webhooks/SECRET-folder-discord-41b',
  slack: 'https://hooks.slack.example.com/services/SECRET-folder-slack-41b',
  pagerduty: 'SECRET-folder-pagerduty-41b',
  opsgenie: 'SECRET-folder-opsgenie-41b',
  googleChat: 'https://chat.example.com/v1/spaces/SECRET-folder-gchat-41b',
  grafanaOncall: 'https://oncall.example.com/integrations/SECRET-folder-grafana-41b',
  ntfyToken: 'SECRET-folder-ntfy-token-41b',
  ntfyServerToken: 'SECRET-folder-ntfy-urltoken-41b',
  msTeams: 'https://teams.example.com/webhookb2/SECRET-folder-teams-41b',
  webhookUrlToken: 'SECRET-folder-webhook-urltoken-41b',
  webhookHeader: 'Bearer SECRET-folder-webhook-header-41b',
  webhookPlainHeader: 'SECRET-folder-webhook-team-41b',
  webhookSigning: 'SECRET-folder-webhook-signing-41b',
  rotatedWebhookHeader: 'SECRET-folder-webhook-rotated-41b',
  statusPagePassword: 'SECRET-folder-page-password-41b',
};

describe('the embedded data folder', () => {
  it('holds none of the secrets in any file', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'svc-secrets-folder-'));
    const config = loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      BOOTSTRAP: 'false',
      RATE_LIMIT_PER_MINUTE: '1000000',
      CHECKER_EMBEDDED: 'false',
    });
    const logger = createLogger('silent');
    const app = await NestFactory.create<NestFastifyApplication>(
      AppModule.forRoot(config, logger),
      new FastifyAdapter({ loggerInstance: logger }),
      { logger: false, abortOnError: false },
    );
    let closed = false;
    const secrets: Record<string, string> = { ...S };
    try {
      await registerTransports(app);
      await app.listen({ port: 0, host: '127.0.0.1' });
      const address = app.getHttpServer().address();
      const baseUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
      const tenant = await newTenant({ app } as HttpTestApp);
      secrets.writeKey = tenant.writeKey;
      secrets.readKey = tenant.readKey;

      const call = async (service: string, method: string, body: unknown): Promise<Record<string, unknown>> => {
        const response = await fetch(`${baseUrl}/rpc/${service}/${method}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-service-key': tenant.writeKey },
          body: JSON.stringify(body),
        });
        const json = (await response.json()) as Record<string, unknown>;
        if (response.status !== 200) throw new Error(`${method}: ${JSON.stringify(json)}`);
        return json;
      };

      await call('monitor.v1.MonitorService', 'CreateHTTPMonitor', {
        monitor: {
          name: 'api',
          url: 'https://example.com/health',
          periodicity: 'PERIODICITY_1H',
          headers: [
            { key: 'Authorization', value: S.monitorAuthorization },
            { key: 'X-Api-Key', value: S.monitorApiKey },
            { key: 'Cookie', value: S.monitorCookie },
            { key: 'X-Auth-Token', value: S.monitorToken },
          ],
          openTelemetry: {
            endpoint: 'https://otel.example.com/v1/metrics',
            headers: [
              { key: 'x-honeycomb-team', value: S.otelHeader },
              { key: 'Authorization', value: S.otelAuthorization },
            ],
          },
        },
      });
      await call('monitor.v1.MonitorService', 'CreateTCPMonitor', {
        monitor: {
          name: 'tcp',
          uri: '127.0.0.1:5432',
          periodicity: 'PERIODICITY_1H',
          openTelemetry: { endpoint: 'https://otel.example.com', headers: [{ key: 'x-otel', value: S.otelHeader }] },
        },
      });
      await call('monitor.v1.MonitorService', 'CreateGRPCMonitor', {
        monitor: {
          name: 'grpc',
          uri: '127.0.0.1:50051',
          periodicity: 'PERIODICITY_1H',
          metadata: [{ key: 'authorization', value: S.grpcMetadata }],
        },
      });

      const notifications = [
        { providerType: 'discord', discord: { webhookUrl: S.discord } },
        { providerType: 'slack', slack: { webhookUrl: S.slack } },
        { providerType: 'pagerduty', pagerduty: { integrationKey: S.pagerduty } },
        { providerType: 'opsgenie', opsgenie: { apiKey: S.opsgenie, region: 'us' } },
        { providerType: 'google_chat', googleChat: { webhookUrl: S.googleChat } },
        { providerType: 'grafana_oncall', grafanaOncall: { webhookUrl: S.grafanaOncall } },
        {
          providerType: 'ntfy',
          ntfy: {
            topic: 'alerts',
            serverUrl: `https://ntfy.example.com/?auth=${S.ntfyServerToken}`,
            token: S.ntfyToken,
          },
        },
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
      let webhookId = '';
      for (const notification of notifications) {
        const created = await call('notification.v1.NotificationService', 'CreateNotification', { notification });
        webhookId = (created.notification as { id: string }).id;
      }
      // An update rotates one header value and keeps the other, as an answered block sends it back.
      await call('notification.v1.NotificationService', 'UpdateNotification', {
        id: webhookId,
        notification: {
          webhook: {
            endpoint: 'https://hooks.example.com/in',
            headers: [
              { key: 'Authorization', value: '' },
              { key: 'X-Team', value: S.rotatedWebhookHeader },
            ],
          },
        },
      });

      await call('status_page.v1.StatusPageService', 'CreateStatusPage', {
        statusPage: {
          title: 'Private',
          slug: 'folder-private',
          accessType: 'password',
          password: S.statusPagePassword,
        },
      });
      const location = await call('private_location.v1.PrivateLocationService', 'CreatePrivateLocation', {
        privateLocation: { name: 'Rack', metadata: { site: 'hq' } },
      });
      secrets.privateLocationToken = (location.privateLocation as { token: string }).token;
      expect(secrets.privateLocationToken).toMatch(/^svc_plt_/);

      await app.close();
      closed = true;

      const files = filesUnder(dataDir);
      expect(files.length).toBeGreaterThan(10);
      // The folder does hold what was written: a setting stored in the clear is found.
      const haystacks = files.map((file) => ({ file, bytes: readFileSync(file) }));
      expect(haystacks.some((h) => h.bytes.includes(Buffer.from('folder-private')))).toBe(true);
      const found = Object.entries(secrets).flatMap(([name, secret]) =>
        haystacks.filter((h) => h.bytes.includes(Buffer.from(secret))).map((h) => `${name} in ${h.file}`),
      );
      expect(found).toEqual([]);
    } finally {
      if (!closed) await app.close();
    }
  });
});

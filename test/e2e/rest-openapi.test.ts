// REST routes and the OpenAPI document, on the real HTTP server.
import { spawnSync } from 'node:child_process';
import { MaintenanceService } from '@uptime/proto/gen/maintenance/v1/maintenance_service_pb';
import { MonitorService } from '@uptime/proto/gen/monitor/v1/monitor_service_pb';
import { NotificationService } from '@uptime/proto/gen/notification/v1/notification_service_pb';
import { PrivateLocationService } from '@uptime/proto/gen/private_location/v1/private_location_service_pb';
import { StatusPageService } from '@uptime/proto/gen/status_page/v1/status_page_service_pb';
import { StatusReportService } from '@uptime/proto/gen/status_report/v1/status_report_service_pb';
import { SubscriberService } from '@uptime/proto/gen/subscriber/v1/subscriber_service_pb';
import { SlaService } from '@uptime/proto/gen/sla/v1/sla_service_pb';
import { AlertService } from '@uptime/proto/gen/alert/v1/alert_service_pb';
import { newTenant, startHttpApp, type HttpTestApp, type Tenant } from '../support/http-app';
import { insideToday, storeResult } from '../support/results';

describe('REST and OpenAPI', () => {
  let t: HttpTestApp;
  let tenant: Tenant;

  beforeAll(async () => {
    t = await startHttpApp();
    tenant = await newTenant(t);
  });

  afterAll(() => t.close());

  const get = async (path: string, key: string | null = tenant.writeKey) => {
    const response = await fetch(`${t.baseUrl}${path}`, { headers: key ? { 'x-service-key': key } : {} });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  };

  describe('GET /v1/monitor/:id/summary', () => {
    async function monitorWithResults(): Promise<string> {
      const response = await fetch(`${t.baseUrl}/rpc/monitor.v1.MonitorService/CreateHTTPMonitor`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-service-key': tenant.writeKey },
        body: JSON.stringify({ monitor: { name: 'rest', url: 'https://example.com', periodicity: 'PERIODICITY_1M' } }),
      });
      const id = ((await response.json()) as { monitor: { id: string } }).monitor.id;
      const from = insideToday();
      for (const [minutesAgo, status] of [
        [1, 'success'],
        [2, 'error'],
        [3, 'degraded'],
        [1441, 'success'],
      ] as const) {
        await storeResult(t.app, { monitorId: id, minutesAgo, status, from });
      }
      return id;
    }

    it('returns one {ok, count, day} per UTC day, oldest first', async () => {
      const id = await monitorWithResults();
      const { status, body } = await get(`/v1/monitor/${id}/summary`);
      expect(status).toBe(200);
      const data = body.data as Array<{ day: string; count: number; ok: number }>;
      expect(data).toHaveLength(14);
      const today = new Date().toISOString().slice(0, 10);
      expect(data[13]).toEqual({ day: today, count: 3, ok: 2 });
      expect(data[12].count + data[13].count).toBe(4);
      expect(data[0]).toMatchObject({ count: 0, ok: 0 });
      const week = await get(`/v1/monitor/${id}/summary?days=7`);
      expect(week.body.data).toHaveLength(7);
    });

    it('validates days, needs a key and hides other workspaces', async () => {
      const id = await monitorWithResults();
      expect(await get(`/v1/monitor/${id}/summary?days=46`)).toMatchObject({
        status: 400,
        body: { code: 'VALIDATION', message: 'days: must be between 1 and 45' },
      });
      expect((await get(`/v1/monitor/${id}/summary?days=x`)).status).toBe(400);
      expect((await get(`/v1/monitor/${id}/summary`, null)).status).toBe(401);
      const stranger = await newTenant(t);
      expect(await get(`/v1/monitor/${id}/summary`, stranger.readKey)).toEqual({
        status: 404,
        body: { code: 'NOT_FOUND', message: `monitor "${id}" not found` },
      });
    });
  });

  describe('GET /openapi.json', () => {
    it('is a valid OpenAPI 3.1 document covering every RPC method and REST route', async () => {
      const { status, body } = await get('/openapi.json', null);
      expect(status).toBe(200);
      expect(body.openapi).toBe('3.1.0');
      const paths = body.paths as Record<string, Record<string, unknown>>;
      for (const service of [
        MonitorService,
        StatusPageService,
        StatusReportService,
        MaintenanceService,
        NotificationService,
        PrivateLocationService,
        SubscriberService,
        SlaService,
        AlertService,
      ]) {
        for (const method of service.methods) {
          expect(paths[`/rpc/${service.typeName}/${method.name}`]?.post).toBeDefined();
        }
      }
      expect(Object.keys(paths)).toEqual(
        expect.arrayContaining([
          '/v1/monitor/{id}/summary',
          '/v1/whoami',
          '/health',
          '/ready',
          '/subscriptions/confirm',
          '/subscriptions/unsubscribe',
          '/alerts/ack/{token}',
        ]),
      );
      // swagger-parser is ESM-only, so it validates in a plain Node process.
      const validation = spawnSync(
        process.execPath,
        [
          '--input-type=module',
          '-e',
          `import SwaggerParser from '@apidevtools/swagger-parser';
           let text = ''; for await (const chunk of process.stdin) text += chunk;
           await SwaggerParser.validate(JSON.parse(text)); console.log('valid');`,
        ],
        { input: JSON.stringify(body), encoding: 'utf8' },
      );
      expect(validation.stderr).toBe('');
      expect(validation.stdout.trim()).toBe('valid');
    });

    it('describes messages in their Connect JSON form', async () => {
      const { body } = await get('/openapi.json', null);
      const schemas = (
        body.components as { schemas: Record<string, { properties?: Record<string, Record<string, unknown>> }> }
      ).schemas;
      const http = schemas['monitor.v1.HTTPMonitor'].properties!;
      expect(http.timeout).toMatchObject({ type: 'string', format: 'int64' });
      expect(http.statusCodeAssertions).toMatchObject({ type: 'array' });
      expect(http.followRedirects).toEqual({ type: 'boolean' });
      const periodicity = schemas['monitor.v1.Periodicity'] as { type: string; enum: string[] };
      expect(periodicity.type).toBe('string');
      expect(periodicity.enum).toContain('PERIODICITY_1M');
      expect(schemas['status_page.v1.StatusPage'].properties!.createdAt).toEqual({
        type: 'string',
        format: 'date-time',
      });
    });
  });
});

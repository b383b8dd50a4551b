// exports.v1.ExportService/ExportTerraform and the MCP tool get_terraform_export on the real HTTP
// server: the same files as `cli export terraform` (test/provider/export-terraform.acceptance.test.ts
// plans them with the real terraform), for a read key too, with no secret value in any file; an
// unknown format is invalid_argument.
import { Code, createClient } from '@connectrpc/connect';
import { createConnectTransport } from '@connectrpc/connect-node';
import { ExportService } from '@uptime/proto/gen/exports/v1/export_service_pb';
import { MonitorsService } from '../../backend/src/monitors/monitors.service';
import { NotificationsService } from '../../backend/src/notifications/notifications.service';
import { McpTestClients } from '../support/mcp';
import { newTenant, startHttpApp, type HttpTestApp, type Tenant } from '../support/http-app';
import { rpcError, withKey } from '../support/rpc';

const WEBHOOK = 'https://hooks.slack.com/services/T0/B0/export-secret-token-0123';

describe('ExportService and get_terraform_export', () => {
  let t: HttpTestApp;
  let tenant: Tenant;
  let mcp: McpTestClients;
  const clientFor = (key: string) =>
    createClient(
      ExportService,
      createConnectTransport({ baseUrl: `${t.baseUrl}/rpc`, httpVersion: '1.1', interceptors: [withKey(key)] }),
    );

  beforeAll(async () => {
    t = await startHttpApp();
    tenant = await newTenant(t);
    mcp = new McpTestClients(t.baseUrl, 'export-e2e');
    const api = await t.app.get(MonitorsService).create(tenant.ctx, 'http', {
      name: 'API health',
      url: 'https://api.example.com/health',
      periodicity: '5m',
      headers: [{ key: 'Authorization', value: 'Bearer export-header-secret' }],
    });
    await t.app.get(NotificationsService).create(tenant.ctx, {
      name: 'Ops',
      providerType: 'slack',
      provider: { kind: 'slack', args: { webhookUrl: WEBHOOK } },
      monitorIds: [api.id],
    });
  });

  afterAll(async () => {
    await mcp.closeAll();
    await t.close();
  });

  it('answers the HCL files to a read key: import blocks, a reference, secrets as variables, no secret value', async () => {
    const answer = await clientFor(tenant.readKey).exportTerraform({});
    const byPath = new Map(answer.files.map((f) => [f.path, f.content]));
    expect([...byPath.keys()]).toEqual(
      expect.arrayContaining(['provider.tf', 'monitors_http.tf', 'notifications.tf', 'imports.tf', 'variables.tf']),
    );
    expect(answer.resourceCount).toBe(2);
    expect(byPath.get('imports.tf')).toContain('to = service_http_monitor.api_health');
    expect(byPath.get('notifications.tf')).toContain('service_http_monitor.api_health.id');
    expect(answer.variables.length).toBeGreaterThanOrEqual(2);
    for (const name of answer.variables) expect(byPath.get('variables.tf')).toContain(`variable "${name}"`);
    const everything = answer.files.map((f) => f.content).join('\n');
    expect(everything).not.toContain('export-secret-token');
    expect(everything).not.toContain('export-header-secret');
  });

  it('answers a CDKTF project with format cdktf, and refuses another format naming it', async () => {
    const answer = await clientFor(tenant.writeKey).exportTerraform({ format: 'cdktf' });
    const main = answer.files.find((f) => f.path === 'main.ts')?.content ?? '';
    expect(main).toContain('importFrom(');
    expect(main).not.toContain('export-secret-token');
    const refused = await rpcError(clientFor(tenant.writeKey).exportTerraform({ format: 'pulumi' }));
    expect([refused.code, refused.rawMessage]).toEqual([Code.InvalidArgument, 'format: must be one of hcl, cdktf']);
  });

  it('gives the same files through MCP to a read-only key', async () => {
    const client = await mcp.withKey(tenant.readKey);
    const rpc = await clientFor(tenant.readKey).exportTerraform({ format: 'hcl' });
    const out = (await mcp.ok(client, 'get_terraform_export')) as { files: Array<{ path: string; content: string }> };
    expect(out.files).toEqual(rpc.files.map((f) => ({ path: f.path, content: f.content })));
  });
});

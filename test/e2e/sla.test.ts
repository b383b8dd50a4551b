// SLA reports end to end: the RPC API (sla.v1.SlaService/GetSlaReport, Connect binary with the
// official client) and the MCP tool get_sla_report (the official SDK client), on the whole HTTP
// application on loopback with a real database. Both must answer what the service verb answers for
// the same data, to read-only credentials; ids of another workspace are not found; a bad period or
// target is refused naming the field and the bound. The figures themselves are checked by hand in
// test/medium/sla.service.test.ts.
import { timestampDate, timestampFromDate } from '@bufbuild/protobuf/wkt';
import { Code, createClient, type Client } from '@connectrpc/connect';
import { createConnectTransport } from '@connectrpc/connect-node';
import { SlaService as SlaRpc } from '@uptime/proto/gen/sla/v1/sla_service_pb';
import type { Client as McpClient } from '@modelcontextprotocol/sdk/client/index.js';
import { SlaService } from '../../backend/src/sla/sla.service';
import { PageComponentsService } from '../../backend/src/status-pages/page-components.service';
import type { SlaReportView } from '../../backend/src/sla/sla.view';
import { newTenant, startHttpApp, type HttpTestApp, type Tenant } from '../support/http-app';
import { errorText, McpTestClients, refusal, seedPageWithMonitor } from '../support/mcp';
import { storeResult } from '../support/results';
import { rpcError, withKey } from '../support/rpc';

const HOUR = 3_600_000;

describe('SLA reports over RPC and MCP', () => {
  let t: HttpTestApp;
  let a: Tenant;
  let b: Tenant;
  let mine: { pageId: string; monitorId: string; componentId: string };
  let theirs: { pageId: string; monitorId: string; componentId: string };
  let rpc: Client<typeof SlaRpc>;
  let mcp: McpTestClients<SlaReportView>;
  let tool: McpClient;
  let docs: { id: string };
  // A range wholly in the past, so the service's answer does not move between calls.
  const start = Math.floor(Date.now() / HOUR) * HOUR - 30 * HOUR;
  const range = { from: new Date(start).toISOString(), to: new Date(start + 6 * HOUR).toISOString() };

  beforeAll(async () => {
    t = await startHttpApp();
    [a, b] = [await newTenant(t), await newTenant(t)];
    mine = await seedPageWithMonitor(t, a, { title: 'Mine', slug: 'sla-mine' });
    theirs = await seedPageWithMonitor(t, b, { title: 'Theirs', slug: 'sla-theirs' });
    docs = await t.app
      .get(PageComponentsService)
      .createComponent(a.ctx, { pageId: mine.pageId, type: 'static', name: 'Docs' });
    // Checks through the ingestion path: a failure between two successes inside the range.
    for (const [hours, status] of [
      [1, 'success'],
      [2, 'error'],
      [3, 'success'],
    ] as const) {
      await storeResult(t.app, { monitorId: mine.monitorId, minutesAgo: 0, from: start + hours * HOUR, status });
    }
    rpc = createClient(
      SlaRpc,
      createConnectTransport({
        baseUrl: `${t.baseUrl}/rpc`,
        httpVersion: '1.1',
        useBinaryFormat: true,
        interceptors: [withKey(a.readKey)],
      }),
    );
    mcp = new McpTestClients<SlaReportView>(t.baseUrl, 'sla-test');
    tool = await mcp.withKey(a.readKey);
    await mcp.checkOutputSchemas(tool);
  });

  afterAll(async () => {
    await mcp?.closeAll();
    await t?.close();
  });

  const expected = (scope: 'monitor' | 'page', id: string) =>
    t.app.get(SlaService).report({ ...a.ctx, scope: 'read' }, { scope, id, ...range, target: 99.5 });
  const rangeIn = () => ({
    period: {
      case: 'custom' as const,
      value: { from: timestampFromDate(new Date(range.from)), to: timestampFromDate(new Date(range.to)) },
    },
  });

  it('answers over RPC, to a read-only key, what the service answers', async () => {
    const want = await expected('monitor', mine.monitorId);
    const got = await rpc.getSlaReport({
      scope: { case: 'monitorId', value: mine.monitorId },
      ...rangeIn(),
      target: 99.5,
    });
    expect(want.figures?.checks.total).toBe(3);
    expect(got.scope).toBe('monitor');
    expect(got.name).toBe('API');
    expect(got.period?.kind).toBe('custom');
    expect(timestampDate(got.period!.from!).toISOString()).toBe(range.from);
    const f = got.figures!;
    expect({
      measuredMinutes: f.measuredMinutes,
      downtimeMinutes: f.downtimeMinutes,
      degradedMinutes: f.degradedMinutes,
      uptimePercent: f.uptimePercent ?? null,
      source: f.source,
      errorBudget: {
        allowedMinutes: f.errorBudget!.allowedMinutes,
        leftMinutes: f.errorBudget!.leftMinutes,
        leftPercent: f.errorBudget!.leftPercent ?? null,
      },
      incidentCount: f.incidentCount,
      mttrMinutes: f.mttrMinutes ?? null,
      checks: {
        total: Number(f.checks!.total),
        failed: Number(f.checks!.failed),
        degraded: Number(f.checks!.degraded),
      },
    }).toEqual(want.figures);
    expect(got.incidents.map((i) => [i.incidentKey, i.status, i.durationMinutes])).toEqual(
      want.incidents.map((i) => [i.incidentKey, i.status, i.durationMinutes]),
    );
  });

  it('reports a page per component over RPC, a component without a monitor with a note', async () => {
    const got = await rpc.getSlaReport({
      scope: { case: 'pageId', value: mine.pageId },
      period: { case: 'month', value: new Date().toISOString().slice(0, 7) },
    });
    expect(got.components.map((c) => [c.componentId, c.monitorId ?? null, c.figures !== undefined, c.note])).toEqual([
      [mine.componentId, mine.monitorId, true, ''],
      [docs.id, null, false, 'This component shows no monitor: it has no uptime figures.'],
    ]);
    expect(got.target).toBe(99.9);
    expect(got.figures).toBeDefined();
  });

  it('answers over MCP, to a read-only key, what the service answers', async () => {
    expect((await tool.listTools()).tools.map((x) => x.name)).toContain('get_sla_report');
    const want = await expected('page', mine.pageId);
    const got = await mcp.ok(tool, 'get_sla_report', {
      scope: 'page',
      id: Number(mine.pageId),
      ...range,
      target: 99.5,
    });
    expect({ ...got, generatedAt: '' }).toEqual({ ...want, generatedAt: '' });
  });

  it("answers not found for another workspace's monitor, component and page", async () => {
    const month = new Date().toISOString().slice(0, 7);
    for (const scope of [
      { case: 'monitorId' as const, value: theirs.monitorId },
      { case: 'componentId' as const, value: theirs.componentId },
      { case: 'pageId' as const, value: theirs.pageId },
    ]) {
      expect((await rpcError(rpc.getSlaReport({ scope, period: { case: 'month', value: month } }))).code).toBe(
        Code.NotFound,
      );
    }
    for (const [scope, id] of [
      ['monitor', theirs.monitorId],
      ['component', theirs.componentId],
      ['page', theirs.pageId],
    ]) {
      const result = await mcp.call(tool, 'get_sla_report', { scope, id, month });
      expect([scope, result.isError, errorText(result).split(':')[0]]).toEqual([scope, true, 'NOT_FOUND']);
    }
  });

  it('refuses a bad period or target naming the field and the bound', async () => {
    const monitor = { case: 'monitorId' as const, value: mine.monitorId };
    const refused = async (req: Parameters<typeof rpc.getSlaReport>[0]) => {
      const error = await rpcError(rpc.getSlaReport(req));
      expect(error.code).toBe(Code.InvalidArgument);
      return error.rawMessage;
    };
    expect(await refused({ scope: monitor, period: { case: 'month', value: '2026-13' } })).toContain(
      'month: must be a month as YYYY-MM',
    );
    expect(await refused({ scope: monitor, period: { case: 'quarter', value: '2026-Q5' } })).toContain(
      'quarter: must be a quarter as YYYY-Qn',
    );
    expect(await refused({ scope: monitor, ...rangeIn(), target: 100 })).toBe('target: must be less than 100');
    const { from, to } = rangeIn().period.value;
    expect(await refused({ scope: monitor, period: { case: 'custom', value: { from: to, to: from } } })).toBe(
      'to: must be after from',
    );
    expect(await refused({ scope: monitor, period: { case: 'custom', value: { from } } })).toBe(
      'custom.to: is required',
    );
    expect(await refused({ scope: monitor })).toContain('period: is required');
    expect(await refused({ period: { case: 'month', value: '2026-01' } })).toContain('scope: is required');
    // The tool's own input schema (the service's fields) refuses a bad field before the call...
    const badTarget = await refusal(
      mcp.call(tool, 'get_sla_report', { scope: 'monitor', id: mine.monitorId, ...range, target: 0 }),
    );
    expect(badTarget.code).toBe(-32602);
    expect(badTarget.message).toContain('target: must be greater than 0');
    // ...and the service refuses the rule across fields (one period) as a tool error.
    const both = await mcp.call(tool, 'get_sla_report', {
      scope: 'monitor',
      id: mine.monitorId,
      month: '2026-01',
      ...range,
    });
    expect(both.isError).toBe(true);
    expect(errorText(both)).toMatch(/^VALIDATION: period: give only one of month, quarter, or from and to/);
  });
});

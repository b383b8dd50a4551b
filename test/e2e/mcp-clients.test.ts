// What real MCP clients send, over real HTTP: ids as JSON numbers, misspelt argument names,
// `Accept: */*`, an API key as a bearer token, bodies that are not JSON, and what they check: error
// messages as the SDK client shows them, output schemas as the Inspector's --strict mode reads them.
import type { CallToolResult, Tool } from '@modelcontextprotocol/sdk/types.js';
import type { FastifyRequest } from 'fastify';
import type { DomainErrorCode } from '../../backend/src/common/errors';
import { mcpErrorFormOf } from '../../backend/src/mcp/mcp-errors';
import { rateKeyOf } from '../../backend/src/rate-limit/rate-limit.hook';
import { errorText, McpTestClients, refusal, seedPageWithMonitor } from '../support/mcp';
import { newTenant, startHttpApp, type HttpTestApp, type Tenant } from '../support/http-app';

interface Entity {
  id: string;
  [key: string]: unknown;
}
/** The structured output of any tool, read loosely in assertions. */
interface Out {
  [key: string]: unknown;
  id: string;
  monitor: Entity;
  logs: Entity[];
  components: Entity[];
  statusReport: Entity;
  maintenance: Entity;
  entries: Entity[];
  entry: Entity;
}

interface JsonRpcAnswer {
  jsonrpc: string;
  id: unknown;
  result?: Record<string, unknown>;
  error?: { code: number; message: string };
}

describe('MCP with real clients', () => {
  let t: HttpTestApp;
  let pro: Tenant;
  let free: Tenant;
  let mcp: McpTestClients<Out>;
  let pageId: string;
  let componentId: string;
  let monitorId: string;

  /** A raw POST with exactly these headers and body. */
  const post = (headers: Record<string, string>, body: string) =>
    fetch(`${t.baseUrl}/mcp`, { method: 'POST', headers, body });
  const toolsCall = (name: string, args: Record<string, unknown>) =>
    JSON.stringify({ jsonrpc: '2.0', id: 7, method: 'tools/call', params: { name, arguments: args } });

  beforeAll(async () => {
    t = await startHttpApp();
    mcp = new McpTestClients(t.baseUrl, 'mcp-clients-e2e');
    pro = await newTenant(t, 'pro');
    free = await newTenant(t, 'free');
    ({ pageId, monitorId, componentId } = await seedPageWithMonitor(t, pro, { title: 'Clients', slug: 'mcp-clients' }));
  });

  afterAll(async () => {
    await mcp.closeAll();
    await t.close();
  });

  describe('ids given as JSON numbers', () => {
    it('takes every id argument as a number or a numeric string, in the same call', async () => {
      const client = await mcp.withKey(pro.writeKey);
      const n = Number;
      expect((await mcp.ok(client, 'get_monitor', { monitorId: n(monitorId) })).monitor.id).toBe(monitorId);
      expect((await mcp.ok(client, 'get_monitor_status', { monitorId: n(monitorId) })).id).toBe(monitorId);
      expect((await mcp.ok(client, 'get_monitor_summary', { monitorId: n(monitorId) })).id).toBe(monitorId);
      expect((await mcp.ok(client, 'list_response_logs', { monitorId: n(monitorId) })).logs).toEqual([]);
      // Taken as the id "987654321" and looked up: a tool error saying so, not an argument refusal.
      const log = (await client.callTool({
        name: 'get_response_log',
        arguments: { monitorId: n(monitorId), logId: 987654321 },
      })) as CallToolResult;
      expect([log.isError, errorText(log)]).toEqual([true, 'NOT_FOUND: response log "987654321" not found']);
      const components = await mcp.ok(client, 'list_page_components', { pageId: n(pageId) });
      expect(components.components.map((c) => c.id)).toEqual([componentId]);

      const created = await mcp.ok(client, 'create_status_report', {
        pageId: n(pageId),
        title: 'Numbers',
        message: 'Ids as numbers',
        pageComponentIds: [n(componentId)],
        notify: false,
      });
      const reportId = created.statusReport.id;
      expect(created.statusReport).toMatchObject({ pageId, pageComponentIds: [componentId] });
      await mcp.ok(client, 'add_status_report_update', {
        statusReportId: n(reportId),
        status: 'identified',
        message: 'Found it',
        notify: false,
      });
      await mcp.ok(client, 'update_status_report', { statusReportId: n(reportId), pageComponentIds: [] });
      await mcp.ok(client, 'resolve_status_report', { statusReportId: reportId, message: 'Fixed', notify: false });
      const maintenance = await mcp.ok(client, 'create_maintenance', {
        pageId: n(pageId),
        title: 'Window',
        from: new Date(Date.now() + 3_600_000).toISOString(),
        to: new Date(Date.now() + 7_200_000).toISOString(),
        pageComponentIds: [n(componentId)],
        notify: false,
      });
      expect(maintenance.maintenance.pageComponentIds).toEqual([componentId]);

      const entries = await mcp.ok(client, 'list_audit_logs', { entityType: 'status_report', entityId: n(reportId) });
      expect(entries.entries.length).toBeGreaterThanOrEqual(4);
      expect(entries.entries.every((e) => e.entityId === reportId)).toBe(true);
      const entry = await mcp.ok(client, 'get_audit_log', { auditLogId: n(entries.entries[0].id) });
      expect(entry.entry.id).toBe(entries.entries[0].id);
    });

    it('announces every id argument of every tool as a string or an integer', async () => {
      const { tools } = await (await mcp.withKey(pro.writeKey)).listTools();
      const idArguments: string[] = [];
      for (const tool of tools) {
        for (const [name, schema] of Object.entries(tool.inputSchema.properties ?? {})) {
          if (!/Ids?$/.test(name)) continue;
          const s = schema as { anyOf?: Array<{ type: string }>; items?: { anyOf?: Array<{ type: string }> } };
          const types = (name.endsWith('Ids') ? s.items?.anyOf : s.anyOf)?.map((x) => x.type);
          expect([tool.name, name, types]).toEqual([tool.name, name, ['string', 'integer']]);
          idArguments.push(`${tool.name}.${name}`);
        }
      }
      expect(idArguments).toEqual(
        expect.arrayContaining([
          'get_monitor.monitorId',
          'get_response_log.logId',
          'get_audit_log.auditLogId',
          'list_audit_logs.entityId',
          'create_status_report.pageComponentIds',
          'add_status_report_update.statusReportId',
        ]),
      );
    });

    it('refuses ids that are no ids, naming the argument', async () => {
      const client = await mcp.withKey(pro.readKey);
      for (const monitorId of [-1, 1.5, 'abc', '', true, null, 2 ** 60]) {
        const refused = await refusal(client.callTool({ name: 'get_monitor', arguments: { monitorId } }));
        expect([monitorId, refused.code]).toEqual([monitorId, -32602]);
        expect(refused.message).toMatch(/monitorId/);
      }
      const missing = await refusal(client.callTool({ name: 'get_monitor', arguments: {} }));
      expect(missing.message).toContain('monitorId is required');
    });
  });

  describe('errors as clients show them', () => {
    it('gives the SDK client one "MCP error <code>:" prefix, and the wire message none', async () => {
      const client = await mcp.withKey(pro.readKey);
      const refused = await refusal(client.callTool({ name: 'get_monitor', arguments: {} }));
      expect(refused.message).toMatch(/^MCP error -32602: Invalid arguments for get_monitor: /);
      expect(refused.message.match(/MCP error/g)).toHaveLength(1);

      const headers = {
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
        'x-service-key': pro.readKey,
      };
      const cases: Array<[string, number]> = [
        [toolsCall('get_monitor', {}), -32602],
        [toolsCall('drop_everything', {}), -32602],
        [toolsCall('create_status_report', { pageId, title: 'x', message: 'y', notify: false }), -32003],
        [JSON.stringify({ jsonrpc: '2.0', id: 7, method: 'tools/call' }), -32602],
        [JSON.stringify({ jsonrpc: '2.0', id: 7, method: 'resources/read', params: { uri: 'x:y' } }), -32602],
      ];
      for (const [body, code] of cases) {
        const answer = (await (await post(headers, body)).json()) as JsonRpcAnswer;
        expect([body, answer.error?.code]).toEqual([body, code]);
        expect([body, answer.error?.message]).not.toEqual([body, expect.stringMatching(/MCP error/)]);
      }
    });

    it('refuses an unknown argument name, naming it and the accepted ones', async () => {
      const client = await mcp.withKey(pro.readKey);
      const refused = await refusal(
        client.callTool({ name: 'get_monitor_summary', arguments: { monitorId, timeRange: '7d' } }),
      );
      expect(refused.code).toBe(-32602);
      expect(refused.message).toContain('unknown argument "timeRange"');
      expect(refused.message).toContain('the arguments of get_monitor_summary are monitorId, range');
      const none = await refusal(client.callTool({ name: 'list_status_pages', arguments: { page: 2 } }));
      expect(none.message).toContain('unknown argument "page"; list_status_pages takes none');
      const { tools } = await client.listTools();
      expect(tools.every((tool) => tool.inputSchema.additionalProperties === false)).toBe(true);
    });
  });

  describe('HTTP', () => {
    const initialize = JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '1' } },
    });

    it('answers JSON to Accept: */*, application/json alone or no Accept, and SSE to text/event-stream alone', async () => {
      for (const accept of ['*/*', 'application/json', 'application/*', 'text/html, */*;q=0.8', undefined]) {
        const headers: Record<string, string> = { 'content-type': 'application/json', 'x-service-key': pro.readKey };
        if (accept !== undefined) headers.accept = accept;
        const response = await post(headers, toolsCall('get_monitor', { monitorId }));
        expect([accept, response.status, response.headers.get('content-type')]).toEqual([
          accept,
          200,
          expect.stringContaining('application/json'),
        ]);
        const answer = (await response.json()) as JsonRpcAnswer;
        expect(answer.result?.structuredContent).toMatchObject({ monitor: { id: monitorId } });
      }
      const sse = await post(
        { 'content-type': 'application/json', accept: 'text/event-stream', 'x-service-key': pro.readKey },
        toolsCall('get_monitor', { monitorId }),
      );
      expect([sse.status, sse.headers.get('content-type')]).toEqual([
        200,
        expect.stringContaining('text/event-stream'),
      ]);
      const data = (await sse.text()).split('\n').find((line) => line.startsWith('data: '))!;
      expect((JSON.parse(data.slice(6)) as JsonRpcAnswer).result?.structuredContent).toMatchObject({
        monitor: { id: monitorId },
      });
    });

    it('keeps 406 for an Accept that allows neither JSON nor an event stream', async () => {
      for (const accept of ['text/html', 'image/png, text/plain', 'application/json;q=0, text/event-stream;q=0']) {
        const response = await post(
          { 'content-type': 'application/json', accept, 'x-service-key': pro.readKey },
          initialize,
        );
        expect([accept, response.status]).toEqual([accept, 406]);
        const answer = (await response.json()) as JsonRpcAnswer;
        expect(answer.error?.message).toContain('Not Acceptable');
      }
    });

    it('answers a body that is not JSON with a JSON-RPC parse error (-32700, id null, HTTP 400)', async () => {
      for (const body of ['{"jsonrpc": "2.0", "id": 1, "method": ', 'not json', '']) {
        const response = await post(
          {
            'content-type': 'application/json',
            accept: 'application/json, text/event-stream',
            'x-service-key': pro.readKey,
          },
          body,
        );
        expect([body, response.status]).toEqual([body, 400]);
        const answer = (await response.json()) as JsonRpcAnswer;
        expect(answer).toMatchObject({ jsonrpc: '2.0', id: null, error: { code: -32700 } });
        expect(answer.error?.message).toMatch(/^Parse error/);
      }
    });

    it('accepts an API key as a bearer token, with its scope, counted as the same credential', async () => {
      const read = await mcp.connect({ authorization: `Bearer ${pro.readKey}` });
      const { tools } = await read.listTools();
      expect(tools.some((tool) => tool.name === 'get_monitor')).toBe(true);
      expect(tools.some((tool) => tool.name === 'create_status_report')).toBe(false);
      expect((await mcp.ok(read, 'get_monitor', { monitorId })).monitor.id).toBe(monitorId);
      const write = await mcp.connect({ authorization: `Bearer ${pro.writeKey}` });
      expect((await write.listTools()).tools).toHaveLength(35);

      const wrong = `svc_${'a'.repeat(12)}_${'b'.repeat(40)}`;
      const refused = await post(
        { 'content-type': 'application/json', accept: 'application/json', authorization: `Bearer ${wrong}` },
        initialize,
      );
      expect(refused.status).toBe(401);

      const asRequest = (headers: Record<string, string>) => ({ headers }) as unknown as FastifyRequest;
      expect(rateKeyOf(asRequest({ authorization: `Bearer ${pro.readKey}` }))).toBe(
        rateKeyOf(asRequest({ 'x-service-key': pro.readKey })),
      );
      expect(rateKeyOf(asRequest({ authorization: 'Bearer svc_oat_abc' }))).toBe('bearer:svc_oat_abc');
    });
  });

  describe('tools by plan and output schemas', () => {
    it('lists the response-log tools on the free plan, saying they need a paid plan', async () => {
      const { tools } = await (await mcp.withKey(free.writeKey)).listTools();
      expect(tools).toHaveLength(33);
      for (const name of ['list_response_logs', 'get_response_log']) {
        const tool = tools.find((x) => x.name === name);
        expect([name, tool?.description]).toEqual([name, expect.stringContaining('Needs a paid plan')]);
      }
    });

    it('gives every tool an output schema of typed nodes, never {} or additionalProperties: {}', async () => {
      const { tools } = await (await mcp.withKey(pro.writeKey)).listTools();
      expect(tools).toHaveLength(35);
      const problems: string[] = [];
      for (const tool of tools) problems.push(...untypedNodes(tool, tool.outputSchema, 'outputSchema'));
      expect(problems).toEqual([]);
    });
  });
});

/** Nodes of a JSON schema a strict client cannot check: no type, `{}`, or open additionalProperties. */
function untypedNodes(tool: Tool, schema: unknown, path: string): string[] {
  const where = `${tool.name}.${path}`;
  if (schema === undefined) return [`${where}: missing`];
  if (typeof schema !== 'object' || schema === null || Array.isArray(schema)) return [`${where}: not a schema`];
  const node = schema as Record<string, unknown>;
  if (Object.keys(node).filter((k) => k !== 'description').length === 0) return [`${where}: {}`];
  const problems: string[] = [];
  const branches = (node.anyOf ?? node.oneOf ?? node.allOf) as unknown[] | undefined;
  if (branches) {
    branches.forEach((b, i) => problems.push(...untypedNodes(tool, b, `${path}.anyOf[${i}]`)));
  } else if (typeof node.$ref === 'string') {
    // A reference into $defs, walked there.
  } else if (node.type === undefined && node.const === undefined && node.enum === undefined) {
    problems.push(`${where}: no type`);
  }
  if (node.type === 'object') {
    if (node.additionalProperties === undefined && node.properties === undefined)
      problems.push(`${where}: open object`);
    if (node.additionalProperties !== undefined && node.additionalProperties !== false) {
      problems.push(...untypedNodes(tool, node.additionalProperties, `${path}.additionalProperties`));
    }
  }
  if (node.additionalProperties === true) problems.push(`${where}.additionalProperties: true`);
  for (const [name, child] of Object.entries((node.properties ?? {}) as Record<string, unknown>)) {
    problems.push(...untypedNodes(tool, child, `${path}.${name}`));
  }
  if (node.type === 'array') problems.push(...untypedNodes(tool, node.items, `${path}.items`));
  for (const [name, child] of Object.entries((node.$defs ?? {}) as Record<string, unknown>)) {
    problems.push(...untypedNodes(tool, child, `${path}.$defs.${name}`));
  }
  return problems;
}

describe('MCP error forms', () => {
  it('maps every domain error as SPEC §7 says: input errors as tool results, the others as JSON-RPC errors', () => {
    const forms: Record<DomainErrorCode, unknown> = {
      NOT_FOUND: { form: 'tool_error' },
      VALIDATION: { form: 'tool_error' },
      CONFLICT: { form: 'tool_error' },
      LIMIT_EXCEEDED: { form: 'tool_error' },
      PRECONDITION_FAILED: { form: 'tool_error' },
      UNAUTHORIZED: { form: 'json_rpc', code: -32001 },
      FORBIDDEN: { form: 'json_rpc', code: -32003 },
    };
    for (const [code, form] of Object.entries(forms)) {
      expect([code, mcpErrorFormOf(code as DomainErrorCode)]).toEqual([code, form]);
    }
  });
});

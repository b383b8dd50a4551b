// The official MCP SDK client on a test app's /mcp endpoint over real HTTP, and the helpers the MCP
// tests share: connect with any headers, call a tool that must succeed, read a refusal.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { AjvJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/ajv-provider.js';
import { MonitorsService } from '../../backend/src/monitors/monitors.service';
import { PageComponentsService } from '../../backend/src/status-pages/page-components.service';
import { StatusPagesService } from '../../backend/src/status-pages/status-pages.service';
import type { HttpTestApp, Tenant } from './http-app';

type Validator = (value: unknown) => { valid: boolean; errorMessage?: string };

/** SDK clients of one test file; `Out` is how the file reads tools' structured output. */
export class McpTestClients<Out = Record<string, unknown>> {
  private readonly open: Client[] = [];
  private outputValidators: Map<string, Validator> | null = null;

  constructor(
    private readonly baseUrl: string,
    private readonly clientName: string,
  ) {}

  async connect(headers: Record<string, string>): Promise<Client> {
    const client = new Client({ name: this.clientName, version: '1.0.0' });
    await client.connect(
      new StreamableHTTPClientTransport(new URL(`${this.baseUrl}/mcp`), { requestInit: { headers } }),
    );
    this.open.push(client);
    return client;
  }

  withKey(key: string): Promise<Client> {
    return this.connect({ 'x-service-key': key });
  }

  /**
   * From now on, `ok` also checks each answer against the output schema the tool announces to
   * `client`, compiled by the validator the SDK client uses.
   */
  async checkOutputSchemas(client: Client): Promise<void> {
    const validator = new AjvJsonSchemaValidator();
    this.outputValidators = new Map();
    for (const tool of (await client.listTools()).tools) {
      if (tool.outputSchema) this.outputValidators.set(tool.name, validator.getValidator(tool.outputSchema));
    }
  }

  async call(client: Client, name: string, args: Record<string, unknown> = {}): Promise<CallToolResult> {
    return (await client.callTool({ name, arguments: args })) as CallToolResult;
  }

  /** The structured output of a tool call that must succeed. */
  async ok(client: Client, name: string, args: Record<string, unknown> = {}): Promise<Out> {
    const result = await this.call(client, name, args);
    if (result.isError) throw new Error(`${name} failed: ${JSON.stringify(result.content)}`);
    if (this.outputValidators) {
      expect(result.content[0]).toMatchObject({ type: 'text' });
      const validate = this.outputValidators.get(name);
      if (!validate) throw new Error(`no output schema listed for ${name}`);
      const checked = validate(result.structuredContent);
      expect([name, checked.valid, checked.errorMessage]).toEqual([name, true, undefined]);
    }
    return result.structuredContent as Out;
  }

  async closeAll(): Promise<void> {
    await Promise.all(this.open.map((c) => c.close().catch(() => undefined)));
  }
}

/** The text of a tool's first content block (a tool error's message). */
export const errorText = (result: CallToolResult): string => (result.content[0] as { text: string }).text;

/** The JSON-RPC error a call was refused with. */
export async function refusal(promise: Promise<unknown>): Promise<{ code: number; message: string }> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e as { code: number; message: string },
  );
  if (!error) throw new Error('expected the call to be refused');
  return { code: error.code, message: error.message };
}

/** A status page with one HTTP monitor (inactive, on loopback) shown as its component: what MCP tests act on. */
export async function seedPageWithMonitor(
  t: HttpTestApp,
  tenant: Tenant,
  page: { title: string; slug: string },
): Promise<{ pageId: string; monitorId: string; componentId: string }> {
  const { id: pageId } = await t.app.get(StatusPagesService).create(tenant.ctx, page);
  const { id: monitorId } = await t.app.get(MonitorsService).create(tenant.ctx, 'http', {
    name: 'API',
    url: 'http://127.0.0.1:9/health',
    periodicity: '1m',
    regions: ['fly-ams'],
    tags: ['payments', 'eu'],
  });
  const { id: componentId } = await t.app
    .get(PageComponentsService)
    .createComponent(tenant.ctx, { pageId, type: 'monitor', monitorId, name: 'API' });
  return { pageId, monitorId, componentId };
}

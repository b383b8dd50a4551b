// Property test of the MCP endpoint: tools/call requests generated from every tool's input schema
// (as tools/list gives it), plus hostile envelopes (arguments that are not an object, missing params,
// unknown tools and methods, batches), never get a 5xx or a JSON-RPC -32603, and the server still
// answers a normal call afterwards. PROPERTY_RUNS sets the number of generated requests (default
// 2000), PROPERTY_SEED replays a run.
import fc from 'fast-check';
import { hostileJson, propertyRuns, propertySeed, toolArguments, type JsonSchema } from '../support/arbitraries';
import { newTenant, startHttpApp, type HttpTestApp, type Tenant } from '../support/http-app';
import { seedWorkspace } from '../support/property-fixtures';

const CONCURRENCY = 8;
const INTERNAL_ERROR = -32603;

interface JsonRpcAnswer {
  id?: unknown;
  result?: { isError?: boolean; content?: Array<{ text?: string }> };
  error?: { code: number; message: string };
}

interface Failure {
  status: number;
  code: number | null;
  request: string;
  answer: string;
}

/** PROPERTY_STATS=1 prints how often each tool answered each way: how deep the inputs get. */
const stats = process.env.PROPERTY_STATS ? new Map<string, number>() : null;

describe('MCP endpoint under generated input', () => {
  let t: HttpTestApp;
  let tenant: Tenant;

  beforeAll(async () => {
    t = await startHttpApp();
    tenant = await newTenant(t);
  });

  afterAll(() => t.close());

  const post = (body: string, key = tenant.writeKey) =>
    fetch(`${t.baseUrl}/mcp`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
        'x-service-key': key,
      },
      body,
    });

  async function listTools(): Promise<Array<{ name: string; inputSchema: JsonSchema }>> {
    const response = await post(JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list', params: {} }));
    expect(response.status).toBe(200);
    const answer = (await response.json()) as { result: { tools: Array<{ name: string; inputSchema: JsonSchema }> } };
    return answer.result.tools;
  }

  /** Sends one request; returns what counts as a server error in its answer. */
  async function send(body: string, label: string): Promise<Failure[]> {
    const response = await post(body);
    const text = await response.text();
    let answers: JsonRpcAnswer[] = [];
    try {
      const parsed = text ? (JSON.parse(text) as JsonRpcAnswer | JsonRpcAnswer[]) : [];
      answers = Array.isArray(parsed) ? parsed : [parsed];
    } catch {
      // Not JSON: judged by its status alone.
    }
    if (stats) {
      for (const a of answers.length ? answers : [{}]) {
        const outcome = a.error
          ? `error ${a.error.code}`
          : a.result?.isError
            ? `isError ${(a.result.content?.[0]?.text ?? '').split(':')[0]}`
            : `ok ${response.status}`;
        const key = `${label} ${outcome}`;
        stats.set(key, (stats.get(key) ?? 0) + 1);
      }
    }
    const failures: Failure[] = [];
    const internal = answers.find((a) => a.error?.code === INTERNAL_ERROR);
    if (response.status >= 500 || internal) {
      failures.push({
        status: response.status,
        code: internal?.error?.code ?? null,
        request: body.length > 1500 ? `${body.slice(0, 1500)}…(${body.length} chars)` : body,
        answer: text.slice(0, 300),
      });
    }
    return failures;
  }

  it('answers every generated tools/call without a 5xx or -32603', async () => {
    const own = await seedWorkspace(t, tenant.ctx);
    const spare = await seedWorkspace(t, tenant.ctx);
    const other = await seedWorkspace(t, (await newTenant(t)).ctx);
    const ids = { own: own.ids, foreign: other.ids, spare: spare.ids };
    const tools = await listTools();
    expect(tools.length).toBeGreaterThanOrEqual(20);

    let nextId = 0;
    const envelope = (method: string, params: unknown, withParams = true) =>
      JSON.stringify({ jsonrpc: '2.0', id: ++nextId, method, ...(withParams ? { params } : {}) });
    const toolCall = fc.oneof(
      ...tools.map((tool) =>
        toolArguments(tool.inputSchema, ids, tool.name).map((args) => ({
          label: tool.name,
          body: envelope('tools/call', { name: tool.name, arguments: args }),
        })),
      ),
    );
    const names = fc.constantFrom(...tools.map((tool) => tool.name));
    // Envelopes no SDK client sends: what tools/call itself gets wrong, other methods, batches.
    const malformed = fc.oneof(
      fc
        .tuple(names, fc.constantFrom<unknown>(true, false, null, 0, 'x', [], [1, 2], { __proto__: null }))
        .map(([name, args]) => ({ label: 'arguments', body: envelope('tools/call', { name, arguments: args }) })),
      fc.constantFrom<unknown>(undefined, null, true, [], 'x', 0, {}).map((params) => ({
        label: 'params',
        body: envelope('tools/call', params, params !== undefined),
      })),
      fc
        .tuple(hostileJson, fc.option(hostileJson))
        .map(([name, args]) => ({ label: 'name', body: envelope('tools/call', { name, arguments: args ?? {} }) })),
      fc
        .tuple(
          fc.constantFrom('tools/list', 'resources/list', 'resources/read', 'prompts/list', 'ping', 'nope', ''),
          hostileJson,
        )
        .map(([method, params]) => ({ label: `method ${method}`, body: envelope(method, params) })),
      fc.array(toolCall, { minLength: 2, maxLength: 5 }).map((calls) => ({
        label: 'batch',
        body: `[${calls.map((c) => c.body).join(',')}]`,
      })),
      fc
        .constantFrom(
          '',
          '{',
          'null',
          '[]',
          '"x"',
          '{"jsonrpc":"2.0"}',
          '{"jsonrpc":"1.0","id":1,"method":"tools/list"}',
          '{"jsonrpc":"2.0","id":{},"method":"tools/list"}',
          '{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"list_monitors","arguments":{"__proto__":{"page":0}}}}',
        )
        .map((body) => ({ label: 'raw', body })),
    );
    const requests = fc.oneof({ weight: 8, arbitrary: toolCall }, { weight: 2, arbitrary: malformed });

    const seed = propertySeed();
    const found = new Map<string, Failure>();
    const seen = new Set<string>();
    await fc.assert(
      fc.asyncProperty(fc.array(requests, { minLength: CONCURRENCY, maxLength: CONCURRENCY }), async (batch) => {
        batch.forEach((r) => seen.add(r.label));
        // Every distinct failure is collected rather than thrown, so one run lists all of them.
        const failures = await Promise.all(batch.map((r) => send(r.body, r.label).then((f) => ({ r, f }))));
        for (const { r, f } of failures) {
          for (const failure of f) {
            const key = `${r.label} ${failure.status} ${failure.code} ${failure.answer.replace(/[\d"]+/g, '').slice(0, 60)}`;
            if (!found.has(key)) found.set(key, failure);
          }
        }
      }),
      { numRuns: Math.ceil(propertyRuns() / CONCURRENCY), seed, endOnFailure: true },
    );

    if (stats)
      console.log(
        [...stats]
          .sort()
          .map(([k, n]) => `${n}\t${k}`)
          .join('\n'),
      );
    expect({ seed, failures: [...found.values()] }).toEqual({ seed, failures: [] });
    // Every tool was called at least once.
    expect(tools.map((tool) => tool.name).filter((name) => !seen.has(name))).toEqual([]);

    // Still serving: a normal call succeeds.
    const response = await post(envelope('tools/call', { name: 'list_monitors', arguments: {} }));
    const answer = (await response.json()) as JsonRpcAnswer;
    expect(answer.error).toBeUndefined();
    expect(answer.result?.isError).toBeFalsy();
  }, 600_000);
});

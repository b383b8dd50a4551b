// Property test of the agent report endpoint (POST /agent/v1/report) with a private location's token:
// generated batches of results (plausible ones, ones with a field broken, and arbitrary junk), and
// bodies that are not reports at all, never get a 5xx, and the endpoint still stores a good result
// afterwards. PROPERTY_RUNS sets the number of generated reports (default 2000), PROPERTY_SEED
// replays a run.
import fc from 'fast-check';
import { AGENT_API_PREFIX } from '../../backend/src/checker/agent-wire';
import { hostileJson, propertyRuns, propertySeed, toolArguments, type JsonSchema } from '../support/arbitraries';
import { newTenant, startHttpApp, type HttpTestApp } from '../support/http-app';
import { seedWorkspace } from '../support/property-fixtures';

const CONCURRENCY = 8;

/** PROPERTY_STATS=1 prints the answers' statuses and how many results were stored or refused. */
const stats = process.env.PROPERTY_STATS ? new Map<string, number>() : null;
const count = (key: string, n = 1) => stats?.set(key, (stats.get(key) ?? 0) + n);

interface Failure {
  status: number;
  request: string;
  answer: string;
}

/** The shape of one reported result (ReportedResult), as JSON Schema for the generators. */
function resultSchema(locations: string[]): JsonSchema {
  const str = { type: 'string' };
  const ms = { type: 'number', minimum: 0, maximum: 120_000 };
  return {
    type: 'object',
    required: ['run', 'outcome', 'startedAt'],
    properties: {
      run: {
        type: 'object',
        required: ['monitorId', 'location', 'trigger', 'cronTimestamp'],
        properties: {
          monitorId: { type: 'string', pattern: '^\\d+$' },
          location: { enum: locations },
          trigger: { enum: ['cron'] },
          triggerId: { type: 'null' },
          cronTimestamp: str,
          periodMs: { type: 'integer', minimum: 30_000, maximum: 3_600_000 },
        },
      },
      outcome: {
        type: 'object',
        required: ['status', 'latencyMs'],
        properties: {
          status: { enum: ['success', 'degraded', 'error'] },
          latencyMs: ms,
          statusCode: { type: 'integer', minimum: 100, maximum: 599 },
          timings: {
            type: 'object',
            properties: { dns: ms, connect: ms, tls: ms, ttfb: ms, transfer: ms },
          },
          error: {
            type: 'object',
            required: ['kind', 'message'],
            properties: { kind: { enum: ['timeout', 'dns', 'connection', 'tls', 'assertion'] }, message: str },
          },
          assertions: {
            type: 'array',
            maxItems: 50,
            items: {
              type: 'object',
              properties: {
                type: { enum: ['status_code', 'body', 'header', 'record'] },
                comparator: { enum: ['eq', 'contains'] },
                target: str,
                actual: str,
                passed: { type: 'boolean' },
              },
            },
          },
          headers: { type: 'object', properties: { 'content-type': str, server: str } },
          url: str,
          attempts: { type: 'integer', minimum: 1, maximum: 3 },
        },
      },
      startedAt: str,
    },
  };
}

describe('agent report endpoint under generated input', () => {
  let t: HttpTestApp;

  beforeAll(async () => {
    t = await startHttpApp();
  });

  afterAll(() => t.close());

  const report = (token: string, body: string) =>
    fetch(`${t.baseUrl}${AGENT_API_PREFIX}/report`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body,
    });

  it('answers every generated report without a 5xx, and still stores a good result', async () => {
    const tenant = await newTenant(t);
    const own = await seedWorkspace(t, tenant.ctx);
    const other = await seedWorkspace(t, (await newTenant(t)).ctx);
    const location = `private-location:${own.privateLocationId}`;
    const ids = { own: own.ids, foreign: other.ids };
    const result = toolArguments(
      resultSchema([location, `private-location:${other.privateLocationId}`, 'fly-ams']),
      ids,
      'report_monitor_result',
    );
    const results = fc.oneof(
      { weight: 6, arbitrary: fc.array(result, { maxLength: 4 }) },
      { weight: 1, arbitrary: fc.array(result, { minLength: 20, maxLength: 40 }) },
      { weight: 2, arbitrary: fc.array(fc.oneof(result, hostileJson), { maxLength: 6 }) },
      { weight: 1, arbitrary: hostileJson },
    );
    const agentId = fc.oneof(
      { weight: 8, arbitrary: fc.constantFrom('agent-1', 'agent-2') },
      { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 120 }) },
      { weight: 1, arbitrary: hostileJson },
    );
    const body = fc.oneof(
      {
        weight: 9,
        arbitrary: fc
          .record({
            agentId,
            results,
            regions: fc.oneof({ weight: 8, arbitrary: fc.constant(undefined) }, { weight: 1, arbitrary: hostileJson }),
          })
          .map((b) => JSON.stringify(b)),
      },
      {
        weight: 1,
        arbitrary: fc.oneof(
          hostileJson.map((b) => JSON.stringify(b) ?? ''),
          fc.constantFrom(
            '',
            '{',
            'null',
            '{"agentId":"a","results":[{"run":',
            '{"agentId":"a","results":{}}',
            '{"agentId":"a","results":[{"__proto__":{"run":1}}]}',
          ),
          fc.constant(JSON.stringify({ agentId: 'a', results: Array.from({ length: 5001 }, () => ({})) })),
        ),
      },
    );
    // Mostly the location's own token; sometimes another workspace's location reports the same junk.
    const request = fc.tuple(
      fc.nat({ max: 9 }).map((n) => (n === 0 ? other.agentToken : own.agentToken)),
      body,
    );

    const seed = propertySeed();
    const found = new Map<string, Failure>();
    await fc.assert(
      fc.asyncProperty(fc.array(request, { minLength: CONCURRENCY, maxLength: CONCURRENCY }), async (batch) => {
        // Every distinct failure is collected rather than thrown, so one run lists all of them.
        await Promise.all(
          batch.map(async ([token, text]) => {
            const response = await report(token, text);
            const answer = await response.text();
            if (stats) {
              count(`status ${response.status}`);
              if (response.status === 200) {
                const parsed = JSON.parse(answer) as Record<string, unknown>;
                for (const k of ['stored', 'duplicates', 'rejected']) count(k, Number(parsed[k]));
              } else count(`refused ${answer.replace(/[\d"]+/g, '').slice(0, 70)}`);
            }
            if (response.status < 500) return;
            const key = `${response.status} ${answer.replace(/[\d"]+/g, '').slice(0, 80)}`;
            if (!found.has(key)) {
              const shown = text.length > 1500 ? `${text.slice(0, 1500)}…(${text.length} chars)` : text;
              found.set(key, { status: response.status, request: shown, answer: answer.slice(0, 300) });
            }
          }),
        );
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

    // Still serving: a good result of a monitor the location runs is stored (or was already).
    const at = new Date(Date.now() - 30_000).toISOString();
    const good = await report(
      own.agentToken,
      JSON.stringify({
        agentId: 'agent-1',
        results: [
          {
            run: {
              monitorId: own.monitorId,
              location,
              trigger: 'cron',
              triggerId: null,
              cronTimestamp: at,
              periodMs: 60_000,
            },
            outcome: { status: 'success', latencyMs: 12, statusCode: 200, attempts: 1 },
            startedAt: at,
          },
        ],
      }),
    );
    expect(good.status).toBe(200);
    const counts = (await good.json()) as { stored: number; duplicates: number; rejected: number };
    expect(counts.stored + counts.duplicates).toBe(1);
  }, 600_000);
});

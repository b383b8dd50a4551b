// A standalone checker agent: `npm run agent`. It serves public regions (with the shared AGENT_TOKEN
// and AGENT_REGIONS) or one private location (with that location's token), pulling work from the API
// over HTTP, renewing the leases of the checks it runs, and pushing results back in batches.
//
//   API_URL       the API origin (default http://localhost:3000)
//   AGENT_TOKEN   the shared agent token, or a private location's token (svc_plt_...)
//   AGENT_REGIONS comma-separated regions, with the shared token
//   AGENT_ID      a name for this agent (default host-pid)
//   AGENT_CONCURRENCY, AGENT_WORKERS, CHECKER_DNS_SERVER, CHECKER_CA_FILE as for the embedded agent
//                 (CHECKER_CONCURRENCY, CHECKER_WORKERS)
import { readFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { CheckAgent, DEFAULT_AGENT_OPTIONS, type AgentTransport } from '../checker/agent';
import { createExecutor } from '../checker/check-executor';
import {
  AGENT_API_PREFIX,
  parseWork,
  type ClaimRequest,
  type RenewRequest,
  type ReportAnswer,
  type ReportRequest,
} from '../checker/agent-wire';
import { createProbeRegistry } from '../checker/probe-registry';
import { createLogger } from '../logging/logger';

export function httpTransport(
  apiUrl: string,
  token: string,
  agentId: string,
  regions: string[] | undefined,
): AgentTransport {
  const post = async (path: string, body: ClaimRequest | ReportRequest | RenewRequest): Promise<string> => {
    const response = await fetch(`${apiUrl}${AGENT_API_PREFIX}/${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(30_000),
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`${path}: HTTP ${response.status} ${text}`);
    return text;
  };
  return {
    claim: async (max, lookaheadMs) =>
      parseWork(await post('claim', { agentId, regions, max, lookaheadMs, renewsLeases: true })),
    report: async (results) => JSON.parse(await post('report', { agentId, regions, results })) as ReportAnswer,
    renew: async (runs) => {
      await post('renew', { agentId, regions, runs });
    },
  };
}

function main(): void {
  const logger = createLogger((process.env.LOG_LEVEL as 'info') ?? 'info');
  const token = process.env.AGENT_TOKEN ?? '';
  if (!token) {
    process.stderr.write('AGENT_TOKEN: required (the shared agent token, or a private location token)\n');
    process.exit(1);
  }
  const apiUrl = (process.env.API_URL ?? 'http://localhost:3000').replace(/\/+$/, '');
  const regions = process.env.AGENT_REGIONS ? process.env.AGENT_REGIONS.split(',').map((r) => r.trim()) : undefined;
  const agentId = process.env.AGENT_ID ?? `${hostname()}-${process.pid}`;
  const concurrency = Number(process.env.AGENT_CONCURRENCY ?? 1000);
  const workers = Number(process.env.AGENT_WORKERS ?? 0);
  const ca = process.env.CHECKER_CA_FILE ? [readFileSync(process.env.CHECKER_CA_FILE, 'utf8')] : undefined;
  const onError = (error: unknown) =>
    logger.warn({ err: error instanceof Error ? error.message : String(error) }, 'agent');
  const executor = createExecutor({
    workers: Number.isInteger(workers) && workers >= 0 && workers <= 64 ? workers : 0,
    run: { ca, dnsServer: process.env.CHECKER_DNS_SERVER },
    probes: createProbeRegistry,
    onError,
  });
  const agent = new CheckAgent(httpTransport(apiUrl, token, agentId, regions), executor, {
    ...DEFAULT_AGENT_OPTIONS,
    concurrency: Number.isInteger(concurrency) && concurrency > 0 ? concurrency : 1000,
    onError,
  });
  agent.start();
  logger.info({ apiUrl, agentId, regions: regions ?? 'private location' }, 'agent started');
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.once(signal, () => {
      logger.info({ pending: agent.pendingResults }, 'agent stopping');
      void agent.stop().then(() => process.exit(0));
    });
  }
}

if (require.main === module) main();

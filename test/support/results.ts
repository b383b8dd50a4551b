// Stores check results through the real ingestion path (what an agent's report does), so results,
// aggregates and statuses stay consistent in tests.
import type { INestApplicationContext } from '@nestjs/common';
import { CheckWorkService } from '../../backend/src/checker/check-work.service';
import { emptyResult } from '../../backend/src/checker/probe';
import { type ProbeResult } from '../../backend/src/checks/check-types';
import type { CheckStatus } from '../../backend/src/checks/check-config';

export async function storeResult(
  app: INestApplicationContext,
  result: {
    monitorId: string;
    minutesAgo: number;
    status: CheckStatus;
    latency?: number;
    region?: string;
    from?: number;
    /** What an HTTP probe records besides: timings, assertions, headers, an error. */
    extra?: Partial<ProbeResult>;
  },
): Promise<void> {
  const region = result.region ?? 'fly-ams';
  const at = new Date((result.from ?? Date.now()) - result.minutesAgo * 60_000);
  const outcome = {
    ...emptyResult(),
    status: result.status,
    latencyMs: result.latency ?? 10,
    statusCode: 200,
    attempts: 1,
    ...result.extra,
  };
  const run = {
    monitorId: result.monitorId,
    location: region,
    trigger: 'cron' as const,
    triggerId: null,
    cronTimestamp: at,
    periodMs: 60_000,
  };
  const counts = await app
    .get(CheckWorkService)
    .report({ agentId: 'test', locations: [region], privateLocationId: null }, [{ run, outcome, startedAt: at }]);
  if (counts.stored !== 1) throw new Error(`result not stored: ${JSON.stringify(counts)}`);
}

/**
 * "Now" for tests that count today's checks: at least ten minutes into the UTC day, so checks a few
 * minutes back never fall on yesterday when the suite runs just after midnight.
 */
export function insideToday(): number {
  const now = Date.now();
  const midnight = now - (now % 86_400_000);
  return Math.max(now, midnight + 10 * 60_000);
}

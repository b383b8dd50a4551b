// Heartbeat pings are answered once stored, and applied to their monitors (states, results, alerts)
// by the materializer right after (HeartbeatsService.applyPending). Tests that read what a ping
// changed wait for it here.
import type { INestApplication } from '@nestjs/common';
import type { Database } from '../../backend/src/database/database';
import { HeartbeatsService } from '../../backend/src/heartbeats/heartbeats.service';
import { eventually } from './rpc';

/** Pings stored and not applied yet, over the whole database. */
export async function pendingPings(db: Database): Promise<number> {
  const [row] = await db.rows<{ n: string }>('SELECT count(*) AS n FROM heartbeat_pings WHERE applied_at IS NULL');
  return Number(row.n);
}

/**
 * Applies every ping stored so far: a materializer round of this app (after the one running, if any),
 * then waits for those another node of the same database may hold.
 */
export async function pingsApplied(app: INestApplication, db: Database): Promise<void> {
  await app.get(HeartbeatsService).applyPending();
  const left = await eventually(
    () => pendingPings(db),
    (n) => n === 0,
  );
  if (left) throw new Error(`${left} heartbeat pings still pending`);
}

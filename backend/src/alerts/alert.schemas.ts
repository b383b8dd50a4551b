// Inputs of the alert verbs, declared once (RPC, MCP and the dashboard parse with these).
import { z } from 'zod';
import { isEntityId } from '../common/ids';

const id = (what: string) => z.string({ error: 'is required' }).refine(isEntityId, { error: `must be ${what} id` });

export const ALERT_LIST_LIMIT = { max: 100, default: 50 };

export const listAlertsInput = z
  .object({
    monitorId: z.union([id('a monitor'), z.literal('')]).optional(),
    limit: z
      .number({ error: 'must be a number' })
      .int({ error: 'must be an integer' })
      .min(1, { error: `must be between 1 and ${ALERT_LIST_LIMIT.max}` })
      .max(ALERT_LIST_LIMIT.max, { error: `must be between 1 and ${ALERT_LIST_LIMIT.max}` })
      .optional(),
    beforeId: z.union([id('an alert'), z.literal('')]).optional(),
  })
  .strict();
export type ListAlertsInput = z.input<typeof listAlertsInput>;

export const alertIdInput = z
  .object({ id: z.string({ error: 'is required' }).min(1, { error: 'is required' }) })
  .strict();

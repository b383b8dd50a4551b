// The plan of an import as the transports show it (MCP outputs are derived from this schema).
import { z } from 'zod';
import { count } from '../common/view-schema';
import { IMPORT_ITEM_KINDS, IMPORT_SOURCES } from './import-model';

const findingView = z.object({
  level: z
    .enum(['approximate', 'unmappable'])
    .describe('approximate: created, not exactly as the source had it; unmappable: no equivalent here'),
  field: z.string().optional().describe("the source's field, when it is about one"),
  message: z.string(),
});

export const importPlanView = z.object({
  source: z.enum(IMPORT_SOURCES),
  items: z.array(
    z.object({
      kind: z.enum(IMPORT_ITEM_KINDS),
      sourceKey: z.string().describe("the item's stable key in its source"),
      label: z.string().describe('how the source names it'),
      action: z
        .enum(['create', 'match', 'skip'])
        .describe(
          'create; match: imported before (resourceId), not changed; skip: imported before and deleted since, or needs a skipped item',
        ),
      resourceId: z.string().optional().describe('the resource here: of a match or skip, and of a create once applied'),
      reason: z.string().optional(),
      pingUrl: z
        .string()
        .optional()
        .describe("a created heartbeat monitor's ping URL (in the apply's answer, shown once)"),
      findings: z.array(findingView),
    }),
  ),
  findings: z.array(findingView).describe('about the file as a whole, and whole items with no equivalent'),
  counts: z.object({ create: count, match: count, skip: count, approximate: count, unmappable: count }),
});

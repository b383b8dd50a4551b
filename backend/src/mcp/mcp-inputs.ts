// Input pieces shared by the MCP tools. Models and the Inspector send ids as JSON numbers
// (`{"monitorId": 1}`) as often as strings, so every id argument takes both and hands the services
// the decimal string they take.
import { z } from 'zod';

/** Ids are bigints shown as decimal strings (common/ids.ts); longer strings name no entity. */
const ID_DIGITS = /^\d{1,18}$/;

const idNumber = (what: string) =>
  z
    .number()
    .int({ error: `${what} must be a whole number` })
    .min(0, { error: `${what} must not be negative` })
    .max(Number.MAX_SAFE_INTEGER, { error: `${what} above 2^53 must be sent as a string of digits` });

/**
 * An entity id argument: a non-negative integer or a string of 1 to 18 digits, normalised to the
 * string form. Every id argument of every tool is this schema.
 */
export function entityId(what: string) {
  return z
    .union(
      [
        z.string().regex(ID_DIGITS, { error: `${what} must be a numeric id (digits only, e.g. "42" or 42)` }),
        idNumber(what),
      ],
      {
        error: (issue) =>
          issue.input === undefined
            ? `${what} is required (a numeric id, e.g. "42" or 42)`
            : `${what} must be a numeric id (digits only, e.g. "42" or 42)`,
      },
    )
    .transform(String)
    .describe(`${what}: numeric id, as a string or a number`);
}

/**
 * The audit log's entityId filter: entity ids are numeric, but the log also names things by other
 * keys, so any string is passed on (the service bounds it) and a number is taken as its digits.
 */
export function auditEntityId() {
  return z
    .union([z.string(), idNumber('entityId')], { error: 'entityId must be an id, as a string or a number' })
    .transform(String)
    .describe('entityId: id of the entity, as a string or a number');
}

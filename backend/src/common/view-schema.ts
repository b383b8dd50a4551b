// The pieces views are declared with. A view (what a service verb returns) is declared once, as a zod
// schema in its resource folder; its TS type is inferred from that schema, and the MCP output schemas
// (mcp/mcp-outputs.ts) are derived from it, so the `.describe()` texts here are what MCP clients see.
import { z } from 'zod';

/**
 * The schema, its TS type narrowed (or widened) to T. For view fields whose type in the code is more
 * precise than what the view announces: a region is a `Region`, announced as a string; a snapshot is
 * a `Record<string, unknown>`, announced as JSON. Only the static type changes; the schema (and so
 * the JSON Schema derived from it) is the one given.
 */
export function typedAs<T>() {
  return <S extends z.ZodType>(schema: S): z.ZodType<T, T> => schema as unknown as z.ZodType<T, T>;
}

export const viewId = z.string().describe('numeric id, as a string');
export const viewIds = z.array(viewId);
/** A date the view carries as its ISO 8601 string. */
export const isoDateTime = z.string().describe('ISO 8601 date-time');
export const count = z.number().int();
/** Any JSON object: snapshots and settings whose fields depend on the entity or provider. */
export const jsonObject = typedAs<Record<string, unknown>>()(z.record(z.string(), z.json()));

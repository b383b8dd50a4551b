// The MCP outputs are made of the views (mcp-outputs.ts). This fails when a field of a view would not
// reach MCP clients: a full value of each view (every optional field set, one item in every list and
// record) goes through JSON as the tools send it and through the output schema, and must come out
// whole, but for the fields the output names as left out.
import { z } from 'zod';
import * as outputs from './mcp-outputs';
import { VIEW_OUTPUTS } from './mcp-outputs';

/** A value of the schema with every field set: optional and nullable ones too, the first enum option. */
function fullValue(schema: z.ZodType): unknown {
  if (schema instanceof z.ZodString) return 'text';
  if (schema instanceof z.ZodNumber) return 7;
  if (schema instanceof z.ZodBoolean) return true;
  if (schema instanceof z.ZodDate) return new Date('2026-01-02T03:04:05.000Z');
  if (schema instanceof z.ZodEnum) return schema.options[0];
  if (schema instanceof z.ZodNullable || schema instanceof z.ZodOptional || schema instanceof z.ZodDefault)
    return fullValue(schema.unwrap() as z.ZodType);
  if (schema instanceof z.ZodArray) return [fullValue(schema.element as z.ZodType)];
  if (schema instanceof z.ZodObject)
    return Object.fromEntries(Object.entries(schema.shape).map(([key, field]) => [key, fullValue(field as z.ZodType)]));
  if (schema instanceof z.ZodRecord) return { key: fullValue(schema.valueType as z.ZodType) };
  if (schema instanceof z.ZodUnion) return fullValue(schema.options[0] as z.ZodType);
  if (schema instanceof z.ZodLazy) return fullValue(schema.unwrap() as z.ZodType);
  throw new Error(`no full value for a ${schema.def.type} schema: declare the view with one of the types above`);
}

const fullObject = (schema: z.ZodObject) => fullValue(schema) as Record<string, unknown>;

const asJson = (value: unknown) => JSON.parse(JSON.stringify(value)) as Record<string, unknown>;

describe('MCP outputs made of the views', () => {
  it('registers every object output of mcp-outputs.ts, so none escapes this test', () => {
    const registered = new Set(VIEW_OUTPUTS.map((entry) => entry.output));
    const objects = Object.entries(outputs).filter(([, value]) => value instanceof z.ZodObject);
    expect(objects.length).toBeGreaterThan(10);
    expect(objects.filter(([, value]) => !registered.has(value as z.ZodObject)).map(([name]) => name)).toEqual([]);
  });

  describe.each(VIEW_OUTPUTS.map((entry) => [entry.name, entry] as const))('%s', (_name, entry) => {
    const viewKeys = Object.keys(entry.view.shape);
    const extraKeys = Object.keys(entry.extra?.shape ?? {});

    it('keeps every field of a full view value but the ones it names as left out', () => {
      const sent = asJson({ ...fullObject(entry.view), ...(entry.extra ? fullObject(entry.extra) : {}) });
      const shown =
        entry.leftOut === 'rest'
          ? Object.keys(entry.output.shape)
          : [...viewKeys, ...extraKeys].filter((key) => !entry.leftOut.includes(key));
      const expected = Object.fromEntries(shown.map((key) => [key, sent[key]]));
      expect(entry.output.parse(sent)).toEqual(expected);
    });

    it('shows only fields of the view (or the ones the tool adds), and leaves out only fields the view has', () => {
      expect(
        Object.keys(entry.output.shape).filter((key) => !viewKeys.includes(key) && !extraKeys.includes(key)),
      ).toEqual([]);
      if (entry.leftOut !== 'rest') {
        expect(entry.leftOut.filter((key) => !viewKeys.includes(key))).toEqual([]);
        expect(Object.keys(entry.output.shape).sort()).toEqual(
          viewKeys.filter((k) => !entry.leftOut.includes(k)).sort(),
        );
      }
    });
  });
});

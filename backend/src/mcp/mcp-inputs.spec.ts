// The MCP tools take their arguments with their own schemas (ids as strings or numbers, dates as ISO
// strings, loose enough that the verb's messages name the field and the bound), and hand them to a
// service verb that validates them with the resource's input schema (`*.schemas.ts`). This fails on
// any drift between the two: an argument the verb does not take, a field of the verb no tool offers
// (unless named below as not offered over MCP), other enum options, another kind of value, another
// default, or a tool requiring what the verb does not.
import { z } from 'zod';
import { escalationPolicySchema } from '../escalation-policies/escalation-policy.schemas';
import { maintenanceSchema } from '../maintenances/maintenance.schemas';
import { slaQueryFields } from '../sla/sla.schemas';
import {
  createStatusReportSchema,
  resolveSchema,
  statusReportFieldsSchema,
  statusReportFilterSchema,
  statusReportUpdateSchema,
} from '../status-reports/status-report.schemas';
import { McpTools, type McpTool } from './tools';

interface VerbInput {
  /** The schema the verb validates the tool's arguments with. */
  schema: z.ZodObject;
  /** Arguments of the tool that are not fields of that schema: ids of the target, notify, filters. */
  transport: string[];
  /** Fields of the schema no tool argument sets (the verb's default or the stored value applies). */
  notOffered: string[];
  /** The verb merges the arguments over the stored value, so none is required. */
  patch?: boolean;
}

const VERB_INPUTS: Record<string, VerbInput> = {
  create_status_report: { schema: createStatusReportSchema, transport: ['notify'], notOffered: ['date'] },
  add_status_report_update: {
    schema: statusReportUpdateSchema,
    transport: ['statusReportId', 'pageId', 'notify'],
    notOffered: ['date'],
  },
  update_status_report: {
    schema: statusReportFieldsSchema,
    transport: ['statusReportId', 'pageId'],
    notOffered: [],
    patch: true,
  },
  resolve_status_report: { schema: resolveSchema, transport: ['statusReportId', 'pageId', 'notify'], notOffered: [] },
  create_maintenance: { schema: maintenanceSchema, transport: ['notify'], notOffered: [] },
  list_status_reports: { schema: statusReportFilterSchema, transport: ['page', 'perPage'], notOffered: ['pageId'] },
  get_sla_report: { schema: slaQueryFields, transport: [], notOffered: [] },
  create_escalation_policy: { schema: escalationPolicySchema, transport: [], notOffered: [] },
  update_escalation_policy: {
    schema: escalationPolicySchema,
    transport: ['escalationPolicyId'],
    notOffered: [],
    patch: true,
  },
};

/** The schema without its wrappers (optional, default, nullable, a transform's input). */
function core(schema: z.ZodType): z.ZodType {
  if (schema instanceof z.ZodOptional || schema instanceof z.ZodNullable || schema instanceof z.ZodDefault)
    return core(schema.unwrap() as z.ZodType);
  if (schema instanceof z.ZodPipe) return core(schema.in as z.ZodType);
  return schema;
}

/**
 * The kind of value a field takes. A tool's id (a string or a number of digits) is a string to the
 * verb, and a date a tool takes as its ISO string is a Date to the verb: both read as `string`.
 */
function kindOf(schema: z.ZodType): string {
  const s = core(schema);
  if (s instanceof z.ZodEnum) return `one of ${[...s.options].sort().join(', ')}`;
  if (s instanceof z.ZodArray) return `array of ${kindOf(s.element as z.ZodType)}`;
  if (s instanceof z.ZodUnion && s.options.some((o) => core(o as z.ZodType) instanceof z.ZodString)) return 'string';
  if (s instanceof z.ZodDate) return 'string';
  return s.def.type;
}

const defaultOf = (schema: z.ZodType): unknown => {
  if (schema instanceof z.ZodDefault) return schema.def.defaultValue;
  if (schema instanceof z.ZodOptional || schema instanceof z.ZodNullable)
    return defaultOf(schema.unwrap() as z.ZodType);
  if (schema instanceof z.ZodPipe) return defaultOf(schema.in as z.ZodType);
  return undefined;
};

const requiredIn = (schema: z.ZodType) => !schema.safeParse(undefined).success;

describe('MCP tool arguments and the verbs’ input schemas', () => {
  const none = {} as never;
  const tools = new Map<string, McpTool>(
    new McpTools(none, none, none, none, none, none, none, none, none, none, none, none, none, none).all.map((tool) => [
      tool.name,
      tool,
    ]),
  );

  it('checks tools that exist', () => {
    expect(Object.keys(VERB_INPUTS).filter((name) => !tools.has(name))).toEqual([]);
  });

  describe.each(Object.entries(VERB_INPUTS))('%s', (name, verb) => {
    const args = () => tools.get(name)!.input.shape as Record<string, z.ZodType>;
    const fields = verb.schema.shape as Record<string, z.ZodType>;

    it('takes exactly the verb’s fields, but the ones not offered, and its own transport arguments', () => {
      const expected = [...Object.keys(fields).filter((f) => !verb.notOffered.includes(f)), ...verb.transport];
      expect(Object.keys(args()).sort()).toEqual(expected.sort());
      expect(verb.notOffered.filter((f) => !(f in fields))).toEqual([]);
    });

    it('takes each field as the same kind of value, with the same options and default', () => {
      for (const [field, arg] of Object.entries(args())) {
        if (!(field in fields)) continue;
        expect({ field, kind: kindOf(arg) }).toEqual({ field, kind: kindOf(fields[field]) });
        const [toolDefault, verbDefault] = [defaultOf(arg), defaultOf(fields[field])];
        if (toolDefault !== undefined && verbDefault !== undefined) {
          expect({ field, default: toolDefault }).toEqual({ field, default: verbDefault });
        }
      }
    });

    it('requires no field the verb does not require', () => {
      const needless = Object.entries(args()).filter(
        ([field, arg]) => field in fields && requiredIn(arg) && (verb.patch || !requiredIn(fields[field])),
      );
      expect(needless.map(([field]) => field)).toEqual([]);
    });
  });
});

// One MCP tool: its name, input and output schemas, and `run`, typed from those schemas. The
// endpoint sees every tool through the untyped McpTool; defineTool() is where a tool's types meet it.
import type { z } from 'zod';
import type { ServiceContext } from '../../common/context';
import type { PlanFeature } from '../../plans/plans';

export interface McpTool {
  name: string;
  title: string;
  description: string;
  /** read: list_/get_/search_ tools; mutation: everything else (write scope only). */
  kind: 'read' | 'mutation';
  /** The tool exists only on plans with this feature. */
  feature?: PlanFeature;
  /** Annotated as destructive (it replaces or removes what was there). */
  destructive?: boolean;
  input: z.ZodObject;
  output: z.ZodObject;
  run(ctx: ServiceContext, args: Record<string, unknown>): Promise<Record<string, unknown>>;
}

export interface ToolDefinition<I extends z.ZodRawShape, O extends z.ZodObject> extends Omit<
  McpTool,
  'input' | 'output' | 'run'
> {
  input: z.ZodObject<I>;
  output: O;
  run(ctx: ServiceContext, args: z.output<z.ZodObject<I>>): Promise<z.input<O>>;
}

export function defineTool<I extends z.ZodRawShape, O extends z.ZodObject>(tool: ToolDefinition<I, O>): McpTool {
  // Strict: an unknown argument (`timeRange` for `range`) is refused, never silently ignored.
  const input = tool.input.strict();
  return {
    ...tool,
    input,
    // The endpoint hands over what it parsed with `input`; parsing it again (cheap) is what gives
    // run() its typed arguments without a cast. So an input schema's output must parse again to
    // itself: transforms keep the type (ids stay strings, dates stay ISO strings).
    run: (ctx, args) => tool.run(ctx, input.parse(args)),
  };
}

/** What T becomes through JSON: dates as ISO strings, values of unknown shape as JSON values. */
export type JsonOf<T> = unknown extends T
  ? z.core.util.JSONType
  : T extends Date
    ? string
    : T extends readonly (infer U)[]
      ? JsonOf<U>[]
      : T extends object
        ? { [K in keyof T]: JsonOf<T[K]> }
        : T;

/** Plain JSON: dates as ISO strings, no undefined, no class instances. */
export function plain<T>(value: T): JsonOf<T> {
  return JSON.parse(JSON.stringify(value)) as JsonOf<T>;
}

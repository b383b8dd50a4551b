// MCP tools of imports (issue 30): get_import_plan (read: what an import would do, writing nothing)
// and import_configuration (a write tool: absent for read-only credentials). An assistant holding a
// Gatus or OpenStatus YAML passes it as `content`; an Uptime Kuma database (binary) as `contentBase64`.
import { z } from 'zod';
import { ValidationError } from '../../common/errors';
import { IMPORT_SOURCES } from '../../imports/import-model';
import type { ImportsService } from '../../imports/imports.service';
import * as shapes from '../mcp-outputs';
import { defineTool, plain, type McpTool } from './define-tool';

const fileInput = {
  source: z
    .enum(IMPORT_SOURCES, { error: `must be one of ${IMPORT_SOURCES.join(', ')}` })
    .describe('uptime-kuma (its kuma.db), gatus (its YAML configuration) or openstatus (its monitors-as-code YAML)'),
  content: z.string().optional().describe('the file as text (the YAML sources)'),
  contentBase64: z.string().optional().describe('the file as base64 (an Uptime Kuma database)'),
  variables: z
    .record(z.string(), z.string())
    .optional()
    .describe("what a Gatus configuration's ${VAR} take; the server's environment is never read"),
};

function fileOf(args: { content?: string; contentBase64?: string }): Uint8Array {
  if ((args.content === undefined) === (args.contentBase64 === undefined))
    throw ValidationError.field('content', 'give exactly one of content and contentBase64');
  if (args.content !== undefined) return new TextEncoder().encode(args.content);
  const base64 = args.contentBase64!.replace(/\s+/g, '');
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(base64) || base64.length % 4 !== 0)
    throw ValidationError.field('contentBase64', 'must be base64');
  return new Uint8Array(Buffer.from(base64, 'base64'));
}

export function importTools(imports: ImportsService): McpTool[] {
  return [
    defineTool({
      name: 'get_import_plan',
      title: 'Plan an import from Uptime Kuma, Gatus or OpenStatus',
      description:
        'Reads another tool’s configuration and tells what importing it would do, writing nothing: what is created (monitors, channels, status pages with groups and components, maintenances), what an earlier import of the same source created already (matched by source key), what maps only approximately and what cannot be mapped and why.',
      kind: 'read',
      input: z.object(fileInput),
      output: z.object({ plan: shapes.importPlanOut }),
      run: async (ctx, a) => ({
        plan: plain(await imports.plan(ctx, { source: a.source, file: fileOf(a), env: a.variables })),
      }),
    }),
    defineTool({
      name: 'import_configuration',
      title: 'Import from Uptime Kuma, Gatus or OpenStatus',
      description:
        'Imports the plan get_import_plan shows, in one transaction: monitors are created inactive unless activate is true; channel credentials are sealed; a second import of the same file creates nothing again. Answers the plan as applied, with the ids created.',
      kind: 'mutation',
      input: z.object({
        ...fileInput,
        activate: z.boolean().optional().describe('create monitors active (default false: inactive)'),
      }),
      output: z.object({ plan: shapes.importPlanOut, activated: z.boolean() }),
      run: async (ctx, a) => {
        const result = await imports.apply(ctx, {
          source: a.source,
          file: fileOf(a),
          env: a.variables,
          activate: a.activate,
        });
        return { plan: plain(result.plan), activated: result.activated };
      },
    }),
  ];
}

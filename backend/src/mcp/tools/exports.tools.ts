// MCP tool of the export (issue 30): get_terraform_export, a read tool (read-only credentials have
// it): the workspace as Terraform files or a CDKTF project an assistant can write into a repository.
import { z } from 'zod';
import { EXPORT_FORMATS, type ExportsService } from '../../exports/exports.service';
import * as shapes from '../mcp-outputs';
import { defineTool, plain, type McpTool } from './define-tool';

export function exportTools(exports: ExportsService): McpTool[] {
  return [
    defineTool({
      name: 'get_terraform_export',
      title: 'Export the workspace as Terraform or CDKTF',
      description:
        'The workspace as infrastructure as code: Terraform HCL (format hcl, the default: a provider block, one file per resource kind, an import block per resource so the first plan only imports, references between resources, a sensitive variable per secret) or a TypeScript CDKTF project (format cdktf) that synthesizes to the same plan. No file holds a secret value; give the listed variables before planning. Notes say what has no resource in the provider (gRPC monitors, maintenances, status reports).',
      kind: 'read',
      input: z.object({
        format: z
          .enum(EXPORT_FORMATS, { error: `must be one of ${EXPORT_FORMATS.join(', ')}` })
          .optional()
          .describe('hcl (default) or cdktf'),
      }),
      output: shapes.terraformFilesOut,
      run: async (ctx, a) => plain(await exports.terraformFiles(ctx, a.format ?? 'hcl')),
    }),
  ];
}

// The export's files as the transports show them (MCP outputs are derived from this schema).
import { z } from 'zod';
import { count } from '../common/view-schema';

export const terraformFilesView = z.object({
  files: z
    .array(z.object({ path: z.string().describe('relative to the folder the files go into'), content: z.string() }))
    .describe('Terraform HCL, or a TypeScript CDKTF project; no file holds a secret value'),
  resourceCount: count.describe('resources in the files, each with its import block'),
  variables: z.array(z.string()).describe('sensitive variables to give (TF_VAR_<name>) before planning'),
  notes: z.array(z.string()).describe('what the workspace holds that has no resource in the provider'),
});

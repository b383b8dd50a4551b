// exports.v1.ExportService: maps the request onto ExportsService.terraformFiles and the files back.
// No rule lives here.
import type { ServiceImpl } from '@connectrpc/connect';
import type { ExportService as ExportRpcService } from '@uptime/proto/gen/exports/v1/export_service_pb';
import { serviceContext } from '../rpc-kit/call-context';
import type { ExportsService } from './exports.service';

export function exportServiceImpl(exports: ExportsService): ServiceImpl<typeof ExportRpcService> {
  return {
    async exportTerraform(req, ctx) {
      const exported = await exports.terraformFiles(serviceContext(ctx), req.format || 'hcl');
      return {
        files: exported.files,
        resourceCount: exported.resourceCount,
        variables: exported.variables,
        notes: exported.notes,
      };
    },
  };
}

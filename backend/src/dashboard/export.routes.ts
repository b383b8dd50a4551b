// The dashboard's export page (issue 30): the workspace as Terraform HCL or a CDKTF project
// (ExportsService.terraformFiles, the verb behind `cli export terraform`, RPC and MCP), and each of its
// files as a download. The export only reads and holds no secret value, so every member, viewers too,
// may open it. Downloads are one file each: no archive library is a dependency of the backend, and the
// files are few and small.
import { Inject, Injectable } from '@nestjs/common';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { NotFoundError } from '../common/errors';
import type { AppConfig } from '../config/config';
import { APP_CONFIG } from '../config/config.module';
import { EXPORT_FORMATS, ExportsService } from '../exports/exports.service';
import { DashboardRequests, query } from './dashboard-requests';
import { exportPage, type ExportFormat } from './pages/export.page';

/** The format a path or query names; any other is not a page of this workspace (404, as an unknown path). */
function formatOf(value: string | undefined): ExportFormat {
  const format = value ?? 'hcl';
  if (!(EXPORT_FORMATS as readonly string[]).includes(format)) throw NotFoundError.of('export format', format);
  return format as ExportFormat;
}

/**
 * A file name a browser saves as given: the export's paths are plain names already, but whatever one
 * holds never leaves the quoted string of Content-Disposition.
 */
export function attachmentName(path: string): string {
  return path.replace(/[^A-Za-z0-9._-]/g, '_') || 'export';
}

@Injectable()
export class ExportRoutes {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(DashboardRequests) private readonly requests: DashboardRequests,
    @Inject(ExportsService) private readonly exports: ExportsService,
  ) {}

  register(app: FastifyInstance): void {
    app.get('/app/w/:slug/export', (request, reply) =>
      this.requests.handle(request, reply, async () => {
        const w = await this.requests.requireWorkspace(request, false);
        const format = formatOf(query(request).format);
        const exported = await this.exports.terraformFiles(w.ctx, format);
        const frame = this.requests.frame(w, w.membership, undefined, 'monitors');
        return this.requests.page(
          reply,
          200,
          exportPage(frame, { format, exported, rpcUrl: `${this.config.baseUrl}/rpc` }),
        );
      }),
    );
    app.get('/app/w/:slug/export/:format/:path', (request, reply) =>
      this.requests.handle(request, reply, () => this.download(request, reply)),
    );
  }

  private async download(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> {
    const w = await this.requests.requireWorkspace(request, false);
    const params = request.params as { format: string; path: string };
    const format = formatOf(params.format);
    const exported = await this.exports.terraformFiles(w.ctx, format);
    const file = exported.files.find((f) => f.path === params.path);
    if (!file) throw NotFoundError.of('export file', params.path);
    return reply
      .header('content-type', 'text/plain; charset=utf-8')
      .header('content-disposition', `attachment; filename="${attachmentName(file.path)}"`)
      .send(file.content);
  }
}

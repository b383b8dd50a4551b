// The export of a workspace as infrastructure as code (issue 30): reads every resource the Terraform
// provider manages through that resource's own service verbs, with a read scope so that credentials
// come back redacted (the export never holds a secret value), and builds the shared model both
// writers take (terraform-hcl.ts, terraform-cdktf.ts).
import { Inject, Injectable } from '@nestjs/common';
import type { ServiceContext } from '../common/context';
import { ValidationError } from '../common/errors';
import type { Paged, PageQuery } from '../common/paging';
import { EscalationPoliciesService } from '../escalation-policies/escalation-policies.service';
import { MaintenancesService } from '../maintenances/maintenances.service';
import { MonitorsService } from '../monitors/monitors.service';
import { NotificationsService } from '../notifications/notifications.service';
import { PrivateLocationsService } from '../private-locations/private-locations.service';
import { PageComponentsService } from '../status-pages/page-components.service';
import { StatusPagesService } from '../status-pages/status-pages.service';
import { StatusReportsService } from '../status-reports/status-reports.service';
import { WorkspacesService } from '../workspaces/workspaces.service';
import { buildTerraformExport, type WorkspaceSnapshot } from './terraform-export';
import { writeCdktf, type CdktfOptions } from './terraform-cdktf';
import { writeHcl } from './terraform-hcl';
import type { ExportedFile, TerraformExport } from './terraform-model';

export const EXPORT_FORMATS = ['hcl', 'cdktf'] as const;

export interface TerraformFiles {
  files: ExportedFile[];
  resourceCount: number;
  /** Names of the sensitive variables to give (TF_VAR_<name>) before planning. */
  variables: string[];
  /** What the workspace holds that has no resource in the provider. */
  notes: string[];
}

const PAGE = 100;

/** Every item of a limit/offset list verb, page after page. */
async function all<T>(list: (query: PageQuery) => Promise<Paged<T>>): Promise<T[]> {
  const items: T[] = [];
  for (;;) {
    const page = await list({ limit: PAGE, offset: items.length });
    items.push(...page.items);
    if (page.items.length < PAGE || items.length >= page.totalSize) return items;
  }
}

@Injectable()
export class ExportsService {
  constructor(
    @Inject(WorkspacesService) private readonly workspaces: WorkspacesService,
    @Inject(MonitorsService) private readonly monitors: MonitorsService,
    @Inject(NotificationsService) private readonly notifications: NotificationsService,
    @Inject(StatusPagesService) private readonly statusPages: StatusPagesService,
    @Inject(PageComponentsService) private readonly components: PageComponentsService,
    @Inject(PrivateLocationsService) private readonly privateLocations: PrivateLocationsService,
    @Inject(EscalationPoliciesService) private readonly escalationPolicies: EscalationPoliciesService,
    @Inject(MaintenancesService) private readonly maintenances: MaintenancesService,
    @Inject(StatusReportsService) private readonly statusReports: StatusReportsService,
  ) {}

  /** The workspace as the provider's resources, with an import id for each and secrets as variables. */
  async terraform(ctx: ServiceContext): Promise<TerraformExport> {
    return buildTerraformExport(await this.snapshot(ctx));
  }

  /**
   * The export's files: HCL (`hcl`) or a CDKTF project (`cdktf`), what the command line writes into its
   * folder and the RPC API, MCP and the dashboard hand out. No file holds a secret value.
   */
  async terraformFiles(ctx: ServiceContext, format: string, options: CdktfOptions = {}): Promise<TerraformFiles> {
    if (!(EXPORT_FORMATS as readonly string[]).includes(format))
      throw ValidationError.field('format', `must be one of ${EXPORT_FORMATS.join(', ')}`);
    const model = await this.terraform(ctx);
    return {
      files: format === 'cdktf' ? writeCdktf(model, options) : writeHcl(model),
      resourceCount: model.resources.length,
      variables: model.variables.map((v) => v.name),
      notes: model.notes,
    };
  }

  private async snapshot(ctx: ServiceContext): Promise<WorkspaceSnapshot> {
    // Read scope whatever the caller holds: monitor credentials come back as `[redacted]` and
    // private location tokens not at all, so no secret can reach a written file.
    const read: ServiceContext = { ...ctx, scope: 'read' };
    const workspace = await this.workspaces.resolve(ctx.workspace.id);
    const [monitors, notifications, statusPages, privateLocations, escalationPolicies] = await Promise.all([
      all((q) => this.monitors.list(read, q)),
      all((q) => this.notifications.list(read, q)),
      all((q) => this.statusPages.list(read, q)),
      all((q) => this.privateLocations.list(read, q)),
      this.escalationPolicies.list(read),
    ]);
    const groups = [];
    const components = [];
    for (const page of statusPages) {
      groups.push(...(await this.components.listGroups(read, page.id)));
      components.push(...(await this.components.listComponents(read, page.id)));
    }
    const notes: string[] = [];
    const maintenances = (await this.maintenances.list(read, { perPage: 1 })).totalSize;
    if (maintenances)
      notes.push(`${maintenances} maintenance window(s) not exported: the provider has no resource for them`);
    const reports = (await this.statusReports.list(read, { perPage: 1 })).totalSize;
    if (reports) notes.push(`${reports} status report(s) not exported: the provider has no resource for them`);
    return {
      workspace: { slug: workspace.slug, name: workspace.name },
      monitors,
      notifications,
      statusPages,
      groups,
      components,
      privateLocations,
      escalationPolicies,
      notes,
    };
  }
}

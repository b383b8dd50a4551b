// The 23 MCP tools (SPEC §4.2), one file per resource. Each tool maps its input onto a service verb,
// shared with the RPC API, and the verb's result onto its output; no business rule lives in a tool.
// Tools whose names start with list_, get_ or search_ only read; the others mutate and exist only for
// write credentials.
import { Inject, Injectable } from '@nestjs/common';
import { AlertsService } from '../../alerts/alerts.service';
import { AuditService } from '../../audit/audit.service';
import type { ServiceContext } from '../../common/context';
import { EscalationPoliciesService } from '../../escalation-policies/escalation-policies.service';
import { MaintenancesService } from '../../maintenances/maintenances.service';
import { MonitorsService } from '../../monitors/monitors.service';
import { NotificationsService } from '../../notifications/notifications.service';
import { PrivateLocationsService } from '../../private-locations/private-locations.service';
import { PageComponentsService } from '../../status-pages/page-components.service';
import { StatusPagesService } from '../../status-pages/status-pages.service';
import { StatusReportsService } from '../../status-reports/status-reports.service';
import { SlaService } from '../../sla/sla.service';
import { ImportsService } from '../../imports/imports.service';
import { ExportsService } from '../../exports/exports.service';
import type { PlanFeature } from '../../plans/plans';
import { CONTENT_INDEX, type ContentIndex } from '../ports';
import { alertTools } from './alerts.tools';
import { auditTools } from './audit.tools';
import { contentTools } from './content.tools';
import { escalationPolicyTools } from './escalation-policies.tools';
import type { McpTool } from './define-tool';
import { importTools } from './imports.tools';
import { exportTools } from './exports.tools';
import { maintenanceTools } from './maintenances.tools';
import { monitorTools } from './monitors.tools';
import { notificationTools } from './notifications.tools';
import { privateLocationTools } from './private-locations.tools';
import { slaTools } from './sla.tools';
import { statusPageTools } from './status-pages.tools';
import { statusReportTools } from './status-reports.tools';

export type { McpTool } from './define-tool';

@Injectable()
export class McpTools {
  /** In the order tools/list shows them. */
  readonly all: McpTool[];

  constructor(
    @Inject(StatusPagesService) pages: StatusPagesService,
    @Inject(PageComponentsService) components: PageComponentsService,
    @Inject(StatusReportsService) reports: StatusReportsService,
    @Inject(MaintenancesService) maintenances: MaintenancesService,
    @Inject(MonitorsService) monitors: MonitorsService,
    @Inject(NotificationsService) notifications: NotificationsService,
    @Inject(PrivateLocationsService) locations: PrivateLocationsService,
    @Inject(AuditService) audit: AuditService,
    @Inject(SlaService) sla: SlaService,
    @Inject(EscalationPoliciesService) escalationPolicies: EscalationPoliciesService,
    @Inject(AlertsService) alerts: AlertsService,
    @Inject(ImportsService) imports: ImportsService,
    @Inject(ExportsService) exports: ExportsService,
    @Inject(CONTENT_INDEX) content: ContentIndex,
  ) {
    this.all = [
      ...statusPageTools(pages, components),
      ...statusReportTools(reports),
      ...maintenanceTools(maintenances),
      ...monitorTools(monitors, reports),
      ...notificationTools(notifications),
      ...escalationPolicyTools(escalationPolicies),
      ...alertTools(alerts),
      ...privateLocationTools(locations),
      ...slaTools(sla),
      ...importTools(imports),
      ...exportTools(exports),
      ...auditTools(audit),
      ...contentTools(content),
    ];
  }

  /** The tools a credential sees: read tools always, mutations with write scope, audit tools by plan. */
  available(ctx: ServiceContext, hasFeature: (feature: PlanFeature) => boolean): McpTool[] {
    return this.all.filter(
      (t) => (t.kind === 'read' || ctx.scope === 'write') && (!t.feature || hasFeature(t.feature)),
    );
  }
}

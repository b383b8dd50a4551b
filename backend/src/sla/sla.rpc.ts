// sla.v1.SlaService: maps the request onto SlaService.report and the view back. No rule lives here.
import { create } from '@bufbuild/protobuf';
import type { ServiceImpl } from '@connectrpc/connect';
import {
  ComponentReportSchema,
  GetSlaReportResponseSchema,
  SlaFiguresSchema,
  type GetSlaReportRequest,
  type SlaFigures,
  type SlaService as SlaRpcService,
} from '@uptime/proto/gen/sla/v1/sla_service_pb';
import { ValidationError } from '../common/errors';
import { serviceContext } from '../rpc-kit/call-context';
import { dateIn, required, timestampOut } from '../rpc-kit/fields';
import type { SlaQuery, SlaScope } from './sla.schemas';
import type { SlaService } from './sla.service';
import type { SlaFiguresView, SlaReportView } from './sla.view';

const SCOPES: Record<NonNullable<GetSlaReportRequest['scope']['case']>, SlaScope> = {
  monitorId: 'monitor',
  componentId: 'component',
  pageId: 'page',
};

export function slaQueryIn(req: GetSlaReportRequest): SlaQuery {
  const { scope, period } = req;
  if (scope.case === undefined)
    throw ValidationError.field('scope', 'is required: monitor_id, component_id or page_id');
  return {
    scope: SCOPES[scope.case],
    id: scope.value,
    month: period.case === 'month' ? period.value : undefined,
    quarter: period.case === 'quarter' ? period.value : undefined,
    from: period.case === 'custom' ? dateIn(required(period.value.from, 'custom.from'))!.toISOString() : undefined,
    to: period.case === 'custom' ? dateIn(required(period.value.to, 'custom.to'))!.toISOString() : undefined,
    target: req.target,
  };
}

function figuresOut(f: SlaFiguresView | null): SlaFigures | undefined {
  if (!f) return undefined;
  return create(SlaFiguresSchema, {
    measuredMinutes: f.measuredMinutes,
    downtimeMinutes: f.downtimeMinutes,
    degradedMinutes: f.degradedMinutes,
    uptimePercent: f.uptimePercent ?? undefined,
    source: f.source,
    errorBudget: {
      allowedMinutes: f.errorBudget.allowedMinutes,
      leftMinutes: f.errorBudget.leftMinutes,
      leftPercent: f.errorBudget.leftPercent ?? undefined,
    },
    incidentCount: f.incidentCount,
    mttrMinutes: f.mttrMinutes ?? undefined,
    checks: { total: BigInt(f.checks.total), failed: BigInt(f.checks.failed), degraded: BigInt(f.checks.degraded) },
  });
}

export function slaReportOut(v: SlaReportView) {
  return create(GetSlaReportResponseSchema, {
    scope: v.scope,
    id: v.id,
    name: v.name,
    period: {
      kind: v.period.kind,
      label: v.period.label,
      from: timestampOut(v.period.from),
      to: timestampOut(v.period.to),
    },
    target: v.target,
    generatedAt: timestampOut(v.generatedAt),
    figures: figuresOut(v.figures),
    note: v.note ?? '',
    incidents: v.incidents.map((i) => ({
      monitorId: i.monitorId,
      incidentKey: i.incidentKey,
      status: i.status,
      start: timestampOut(i.start),
      end: timestampOut(i.end),
      durationMinutes: i.durationMinutes,
    })),
    statusReports: v.statusReports.map((r) => ({
      id: r.id,
      title: r.title,
      componentId: r.componentId,
      start: timestampOut(r.start),
      end: timestampOut(r.end),
    })),
    components: v.components.map((c) =>
      create(ComponentReportSchema, {
        componentId: c.componentId,
        name: c.name,
        monitorId: c.monitorId ?? undefined,
        figures: figuresOut(c.figures),
        note: c.note ?? '',
      }),
    ),
  });
}

export function slaServiceImpl(sla: SlaService): ServiceImpl<typeof SlaRpcService> {
  return {
    async getSlaReport(req, ctx) {
      return slaReportOut(await sla.report(serviceContext(ctx), slaQueryIn(req)));
    },
  };
}

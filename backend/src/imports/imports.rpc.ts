// imports.v1.ImportService: maps the request onto ImportsService.plan / apply and the plan back. No
// rule lives here.
import { create } from '@bufbuild/protobuf';
import type { ServiceImpl } from '@connectrpc/connect';
import {
  ImportPlanSchema,
  type ImportPlan as ImportPlanMessage,
  type ImportService as ImportRpcService,
} from '@uptime/proto/gen/imports/v1/import_service_pb';
import { serviceContext } from '../rpc-kit/call-context';
import type { ImportFinding } from './import-model';
import type { ImportPlan } from './import-plan';
import type { ImportsService } from './imports.service';

const findingOut = (f: ImportFinding) => ({ level: f.level, field: f.field ?? '', message: f.message });

export function importPlanOut(plan: ImportPlan): ImportPlanMessage {
  return create(ImportPlanSchema, {
    source: plan.source,
    items: plan.items.map((i) => ({
      kind: i.kind,
      sourceKey: i.sourceKey,
      label: i.label,
      action: i.action,
      resourceId: i.resourceId ?? '',
      reason: i.reason ?? '',
      pingUrl: i.pingUrl ?? '',
      findings: i.findings.map(findingOut),
    })),
    findings: plan.findings.map(findingOut),
    counts: plan.counts,
  });
}

export function importServiceImpl(imports: ImportsService): ServiceImpl<typeof ImportRpcService> {
  return {
    async planImport(req, ctx) {
      const plan = await imports.plan(serviceContext(ctx), { source: req.source, file: req.file, env: req.variables });
      return { plan: importPlanOut(plan) };
    },
    async applyImport(req, ctx) {
      const result = await imports.apply(serviceContext(ctx), {
        source: req.source,
        file: req.file,
        env: req.variables,
        activate: req.activate,
      });
      return { plan: importPlanOut(result.plan), activated: result.activated };
    },
  };
}

// maintenance.v1.MaintenanceService: maps proto messages to the service verbs and back. No rule
// lives here.
import { create } from '@bufbuild/protobuf';
import type { ServiceImpl } from '@connectrpc/connect';
import {
  MaintenanceSchema,
  MaintenanceStatusSchema,
  type Maintenance,
  type MaintenanceService,
} from '@uptime/proto/gen/maintenance/v1/maintenance_service_pb';
import { ValidationError } from '../common/errors';
import { paginationOf } from '../common/paging';
import { EnumCodec } from '../rpc-kit/enum-codec';
import { dateIn, timestampOut } from '../rpc-kit/fields';
import { maskFields } from '../rpc-kit/field-mask';
import { serviceContext } from '../rpc-kit/call-context';
import type { MaintenanceStatus, MaintenanceView } from './maintenance.view';
import type { MaintenanceField, MaintenanceInput, MaintenancesService } from './maintenances.service';

export const codecs = {
  status: new EnumCodec<MaintenanceStatus>(MaintenanceStatusSchema, 'MAINTENANCE_STATUS_'),
};

export function maintenanceIn(m: Maintenance): MaintenanceInput {
  return {
    pageId: m.pageId || undefined,
    title: m.title,
    message: m.message,
    from: dateIn(m.from),
    to: dateIn(m.to),
    pageComponentIds: m.pageComponentIds.length ? m.pageComponentIds : undefined,
  };
}

export function maintenanceOut(v: MaintenanceView): Maintenance {
  return create(MaintenanceSchema, {
    id: v.id,
    pageId: v.pageId,
    title: v.title,
    message: v.message,
    from: timestampOut(v.from),
    to: timestampOut(v.to),
    pageComponentIds: v.pageComponentIds,
    status: codecs.status.encode(v.status),
    createdAt: timestampOut(v.createdAt),
    updatedAt: timestampOut(v.updatedAt),
    notifiedAt: timestampOut(v.notifiedAt),
  });
}

/** update_mask paths (proto field names of Maintenance) -> domain fields. */
export const MASK_FIELDS: Record<string, MaintenanceField> = {
  title: 'title',
  message: 'message',
  from: 'from',
  to: 'to',
  page_component_ids: 'pageComponentIds',
};

export function maintenanceServiceImpl(maintenances: MaintenancesService): ServiceImpl<typeof MaintenanceService> {
  return {
    async createMaintenance(req, ctx) {
      if (!req.maintenance) throw ValidationError.field('maintenance', 'is required');
      const { record, notified, notifyFailure } = await maintenances.create(
        serviceContext(ctx),
        maintenanceIn(req.maintenance),
        req.notify ?? false,
      );
      return { maintenance: maintenanceOut(record), notified, notifyError: notifyFailure?.message ?? '' };
    },

    async getMaintenance(req, ctx) {
      return {
        maintenance: maintenanceOut(await maintenances.get(serviceContext(ctx), req.id, req.pageId || undefined)),
      };
    },

    async listMaintenances(req, ctx) {
      const listed = await maintenances.list(serviceContext(ctx), {
        pageId: req.pageId || undefined,
        page: req.page,
        perPage: req.perPage,
      });
      return { maintenances: listed.items.map(maintenanceOut), pagination: paginationOf(listed) };
    },

    async updateMaintenance(req, ctx) {
      const patch = req.maintenance ? maintenanceIn(req.maintenance) : {};
      const view = await maintenances.update(
        serviceContext(ctx),
        req.id,
        patch,
        maskFields(req.updateMask, MASK_FIELDS),
      );
      return { maintenance: maintenanceOut(view) };
    },

    async deleteMaintenance(req, ctx) {
      await maintenances.delete(serviceContext(ctx), req.id, req.pageId || undefined);
      return { success: true };
    },
  };
}

// status_report.v1.StatusReportService: maps proto messages to the service verbs and back. No rule
// lives here.
import { create } from '@bufbuild/protobuf';
import type { ServiceImpl } from '@connectrpc/connect';
import {
  StatusReportFilterSchema,
  StatusReportSchema,
  StatusReportStatusSchema,
  StatusReportUpdateSchema,
  type StatusReport,
  type StatusReportService,
  type StatusReportUpdate,
} from '@uptime/proto/gen/status_report/v1/status_report_service_pb';
import { paginationOf } from '../common/paging';
import { EnumCodec } from '../rpc-kit/enum-codec';
import { dateIn, timestampOut } from '../rpc-kit/fields';
import { maskFields } from '../rpc-kit/field-mask';
import { serviceContext } from '../rpc-kit/call-context';
import type { StatusReportFilter } from './status-report.schemas';
import type { StatusReportUpdateView, StatusReportView } from './status-report.view';
import type { Published } from '../subscribers/page-publisher';
import type {
  PostedUpdate,
  StatusReportField,
  StatusReportPatch,
  StatusReportsService,
} from './status-reports.service';

export const codecs = {
  status: new EnumCodec<StatusReportView['status']>(StatusReportStatusSchema, 'STATUS_REPORT_STATUS_'),
  filter: new EnumCodec<StatusReportFilter>(StatusReportFilterSchema, 'STATUS_REPORT_FILTER_'),
};

export function updateOut(u: StatusReportUpdateView): StatusReportUpdate {
  return create(StatusReportUpdateSchema, {
    id: u.id,
    status: codecs.status.encode(u.status),
    message: u.message,
    date: timestampOut(u.date),
    createdAt: timestampOut(u.createdAt),
    notifiedAt: timestampOut(u.notifiedAt),
  });
}

export function statusReportOut(v: StatusReportView): StatusReport {
  return create(StatusReportSchema, {
    id: v.id,
    pageId: v.pageId,
    title: v.title,
    status: codecs.status.encode(v.status),
    pageComponentIds: v.pageComponentIds,
    updates: v.updates.map(updateOut),
    resolvedAt: timestampOut(v.resolvedAt),
    draft: v.draft,
    createdAt: timestampOut(v.createdAt),
    updatedAt: timestampOut(v.updatedAt),
  });
}

/** update_mask paths (proto field names of UpdateStatusReportRequest) -> domain fields. */
export const MASK_FIELDS: Record<string, StatusReportField> = {
  title: 'title',
  status: 'status',
  page_component_ids: 'pageComponentIds',
  draft: 'draft',
};

/** The answer of the publishing methods (create, add update, resolve). */
function publishedOut({ record, notified, notifyFailure }: Published<PostedUpdate>) {
  return {
    statusReport: statusReportOut(record.report),
    update: updateOut(record.update),
    notified,
    notifyError: notifyFailure?.message ?? '',
  };
}

export function statusReportServiceImpl(reports: StatusReportsService): ServiceImpl<typeof StatusReportService> {
  return {
    async createStatusReport(req, ctx) {
      const input = {
        pageId: req.pageId,
        title: req.title,
        status: codecs.status.decode('status', req.status),
        message: req.message,
        date: dateIn(req.date),
        pageComponentIds: req.pageComponentIds,
      };
      return publishedOut(await reports.create(serviceContext(ctx), input, req.notify ?? false));
    },

    async getStatusReport(req, ctx) {
      return {
        statusReport: statusReportOut(await reports.get(serviceContext(ctx), req.id, req.pageId || undefined)),
      };
    },

    async listStatusReports(req, ctx) {
      const listed = await reports.list(serviceContext(ctx), {
        pageId: req.pageId || undefined,
        filter: codecs.filter.decode('filter', req.filter),
        page: req.page,
        perPage: req.perPage,
      });
      return { statusReports: listed.items.map(statusReportOut), pagination: paginationOf(listed) };
    },

    async updateStatusReport(req, ctx) {
      const patch: StatusReportPatch = {
        title: req.title,
        status: codecs.status.decode('status', req.status),
        pageComponentIds: req.pageComponentIds.length ? req.pageComponentIds : undefined,
        draft: req.draft,
      };
      const mask = maskFields(req.updateMask, MASK_FIELDS);
      const report = await reports.update(serviceContext(ctx), req.id, patch, mask, req.pageId || undefined);
      return { statusReport: statusReportOut(report) };
    },

    async addStatusReportUpdate(req, ctx) {
      const input = {
        status: codecs.status.decode('status', req.status)!,
        message: req.message,
        date: dateIn(req.date),
      };
      const notify = req.notify ?? false;
      return publishedOut(await reports.addUpdate(serviceContext(ctx), req.id, input, notify, req.pageId || undefined));
    },

    async resolveStatusReport(req, ctx) {
      const notify = req.notify ?? false;
      return publishedOut(
        await reports.resolve(serviceContext(ctx), req.id, req.message, notify, req.pageId || undefined),
      );
    },

    async deleteStatusReport(req, ctx) {
      await reports.delete(serviceContext(ctx), req.id, req.pageId || undefined);
      return { success: true };
    },
  };
}

// status_report.v1.StatusReportService end to end: real HTTP server, real database, the official
// Connect client in binary, and plain HTTP JSON requests. Pages and components are inserted with SQL
// (their own service is not what is under test here).
import { create } from '@bufbuild/protobuf';
import { FieldMaskSchema, timestampDate, timestampFromDate } from '@bufbuild/protobuf/wkt';
import { Code, createClient, type Client } from '@connectrpc/connect';
import { createConnectTransport } from '@connectrpc/connect-node';
import {
  StatusReportFilter,
  StatusReportService,
  StatusReportStatus,
  type StatusReport,
} from '@uptime/proto/gen/status_report/v1/status_report_service_pb';
import { AuditLogEntity } from '../../backend/src/audit/audit-log.entity';
import { newTenant, startHttpApp, type HttpTestApp, type Tenant } from '../support/http-app';
import { rpcError, withKey } from '../support/rpc';

type ReportClient = Client<typeof StatusReportService>;

describe('StatusReportService', () => {
  let t: HttpTestApp;
  let tenant: Tenant;
  let sut: ReportClient;
  let pageId: string;
  let componentA: string;
  let componentB: string;
  let slugs = 0;

  const clientFor = (key: string | null): ReportClient =>
    createClient(
      StatusReportService,
      createConnectTransport({
        baseUrl: `${t.baseUrl}/rpc`,
        httpVersion: '1.1',
        useBinaryFormat: true,
        interceptors: [withKey(key)],
      }),
    );

  async function insertPage(workspaceId: string): Promise<string> {
    slugs += 1;
    const [page]: Array<{ id: string }> = await t.db.manager.query(
      `INSERT INTO status_pages (workspace_id, title, slug) VALUES ($1, 'Status', $2) RETURNING id`,
      [workspaceId, `reports-page-${slugs}`],
    );
    return page.id;
  }

  async function insertComponent(workspaceId: string, onPage: string): Promise<string> {
    const [component]: Array<{ id: string }> = await t.db.manager.query(
      `INSERT INTO page_components (workspace_id, page_id, type, name) VALUES ($1, $2, 'static', 'API') RETURNING id`,
      [workspaceId, onPage],
    );
    return component.id;
  }

  const minimal = () => ({ pageId, title: 'API errors', message: 'We are investigating elevated errors.' });

  async function newReport(client: ReportClient = sut, extra: Record<string, unknown> = {}): Promise<StatusReport> {
    const { statusReport } = await client.createStatusReport({ ...minimal(), ...extra });
    return statusReport!;
  }

  beforeAll(async () => {
    t = await startHttpApp();
    tenant = await newTenant(t);
    sut = clientFor(tenant.writeKey);
    pageId = await insertPage(tenant.ctx.workspace.id);
    componentA = await insertComponent(tenant.ctx.workspace.id, pageId);
    componentB = await insertComponent(tenant.ctx.workspace.id, pageId);
  });

  afterAll(() => t.close());

  describe('create and get', () => {
    it('opens a report with its first update and the defaults', async () => {
      const before = Date.now();
      const { statusReport, update } = await sut.createStatusReport(minimal());
      expect(statusReport).toMatchObject({
        pageId,
        title: 'API errors',
        status: StatusReportStatus.INVESTIGATING,
        pageComponentIds: [],
      });
      expect(statusReport!.id).toMatch(/^\d+$/);
      expect(statusReport!.resolvedAt).toBeUndefined();
      expect(statusReport!.updates).toHaveLength(1);
      expect(statusReport!.updates[0]).toEqual(update);
      expect(update).toMatchObject({
        status: StatusReportStatus.INVESTIGATING,
        message: 'We are investigating elevated errors.',
      });
      const date = timestampDate(update!.date!).getTime();
      expect(date).toBeGreaterThanOrEqual(before - 1000);
      expect(date).toBeLessThanOrEqual(Date.now() + 1000);
      expect((await sut.getStatusReport({ id: statusReport!.id })).statusReport).toEqual(statusReport);
    });

    it('keeps every field given', async () => {
      const date = new Date('2030-05-01T10:00:00.000Z');
      const { statusReport } = await sut.createStatusReport({
        ...minimal(),
        title: '  Checkout degraded  ',
        status: StatusReportStatus.IDENTIFIED,
        date: timestampFromDate(date),
        pageComponentIds: [componentB, componentA],
      });
      expect(statusReport).toMatchObject({
        title: 'Checkout degraded',
        status: StatusReportStatus.IDENTIFIED,
        pageComponentIds: [componentA, componentB].sort((a, b) => Number(a) - Number(b)),
      });
      expect(timestampDate(statusReport!.updates[0].date!)).toEqual(date);
      expect((await sut.getStatusReport({ id: statusReport!.id })).statusReport).toEqual(statusReport);
    });

    it('records an incident that is already over as resolved at its date', async () => {
      const date = new Date('2029-01-01T00:00:00.000Z');
      const report = await newReport(sut, { status: StatusReportStatus.RESOLVED, date: timestampFromDate(date) });
      expect(report.status).toBe(StatusReportStatus.RESOLVED);
      expect(timestampDate(report.resolvedAt!)).toEqual(date);
    });

    it('answers not_found for an unknown id', async () => {
      const error = await rpcError(sut.getStatusReport({ id: '987654321' }));
      expect(error.code).toBe(Code.NotFound);
      expect(error.rawMessage).toBe('status report "987654321" not found');
      expect((await rpcError(sut.getStatusReport({ id: 'abc' }))).code).toBe(Code.NotFound);
    });
  });

  describe('bounds', () => {
    const cases: Array<[string, Record<string, unknown>, string]> = [
      ['title over 256', { title: 't'.repeat(257) }, 'title: must be at most 256 characters'],
      ['blank title', { title: '   ' }, 'title: is required'],
      ['missing title', { title: '' }, 'title: is required'],
      ['missing message', { message: '' }, 'message: is required'],
      ['message over 10000', { message: 'm'.repeat(10_001) }, 'message: must be at most 10000 characters'],
      ['missing page', { pageId: '' }, 'pageId: is required'],
      ['unknown status', { status: 9 }, 'status: unknown value 9'],
      [
        'date before 1970',
        { date: timestampFromDate(new Date('1969-12-31T23:59:59Z')) },
        'date: must be between 1970-01-01T00:00:00.000Z and 9999-12-31T23:59:59.999Z',
      ],
    ];

    it.each(cases)('refuses %s on create with a message naming the field and bound', async (_name, patch, message) => {
      const error = await rpcError(sut.createStatusReport({ ...minimal(), ...patch }));
      expect(error.code).toBe(Code.InvalidArgument);
      expect(error.rawMessage).toBe(message);
    });

    it('accepts a title of 256 and a message of 10000 characters', async () => {
      const report = await newReport(sut, { title: 't'.repeat(256), message: 'm'.repeat(10_000) });
      expect(report.title).toHaveLength(256);
      expect(report.updates[0].message).toHaveLength(10_000);
    });

    it('refuses repeated components', async () => {
      const error = await rpcError(
        sut.createStatusReport({ ...minimal(), pageComponentIds: [componentA, componentA] }),
      );
      expect(error.rawMessage).toBe('pageComponentIds: must not repeat a component');
    });

    it('bounds updates, resolutions and edits the same way, changing nothing', async () => {
      const report = await newReport();
      const id = report.id;
      const checks: Array<[Promise<unknown>, string]> = [
        [
          sut.addStatusReportUpdate({ id, status: StatusReportStatus.MONITORING, message: 'm'.repeat(10_001) }),
          'message: must be at most 10000 characters',
        ],
        [sut.addStatusReportUpdate({ id, status: StatusReportStatus.MONITORING, message: '' }), 'message: is required'],
        [sut.addStatusReportUpdate({ id, message: 'no status' }), 'status: is required'],
        [sut.resolveStatusReport({ id, message: '' }), 'message: is required'],
        [sut.resolveStatusReport({ id, message: 'r'.repeat(10_001) }), 'message: must be at most 10000 characters'],
        [sut.updateStatusReport({ id, title: 't'.repeat(257) }), 'title: must be at most 256 characters'],
        [sut.updateStatusReport({ id, title: '' }), 'title: is required'],
        [
          sut.updateStatusReport({ id, updateMask: create(FieldMaskSchema, { paths: ['updates'] }) }),
          'updateMask: updates is not an updatable field',
        ],
        [
          sut.updateStatusReport({ id, updateMask: create(FieldMaskSchema, { paths: ['status'] }) }),
          'status: is required',
        ],
      ];
      for (const [call, message] of checks) {
        const error = await rpcError(call);
        expect(error.code).toBe(Code.InvalidArgument);
        expect(error.rawMessage).toBe(message);
      }
      expect((await sut.getStatusReport({ id })).statusReport).toEqual(report);
    });
  });

  describe('pages and components (SPEC 4.2 rule 6)', () => {
    it('answers not_found for a page or component of another workspace, or a component of another page', async () => {
      const other = await newTenant(t);
      const foreignPage = await insertPage(other.ctx.workspace.id);
      const foreignComponent = await insertComponent(other.ctx.workspace.id, foreignPage);
      const secondPage = await insertPage(tenant.ctx.workspace.id);
      const otherPageComponent = await insertComponent(tenant.ctx.workspace.id, secondPage);

      const page = await rpcError(sut.createStatusReport({ ...minimal(), pageId: foreignPage }));
      expect(page.code).toBe(Code.NotFound);
      expect(page.rawMessage).toBe(`status page "${foreignPage}" not found`);
      expect((await rpcError(sut.createStatusReport({ ...minimal(), pageId: '999999999' }))).code).toBe(Code.NotFound);

      for (const component of [foreignComponent, otherPageComponent, '999999999', 'x']) {
        const error = await rpcError(
          sut.createStatusReport({ ...minimal(), pageComponentIds: [componentA, component] }),
        );
        expect(error.code).toBe(Code.NotFound);
        expect(error.rawMessage).toBe(`page component "${component}" not found on status page "${pageId}"`);
      }

      const report = await newReport(sut, { pageComponentIds: [componentA] });
      for (const component of [foreignComponent, otherPageComponent]) {
        const error = await rpcError(sut.updateStatusReport({ id: report.id, pageComponentIds: [component] }));
        expect(error.code).toBe(Code.NotFound);
      }
      expect((await sut.getStatusReport({ id: report.id })).statusReport?.pageComponentIds).toEqual([componentA]);

      const listed = await rpcError(sut.listStatusReports({ pageId: foreignPage }));
      expect(listed.code).toBe(Code.NotFound);
      expect(listed.rawMessage).toBe(`status page "${foreignPage}" not found`);
      const count: Array<{ n: number }> = await t.db.manager.query(
        'SELECT count(*)::int AS n FROM status_reports WHERE page_id = $1',
        [foreignPage],
      );
      expect(count[0].n).toBe(0);
    });
  });

  describe('updates and resolution', () => {
    it('appends updates oldest first and sets the status to the latest one', async () => {
      const report = await newReport();
      const { statusReport, update } = await sut.addStatusReportUpdate({
        id: report.id,
        status: StatusReportStatus.IDENTIFIED,
        message: 'A bad deploy; rolling back.',
      });
      expect(statusReport?.status).toBe(StatusReportStatus.IDENTIFIED);
      expect(statusReport?.updates.map((u) => u.message)).toEqual([
        'We are investigating elevated errors.',
        'A bad deploy; rolling back.',
      ]);
      expect(statusReport?.updates[1]).toEqual(update);
      expect(statusReport?.resolvedAt).toBeUndefined();

      const backdated = new Date(timestampDate(report.updates[0].date!).getTime() - 60_000);
      const early = await sut.addStatusReportUpdate({
        id: report.id,
        status: StatusReportStatus.MONITORING,
        message: 'First alert (added late).',
        date: timestampFromDate(backdated),
      });
      expect(early.statusReport?.status).toBe(StatusReportStatus.MONITORING);
      expect(early.statusReport?.updates.map((u) => u.message)).toEqual([
        'First alert (added late).',
        'We are investigating elevated errors.',
        'A bad deploy; rolling back.',
      ]);
      expect((await sut.getStatusReport({ id: report.id })).statusReport).toEqual(early.statusReport);
    });

    it('resolves with a final update, then refuses to resolve again', async () => {
      const report = await newReport();
      const before = Date.now();
      const { statusReport, update } = await sut.resolveStatusReport({ id: report.id, message: 'All good now.' });
      expect(update).toMatchObject({ status: StatusReportStatus.RESOLVED, message: 'All good now.' });
      expect(statusReport).toMatchObject({ status: StatusReportStatus.RESOLVED });
      expect(statusReport?.updates).toHaveLength(2);
      expect(timestampDate(statusReport!.resolvedAt!)).toEqual(timestampDate(update!.date!));
      expect(timestampDate(statusReport!.resolvedAt!).getTime()).toBeGreaterThanOrEqual(before - 1000);

      for (const call of [
        () => sut.resolveStatusReport({ id: report.id, message: 'again' }),
        () => sut.addStatusReportUpdate({ id: report.id, status: StatusReportStatus.RESOLVED, message: 'again' }),
      ]) {
        const error = await rpcError(call());
        expect(error.code).toBe(Code.FailedPrecondition);
        expect(error.rawMessage).toContain(`status report "${report.id}" is already resolved`);
      }
      expect((await sut.getStatusReport({ id: report.id })).statusReport?.updates).toHaveLength(2);
    });

    it('resolves through a RESOLVED update at its date, and reopens on a later non-resolved update', async () => {
      const report = await newReport();
      // Same date as the first update: the timeline orders by date, then by posting order.
      const date = timestampDate(report.updates[0].date!);
      const resolved = await sut.addStatusReportUpdate({
        id: report.id,
        status: StatusReportStatus.RESOLVED,
        message: 'Fixed.',
        date: timestampFromDate(date),
      });
      expect(resolved.statusReport?.status).toBe(StatusReportStatus.RESOLVED);
      expect(timestampDate(resolved.statusReport!.resolvedAt!)).toEqual(date);

      const reopened = await sut.addStatusReportUpdate({
        id: report.id,
        status: StatusReportStatus.INVESTIGATING,
        message: 'Errors are back.',
      });
      expect(reopened.statusReport?.status).toBe(StatusReportStatus.INVESTIGATING);
      expect(reopened.statusReport?.resolvedAt).toBeUndefined();
      expect(reopened.statusReport?.updates.map((u) => u.status)).toEqual([
        StatusReportStatus.INVESTIGATING,
        StatusReportStatus.RESOLVED,
        StatusReportStatus.INVESTIGATING,
      ]);
      const active = await sut.listStatusReports({ pageId, perPage: 200 });
      expect(active.statusReports.map((r) => r.id)).toContain(report.id);
    });
  });

  describe('partial update', () => {
    it('changes only the title and posts no update', async () => {
      const report = await newReport(sut, { pageComponentIds: [componentA], status: StatusReportStatus.IDENTIFIED });
      const { statusReport } = await sut.updateStatusReport({ id: report.id, title: 'Renamed' });
      expect(statusReport).toEqual({ ...report, title: 'Renamed', updatedAt: statusReport!.updatedAt });
      expect(timestampDate(statusReport!.updatedAt!).getTime()).toBeGreaterThanOrEqual(
        timestampDate(report.updatedAt!).getTime(),
      );
    });

    it('changes the status without posting an update, and keeps resolved_at in step', async () => {
      const report = await newReport(sut, { pageComponentIds: [componentA] });
      const monitoring = await sut.updateStatusReport({ id: report.id, status: StatusReportStatus.MONITORING });
      expect(monitoring.statusReport).toMatchObject({
        status: StatusReportStatus.MONITORING,
        title: report.title,
        pageComponentIds: [componentA],
        updates: report.updates,
      });
      const resolved = await sut.updateStatusReport({ id: report.id, status: StatusReportStatus.RESOLVED });
      expect(resolved.statusReport?.resolvedAt).toBeDefined();
      expect(resolved.statusReport?.updates).toEqual(report.updates);
      const open = await sut.updateStatusReport({ id: report.id, status: StatusReportStatus.IDENTIFIED });
      expect(open.statusReport?.resolvedAt).toBeUndefined();
    });

    it('replaces components when given and clears them when named in the mask', async () => {
      const report = await newReport(sut, { pageComponentIds: [componentA] });
      const replaced = await sut.updateStatusReport({ id: report.id, pageComponentIds: [componentB] });
      expect(replaced.statusReport?.pageComponentIds).toEqual([componentB]);
      const untouched = await sut.updateStatusReport({ id: report.id, pageComponentIds: [] });
      expect(untouched.statusReport?.pageComponentIds).toEqual([componentB]);
      const cleared = await sut.updateStatusReport({
        id: report.id,
        title: 'ignored because not in the mask',
        updateMask: create(FieldMaskSchema, { paths: ['page_component_ids'] }),
      });
      expect(cleared.statusReport).toMatchObject({ pageComponentIds: [], title: report.title });
    });
  });

  describe('list', () => {
    it('lists active reports by default, all on request, newest first, paged', async () => {
      const own = await newTenant(t);
      const client = clientFor(own.writeKey);
      const ownPage = await insertPage(own.ctx.workspace.id);
      const otherPage = await insertPage(own.ctx.workspace.id);
      const make = (title: string, page = ownPage) =>
        client.createStatusReport({ pageId: page, title, message: 'm' }).then((r) => r.statusReport!);
      const first = await make('first');
      const second = await make('second');
      const third = await make('third', otherPage);
      await client.resolveStatusReport({ id: second.id, message: 'done' });

      const active = await client.listStatusReports({});
      expect(active.statusReports.map((r) => r.id)).toEqual([third.id, first.id]);
      expect(active.pagination).toMatchObject({ page: 1, perPage: 50, totalSize: 2, totalPages: 1 });
      const explicit = await client.listStatusReports({ filter: StatusReportFilter.ACTIVE });
      expect(explicit.statusReports.map((r) => r.id)).toEqual([third.id, first.id]);

      const all = await client.listStatusReports({ filter: StatusReportFilter.ALL });
      expect(all.statusReports.map((r) => r.id)).toEqual([third.id, second.id, first.id]);
      expect(all.statusReports[1].updates).toHaveLength(2);

      const page2 = await client.listStatusReports({ filter: StatusReportFilter.ALL, page: 2, perPage: 2 });
      expect(page2.statusReports.map((r) => r.id)).toEqual([first.id]);
      expect(page2.pagination).toMatchObject({ page: 2, perPage: 2, totalSize: 3, totalPages: 2 });
      const beyond = await client.listStatusReports({ filter: StatusReportFilter.ALL, page: 3, perPage: 2 });
      expect(beyond.statusReports).toEqual([]);
      expect(beyond.pagination).toMatchObject({ page: 3, totalSize: 3, totalPages: 2 });

      const onPage = await client.listStatusReports({ pageId: ownPage, filter: StatusReportFilter.ALL });
      expect(onPage.statusReports.map((r) => r.id)).toEqual([second.id, first.id]);

      const empty = await clientFor((await newTenant(t)).writeKey).listStatusReports({});
      expect(empty).toMatchObject({
        statusReports: [],
        pagination: { page: 1, perPage: 50, totalSize: 0, totalPages: 0 },
      });
    });

    it.each([
      [{ perPage: 0 }, 'perPage: must be between 1 and 200'],
      [{ perPage: 201 }, 'perPage: must be between 1 and 200'],
      [{ page: 0 }, 'page: must be 1 or more'],
      [{ filter: 7 }, 'filter: unknown value 7'],
    ])('refuses %j', async (req, message) => {
      const error = await rpcError(sut.listStatusReports(req));
      expect(error.code).toBe(Code.InvalidArgument);
      expect(error.rawMessage).toBe(message);
    });

    it('accepts perPage 200', async () => {
      expect((await sut.listStatusReports({ perPage: 200 })).pagination?.perPage).toBe(200);
    });
  });

  describe('delete', () => {
    it('deletes a report with its updates and components', async () => {
      const report = await newReport(sut, { pageComponentIds: [componentA] });
      await sut.addStatusReportUpdate({ id: report.id, status: StatusReportStatus.MONITORING, message: 'x' });
      expect(await sut.deleteStatusReport({ id: report.id })).toMatchObject({ success: true });
      for (const call of [
        () => sut.getStatusReport({ id: report.id }),
        () => sut.deleteStatusReport({ id: report.id }),
      ]) {
        expect((await rpcError(call())).code).toBe(Code.NotFound);
      }
      const rows: Array<{ n: number }> = await t.db.manager.query(
        `SELECT (SELECT count(*) FROM status_report_updates WHERE report_id = $1)::int
              + (SELECT count(*) FROM status_report_components WHERE report_id = $1)::int AS n`,
        [report.id],
      );
      expect(rows[0].n).toBe(0);
    });
  });

  describe('credentials and tenancy', () => {
    it('lets a read-only key read and refuses every write', async () => {
      const report = await newReport(sut, { pageComponentIds: [componentA] });
      const reader = clientFor(tenant.readKey);
      expect((await reader.getStatusReport({ id: report.id })).statusReport).toEqual(report);
      await expect(reader.listStatusReports({})).resolves.toBeDefined();
      for (const call of [
        () => reader.createStatusReport(minimal()),
        () => reader.updateStatusReport({ id: report.id, title: 'x' }),
        () => reader.addStatusReportUpdate({ id: report.id, status: StatusReportStatus.MONITORING, message: 'x' }),
        () => reader.resolveStatusReport({ id: report.id, message: 'x' }),
        () => reader.deleteStatusReport({ id: report.id }),
      ]) {
        const error = await rpcError(call());
        expect(error.code).toBe(Code.PermissionDenied);
        expect(error.rawMessage).toBe('This credential is read-only; a read and write credential is required');
      }
      expect((await sut.getStatusReport({ id: report.id })).statusReport).toEqual(report);
    });

    it('answers not_found for report ids of another workspace, for every method that takes one', async () => {
      const report = await newReport();
      const other = clientFor((await newTenant(t)).writeKey);
      const id = report.id;
      for (const call of [
        () => other.getStatusReport({ id }),
        () => other.updateStatusReport({ id, title: 'stolen' }),
        () => other.addStatusReportUpdate({ id, status: StatusReportStatus.MONITORING, message: 'x' }),
        () => other.resolveStatusReport({ id, message: 'x' }),
        () => other.deleteStatusReport({ id }),
      ]) {
        const error = await rpcError(call());
        expect(error.code).toBe(Code.NotFound);
        expect(error.rawMessage).toBe(`status report "${id}" not found`);
      }
      expect((await other.listStatusReports({ filter: StatusReportFilter.ALL })).statusReports).toEqual([]);
      expect((await sut.getStatusReport({ id })).statusReport).toEqual(report);
    });

    it('writes an audit entry for every mutation, none for an edit that changes nothing', async () => {
      const own = await newTenant(t);
      const client = clientFor(own.writeKey);
      const ownPage = await insertPage(own.ctx.workspace.id);
      const { statusReport } = await client.createStatusReport({ pageId: ownPage, title: 'T', message: 'first' });
      const id = statusReport!.id;
      await client.updateStatusReport({ id, title: 'T2' });
      await client.updateStatusReport({ id, title: 'T2' });
      await client.addStatusReportUpdate({ id, status: StatusReportStatus.MONITORING, message: 'second' });
      await client.resolveStatusReport({ id, message: 'third' });
      await client.deleteStatusReport({ id });
      const entries = await t.db
        .repo(AuditLogEntity)
        .find({ where: { workspaceId: own.ctx.workspace.id, entityType: 'status_report' }, order: { id: 'ASC' } });
      expect(entries.map((e) => e.action)).toEqual([
        'status_report.create',
        'status_report.update',
        'status_report.add_update',
        'status_report.resolve',
        'status_report.delete',
      ]);
      expect(entries.every((e) => e.entityId === id && e.via === 'rpc' && e.actorType === 'api_key')).toBe(true);
      expect(entries[0].after).toMatchObject({ title: 'T', status: 'investigating', update: { message: 'first' } });
      expect(entries[1]).toMatchObject({ changedFields: ['title'], before: { title: 'T' }, after: { title: 'T2' } });
      expect(entries[2].changedFields).toEqual(['status', 'update', 'updateCount']);
      expect(entries[2].after).toMatchObject({ status: 'monitoring', update: { message: 'second' } });
      expect(entries[3].after).toMatchObject({ status: 'resolved', update: { status: 'resolved', message: 'third' } });
      expect(entries[4]).toMatchObject({ before: { title: 'T2', status: 'resolved' }, after: null });
    });
  });

  describe('plain HTTP JSON', () => {
    const call = async (method: string, body: unknown, key: string | null = tenant.writeKey) => {
      const response = await fetch(`${t.baseUrl}/rpc/status_report.v1.StatusReportService/${method}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(key ? { 'x-service-key': key } : {}) },
        body: JSON.stringify(body),
      });
      return { status: response.status, body: (await response.json()) as Record<string, unknown> };
    };

    it('creates, reads and lists with enum names and RFC 3339 timestamps', async () => {
      const created = await call('CreateStatusReport', {
        pageId,
        title: 'curl',
        status: 'STATUS_REPORT_STATUS_MONITORING',
        message: 'hello',
        date: '2030-01-01T00:00:00Z',
        pageComponentIds: [componentA],
      });
      expect(created.status).toBe(200);
      const report = created.body.statusReport as Record<string, unknown>;
      expect(report).toMatchObject({
        pageId,
        title: 'curl',
        status: 'STATUS_REPORT_STATUS_MONITORING',
        pageComponentIds: [componentA],
        updates: [{ status: 'STATUS_REPORT_STATUS_MONITORING', message: 'hello', date: '2030-01-01T00:00:00Z' }],
      });
      expect(report.resolvedAt).toBeUndefined();
      expect((await call('GetStatusReport', { id: report.id })).body).toEqual({ statusReport: report });
      const listed = await call('ListStatusReports', { filter: 'STATUS_REPORT_FILTER_ALL', perPage: 1 });
      expect(listed.body).toMatchObject({ statusReports: [report], pagination: { page: 1, perPage: 1 } });
    });

    it('answers errors as Connect JSON with the code and a readable message', async () => {
      expect(await call('CreateStatusReport', { pageId, title: 'x', message: '' })).toEqual({
        status: 400,
        body: { code: 'invalid_argument', message: 'message: is required' },
      });
      expect(await call('ListStatusReports', { perPage: 201 })).toEqual({
        status: 400,
        body: { code: 'invalid_argument', message: 'perPage: must be between 1 and 200' },
      });
      expect((await call('GetStatusReport', { id: '123456789' })).body).toEqual({
        code: 'not_found',
        message: 'status report "123456789" not found',
      });
      expect((await call('ListStatusReports', {}, null)).status).toBe(401);
    });
  });
});

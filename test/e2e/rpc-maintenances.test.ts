// maintenance.v1.MaintenanceService end to end: real HTTP server, real database, the official Connect
// client in binary, and plain HTTP JSON requests. Pages and components are inserted with SQL (their
// own service is not what is under test here).
import { create } from '@bufbuild/protobuf';
import { FieldMaskSchema, timestampDate, timestampFromDate } from '@bufbuild/protobuf/wkt';
import { Code, createClient, type Client } from '@connectrpc/connect';
import { createConnectTransport } from '@connectrpc/connect-node';
import {
  MaintenanceService,
  MaintenanceStatus,
  type Maintenance,
} from '@uptime/proto/gen/maintenance/v1/maintenance_service_pb';
import { AuditLogEntity } from '../../backend/src/audit/audit-log.entity';
import { newTenant, startHttpApp, type HttpTestApp, type Tenant } from '../support/http-app';
import { rpcError, withKey } from '../support/rpc';

type MaintenanceClient = Client<typeof MaintenanceService>;

const HOUR = 3_600_000;
const at = (ms: number) => timestampFromDate(new Date(ms));

describe('MaintenanceService', () => {
  let t: HttpTestApp;
  let tenant: Tenant;
  let sut: MaintenanceClient;
  let pageId: string;
  let componentA: string;
  let componentB: string;
  let slugs = 0;

  const clientFor = (key: string | null): MaintenanceClient =>
    createClient(
      MaintenanceService,
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
      [workspaceId, `maintenance-page-${slugs}`],
    );
    return page.id;
  }

  async function insertComponent(workspaceId: string, onPage: string): Promise<string> {
    const [component]: Array<{ id: string }> = await t.db.manager.query(
      `INSERT INTO page_components (workspace_id, page_id, type, name) VALUES ($1, $2, 'static', 'DB') RETURNING id`,
      [workspaceId, onPage],
    );
    return component.id;
  }

  const window = (fromOffset = 24 * HOUR, length = 2 * HOUR) => {
    const from = Date.now() + fromOffset;
    return { from: at(from), to: at(from + length) };
  };
  const minimal = () => ({ pageId, title: 'Database upgrade', ...window() });

  async function newMaintenance(
    client: MaintenanceClient = sut,
    extra: Record<string, unknown> = {},
  ): Promise<Maintenance> {
    const { maintenance } = await client.createMaintenance({ maintenance: { ...minimal(), ...extra } });
    return maintenance!;
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
    it('schedules a window with the defaults', async () => {
      const input = minimal();
      const { maintenance } = await sut.createMaintenance({ maintenance: input });
      expect(maintenance).toMatchObject({
        pageId,
        title: 'Database upgrade',
        message: '',
        from: input.from,
        to: input.to,
        pageComponentIds: [],
        status: MaintenanceStatus.SCHEDULED,
      });
      expect(maintenance!.id).toMatch(/^\d+$/);
      expect(maintenance!.createdAt).toBeDefined();
      expect((await sut.getMaintenance({ id: maintenance!.id })).maintenance).toEqual(maintenance);
    });

    it('keeps every field given', async () => {
      const maintenance = await newMaintenance(sut, {
        title: '  Network work  ',
        message: 'Short interruptions are expected.',
        pageComponentIds: [componentB, componentA],
      });
      expect(maintenance).toMatchObject({
        title: 'Network work',
        message: 'Short interruptions are expected.',
        pageComponentIds: [componentA, componentB].sort((a, b) => Number(a) - Number(b)),
      });
      expect((await sut.getMaintenance({ id: maintenance.id })).maintenance).toEqual(maintenance);
    });

    it('derives the status from the window', async () => {
      expect((await newMaintenance(sut, window(HOUR))).status).toBe(MaintenanceStatus.SCHEDULED);
      expect((await newMaintenance(sut, window(-HOUR))).status).toBe(MaintenanceStatus.IN_PROGRESS);
      expect((await newMaintenance(sut, window(-3 * HOUR))).status).toBe(MaintenanceStatus.COMPLETED);
    });

    it('answers not_found for an unknown id', async () => {
      const error = await rpcError(sut.getMaintenance({ id: '987654321' }));
      expect(error.code).toBe(Code.NotFound);
      expect(error.rawMessage).toBe('maintenance "987654321" not found');
    });
  });

  describe('bounds', () => {
    const base = Date.now() + HOUR;
    const cases: Array<[string, Record<string, unknown>, string]> = [
      ['title over 256', { title: 't'.repeat(257) }, 'title: must be at most 256 characters'],
      ['missing title', { title: undefined }, 'title: is required'],
      ['blank title', { title: '  ' }, 'title: is required'],
      ['message over 10000', { message: 'm'.repeat(10_001) }, 'message: must be at most 10000 characters'],
      ['missing page', { pageId: '' }, 'pageId: is required'],
      ['missing from', { from: undefined }, 'from: is required'],
      ['missing to', { to: undefined }, 'to: is required'],
      ['to equal to from', { from: at(base), to: at(base) }, 'to: must be after from'],
      ['to before from', { from: at(base), to: at(base - 1000) }, 'to: must be after from'],
      [
        'from before 1970',
        { from: timestampFromDate(new Date('1969-01-01T00:00:00Z')) },
        'from: must be between 1970-01-01T00:00:00.000Z and 9999-12-31T23:59:59.999Z',
      ],
    ];

    it.each(cases)('refuses %s on create with a message naming the field and bound', async (_name, patch, message) => {
      const error = await rpcError(sut.createMaintenance({ maintenance: { ...minimal(), ...patch } }));
      expect(error.code).toBe(Code.InvalidArgument);
      expect(error.rawMessage).toBe(message);
    });

    it('accepts a title of 256 and a message of 10000 characters', async () => {
      const maintenance = await newMaintenance(sut, { title: 't'.repeat(256), message: 'm'.repeat(10_000) });
      expect(maintenance.title).toHaveLength(256);
      expect(maintenance.message).toHaveLength(10_000);
    });

    it('refuses a request without a maintenance, and repeated components', async () => {
      expect((await rpcError(sut.createMaintenance({}))).rawMessage).toBe('maintenance: is required');
      const error = await rpcError(newMaintenance(sut, { pageComponentIds: [componentA, componentA] }));
      expect(error.rawMessage).toBe('pageComponentIds: must not repeat a component');
    });
  });

  describe('pages and components (SPEC 4.2 rule 6)', () => {
    it('answers not_found for a page or component of another workspace, or a component of another page', async () => {
      const other = await newTenant(t);
      const foreignPage = await insertPage(other.ctx.workspace.id);
      const foreignComponent = await insertComponent(other.ctx.workspace.id, foreignPage);
      const secondPage = await insertPage(tenant.ctx.workspace.id);
      const otherPageComponent = await insertComponent(tenant.ctx.workspace.id, secondPage);

      const page = await rpcError(newMaintenance(sut, { pageId: foreignPage }));
      expect(page.code).toBe(Code.NotFound);
      expect(page.rawMessage).toBe(`status page "${foreignPage}" not found`);

      for (const component of [foreignComponent, otherPageComponent, '999999999']) {
        const error = await rpcError(newMaintenance(sut, { pageComponentIds: [componentA, component] }));
        expect(error.code).toBe(Code.NotFound);
        expect(error.rawMessage).toBe(`page component "${component}" not found on status page "${pageId}"`);
      }

      const maintenance = await newMaintenance(sut, { pageComponentIds: [componentA] });
      for (const component of [foreignComponent, otherPageComponent]) {
        const error = await rpcError(
          sut.updateMaintenance({ id: maintenance.id, maintenance: { pageComponentIds: [component] } }),
        );
        expect(error.code).toBe(Code.NotFound);
      }
      expect((await sut.getMaintenance({ id: maintenance.id })).maintenance).toEqual(maintenance);
      expect((await rpcError(sut.listMaintenances({ pageId: foreignPage }))).code).toBe(Code.NotFound);
    });
  });

  describe('partial update', () => {
    it('changes only the fields present and leaves the rest untouched', async () => {
      const maintenance = await newMaintenance(sut, { message: 'keep me', pageComponentIds: [componentA] });
      const { maintenance: updated } = await sut.updateMaintenance({
        id: maintenance.id,
        maintenance: { title: 'Renamed' },
      });
      expect(updated).toEqual({ ...maintenance, title: 'Renamed', updatedAt: updated!.updatedAt });
    });

    it('moves the window, checking it against the stored other end', async () => {
      const maintenance = await newMaintenance(sut);
      const to = timestampDate(maintenance.to!).getTime() + HOUR;
      const { maintenance: longer } = await sut.updateMaintenance({ id: maintenance.id, maintenance: { to: at(to) } });
      expect(longer).toMatchObject({ from: maintenance.from, to: at(to) });
      const error = await rpcError(
        sut.updateMaintenance({
          id: maintenance.id,
          maintenance: { to: at(timestampDate(maintenance.from!).getTime()) },
        }),
      );
      expect(error.code).toBe(Code.InvalidArgument);
      expect(error.rawMessage).toBe('to: must be after from');
      expect((await sut.getMaintenance({ id: maintenance.id })).maintenance).toEqual(longer);
    });

    it('clears the message and components named in the update mask', async () => {
      const maintenance = await newMaintenance(sut, { message: 'details', pageComponentIds: [componentA] });
      const untouched = await sut.updateMaintenance({
        id: maintenance.id,
        maintenance: { pageComponentIds: [] },
      });
      expect(untouched.maintenance?.pageComponentIds).toEqual([componentA]);
      const { maintenance: cleared } = await sut.updateMaintenance({
        id: maintenance.id,
        maintenance: { title: 'not in the mask' },
        updateMask: create(FieldMaskSchema, { paths: ['message', 'page_component_ids'] }),
      });
      expect(cleared).toMatchObject({ message: '', pageComponentIds: [], title: maintenance.title });
      const replaced = await sut.updateMaintenance({
        id: maintenance.id,
        maintenance: { pageComponentIds: [componentB] },
      });
      expect(replaced.maintenance?.pageComponentIds).toEqual([componentB]);
    });

    it('refuses to move a maintenance to another page, unknown mask paths and required fields cleared', async () => {
      const maintenance = await newMaintenance(sut);
      const secondPage = await insertPage(tenant.ctx.workspace.id);
      const checks: Array<[Promise<unknown>, string]> = [
        [
          sut.updateMaintenance({ id: maintenance.id, maintenance: { pageId: secondPage } }),
          'pageId: cannot be changed; create a maintenance on the other page instead',
        ],
        [
          sut.updateMaintenance({
            id: maintenance.id,
            maintenance: {},
            updateMask: create(FieldMaskSchema, { paths: ['page_id'] }),
          }),
          'updateMask: page_id is not an updatable field',
        ],
        [
          sut.updateMaintenance({
            id: maintenance.id,
            maintenance: {},
            updateMask: create(FieldMaskSchema, { paths: ['from'] }),
          }),
          'from: is required',
        ],
        [
          sut.updateMaintenance({ id: maintenance.id, maintenance: { title: 't'.repeat(257) } }),
          'title: must be at most 256 characters',
        ],
      ];
      for (const [call, message] of checks) {
        const error = await rpcError(call);
        expect(error.code).toBe(Code.InvalidArgument);
        expect(error.rawMessage).toBe(message);
      }
      const samePage = await sut.updateMaintenance({ id: maintenance.id, maintenance: { pageId, title: 'ok' } });
      expect(samePage.maintenance).toMatchObject({ pageId, title: 'ok' });
    });
  });

  describe('list', () => {
    it('lists newest window first, paged, optionally for one page', async () => {
      const own = await newTenant(t);
      const client = clientFor(own.writeKey);
      const ownPage = await insertPage(own.ctx.workspace.id);
      const otherPage = await insertPage(own.ctx.workspace.id);
      const make = (title: string, fromOffset: number, page = ownPage) =>
        client
          .createMaintenance({ maintenance: { pageId: page, title, ...window(fromOffset) } })
          .then((r) => r.maintenance!);
      const past = await make('past', -48 * HOUR);
      const future = await make('future', 48 * HOUR);
      const soon = await make('soon', HOUR, otherPage);

      const all = await client.listMaintenances({});
      expect(all.maintenances.map((m) => m.id)).toEqual([future.id, soon.id, past.id]);
      expect(all.pagination).toMatchObject({ page: 1, perPage: 50, totalSize: 3, totalPages: 1 });
      expect(all.maintenances.map((m) => m.status)).toEqual([
        MaintenanceStatus.SCHEDULED,
        MaintenanceStatus.SCHEDULED,
        MaintenanceStatus.COMPLETED,
      ]);

      const second = await client.listMaintenances({ page: 2, perPage: 2 });
      expect(second.maintenances.map((m) => m.id)).toEqual([past.id]);
      expect(second.pagination).toMatchObject({ page: 2, perPage: 2, totalSize: 3, totalPages: 2 });

      const onPage = await client.listMaintenances({ pageId: ownPage });
      expect(onPage.maintenances.map((m) => m.id)).toEqual([future.id, past.id]);
      expect(onPage.pagination?.totalSize).toBe(2);
    });

    it.each([
      [{ perPage: 0 }, 'perPage: must be between 1 and 200'],
      [{ perPage: 201 }, 'perPage: must be between 1 and 200'],
      [{ page: 0 }, 'page: must be 1 or more'],
    ])('refuses %j', async (req, message) => {
      const error = await rpcError(sut.listMaintenances(req));
      expect(error.code).toBe(Code.InvalidArgument);
      expect(error.rawMessage).toBe(message);
    });
  });

  describe('delete', () => {
    it('deletes a maintenance with its component links', async () => {
      const maintenance = await newMaintenance(sut, { pageComponentIds: [componentA] });
      expect(await sut.deleteMaintenance({ id: maintenance.id })).toMatchObject({ success: true });
      for (const call of [
        () => sut.getMaintenance({ id: maintenance.id }),
        () => sut.deleteMaintenance({ id: maintenance.id }),
      ]) {
        expect((await rpcError(call())).code).toBe(Code.NotFound);
      }
      const rows: Array<{ n: number }> = await t.db.manager.query(
        'SELECT count(*)::int AS n FROM maintenance_components WHERE maintenance_id = $1',
        [maintenance.id],
      );
      expect(rows[0].n).toBe(0);
    });
  });

  describe('credentials and tenancy', () => {
    it('lets a read-only key read and refuses every write', async () => {
      const maintenance = await newMaintenance(sut);
      const reader = clientFor(tenant.readKey);
      expect((await reader.getMaintenance({ id: maintenance.id })).maintenance).toEqual(maintenance);
      await expect(reader.listMaintenances({})).resolves.toBeDefined();
      for (const call of [
        () => reader.createMaintenance({ maintenance: minimal() }),
        () => reader.updateMaintenance({ id: maintenance.id, maintenance: { title: 'x' } }),
        () => reader.deleteMaintenance({ id: maintenance.id }),
      ]) {
        const error = await rpcError(call());
        expect(error.code).toBe(Code.PermissionDenied);
        expect(error.rawMessage).toBe('This credential is read-only; a read and write credential is required');
      }
      expect((await sut.getMaintenance({ id: maintenance.id })).maintenance).toEqual(maintenance);
    });

    it('answers not_found for maintenance ids of another workspace, for every method that takes one', async () => {
      const maintenance = await newMaintenance(sut);
      const other = clientFor((await newTenant(t)).writeKey);
      const id = maintenance.id;
      for (const call of [
        () => other.getMaintenance({ id }),
        () => other.updateMaintenance({ id, maintenance: { title: 'stolen' } }),
        () => other.deleteMaintenance({ id }),
      ]) {
        const error = await rpcError(call());
        expect(error.code).toBe(Code.NotFound);
        expect(error.rawMessage).toBe(`maintenance "${id}" not found`);
      }
      expect((await other.listMaintenances({})).maintenances).toEqual([]);
      expect((await sut.getMaintenance({ id })).maintenance).toEqual(maintenance);
    });

    it('writes an audit entry for every mutation, none for an update that changes nothing', async () => {
      const own = await newTenant(t);
      const client = clientFor(own.writeKey);
      const ownPage = await insertPage(own.ctx.workspace.id);
      const { maintenance } = await client.createMaintenance({
        maintenance: { pageId: ownPage, title: 'M', ...window() },
      });
      const id = maintenance!.id;
      await client.updateMaintenance({ id, maintenance: { message: 'now with details' } });
      await client.updateMaintenance({ id, maintenance: { message: 'now with details' } });
      await client.deleteMaintenance({ id });
      const entries = await t.db
        .repo(AuditLogEntity)
        .find({ where: { workspaceId: own.ctx.workspace.id, entityType: 'maintenance' }, order: { id: 'ASC' } });
      expect(entries.map((e) => e.action)).toEqual(['maintenance.create', 'maintenance.update', 'maintenance.delete']);
      expect(entries.every((e) => e.entityId === id && e.via === 'rpc' && e.actorType === 'api_key')).toBe(true);
      expect(entries[0].after).toMatchObject({ title: 'M', pageId: ownPage, message: '' });
      expect(entries[1]).toMatchObject({ changedFields: ['message'], after: { message: 'now with details' } });
      expect(entries[2]).toMatchObject({ before: { title: 'M' }, after: null });
    });
  });

  describe('plain HTTP JSON', () => {
    const call = async (method: string, body: unknown, key: string | null = tenant.writeKey) => {
      const response = await fetch(`${t.baseUrl}/rpc/maintenance.v1.MaintenanceService/${method}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(key ? { 'x-service-key': key } : {}) },
        body: JSON.stringify(body),
      });
      return { status: response.status, body: (await response.json()) as Record<string, unknown> };
    };

    it('creates and reads a maintenance with ISO 8601 timestamps and enum names', async () => {
      const created = await call('CreateMaintenance', {
        maintenance: {
          pageId,
          title: 'curl',
          from: '2031-01-01T00:00:00Z',
          to: '2031-01-01T01:30:00Z',
          pageComponentIds: [componentA],
        },
      });
      expect(created.status).toBe(200);
      const maintenance = created.body.maintenance as Record<string, unknown>;
      expect(maintenance).toMatchObject({
        pageId,
        title: 'curl',
        from: '2031-01-01T00:00:00Z',
        to: '2031-01-01T01:30:00Z',
        pageComponentIds: [componentA],
        status: 'MAINTENANCE_STATUS_SCHEDULED',
      });
      expect((await call('GetMaintenance', { id: maintenance.id })).body).toEqual({ maintenance });
    });

    it('answers errors as Connect JSON with the code and a readable message', async () => {
      expect(
        await call('CreateMaintenance', {
          maintenance: { pageId, title: 'x', from: '2031-01-01T01:00:00Z', to: '2031-01-01T00:00:00Z' },
        }),
      ).toEqual({ status: 400, body: { code: 'invalid_argument', message: 'to: must be after from' } });
      expect(await call('ListMaintenances', { perPage: 0 })).toEqual({
        status: 400,
        body: { code: 'invalid_argument', message: 'perPage: must be between 1 and 200' },
      });
      expect((await call('GetMaintenance', { id: '123456789' })).body).toEqual({
        code: 'not_found',
        message: 'maintenance "123456789" not found',
      });
    });
  });
});

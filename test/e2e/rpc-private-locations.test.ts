// private_location.v1.PrivateLocationService end to end: real HTTP server, real database, the
// official Connect client in binary, and plain HTTP JSON requests.
import { create, type MessageInitShape } from '@bufbuild/protobuf';
import { FieldMaskSchema, timestampDate } from '@bufbuild/protobuf/wkt';
import { Code, createClient, type Client } from '@connectrpc/connect';
import { createConnectTransport } from '@connectrpc/connect-node';
import { Periodicity } from '@uptime/proto/gen/monitor/v1/common_pb';
import { MonitorService } from '@uptime/proto/gen/monitor/v1/monitor_service_pb';
import {
  PrivateLocationService,
  PrivateLocationStatus,
  type PrivateLocation,
  type PrivateLocationSchema,
} from '@uptime/proto/gen/private_location/v1/private_location_service_pb';
import { ApiKeyEntity } from '../../backend/src/api-keys/api-key.entity';
import { AuditLogEntity } from '../../backend/src/audit/audit-log.entity';
import { hashToken, SecretBox } from '../../backend/src/common/crypto';
import { MonitorsService } from '../../backend/src/monitors/monitors.service';
import {
  PrivateLocationEntity,
  PrivateLocationMonitorEntity,
} from '../../backend/src/private-locations/private-location.entity';
import { PRIVATE_LOCATION_STATUS_THRESHOLDS } from '../../backend/src/private-locations/private-location.view';
import { PrivateLocationsRepository } from '../../backend/src/private-locations/private-locations.repository';
import { newTenant, startHttpApp, type HttpTestApp, type Tenant } from '../support/http-app';
import { rpcError, wholeDatabaseText, withKey } from '../support/rpc';

type LocationClient = Client<typeof PrivateLocationService>;
/** The plain-object form of a PrivateLocation init. */
type LocationInit = Exclude<MessageInitShape<typeof PrivateLocationSchema>, PrivateLocation>;

const TOKEN = /^svc_plt_[A-Za-z0-9]{40}$/;

const text = (value: unknown): string =>
  JSON.stringify(value, (_key, v: unknown) => (typeof v === 'bigint' ? v.toString() : v));

describe('PrivateLocationService over Connect (binary)', () => {
  let t: HttpTestApp;
  let tenant: Tenant;
  let sut: LocationClient;
  const clientFor = (key: string | null): LocationClient =>
    createClient(
      PrivateLocationService,
      createConnectTransport({
        baseUrl: `${t.baseUrl}/rpc`,
        httpVersion: '1.1',
        useBinaryFormat: true,
        interceptors: [withKey(key)],
      }),
    );

  const newMonitor = async (owner: Tenant = tenant): Promise<string> =>
    (
      await t.app
        .get(MonitorsService)
        .create(owner.ctx, 'http', { name: 'target', url: 'https://example.com', periodicity: '1m' })
    ).id;

  const location = (extra: LocationInit = {}): { privateLocation: LocationInit } => ({
    privateLocation: { name: 'Basement rack', metadata: { env: 'prod', dc: 'fra1' }, ...extra },
  });

  const seen = (id: string, msAgo: number) =>
    t.db.repo(PrivateLocationEntity).update({ id }, { lastSeenAt: new Date(Date.now() - msAgo) });

  beforeAll(async () => {
    t = await startHttpApp();
    tenant = await newTenant(t);
    sut = clientFor(tenant.writeKey);
  });

  afterAll(() => t.close());

  describe('create and get', () => {
    it('creates a location with a generated token, unknown status and its monitors', async () => {
      const [m1, m2] = [await newMonitor(), await newMonitor()];
      const { privateLocation } = await sut.createPrivateLocation(location({ monitorIds: [m2, m1] }));
      expect(privateLocation).toMatchObject({
        name: 'Basement rack',
        metadata: { env: 'prod', dc: 'fra1' },
        monitorIds: [m1, m2],
        monitorCount: 2,
        status: PrivateLocationStatus.UNKNOWN,
      });
      expect(privateLocation?.id).toMatch(/^\d+$/);
      expect(privateLocation?.token).toMatch(TOKEN);
      expect(privateLocation?.lastSeenAt).toBeUndefined();
      expect(privateLocation?.createdAt).toBeDefined();
      expect(privateLocation?.updatedAt).toBeDefined();
      const { privateLocation: fetched } = await sut.getPrivateLocation({ id: privateLocation!.id });
      expect(fetched).toEqual(privateLocation);
    });

    it('gives every location its own token, stored sealed and hashed, found by the agent lookup', async () => {
      const a = (await sut.createPrivateLocation(location())).privateLocation!;
      const b = (await sut.createPrivateLocation(location())).privateLocation!;
      expect(a.token).not.toBe(b.token);
      const row = await t.db.repo(PrivateLocationEntity).findOneByOrFail({ id: a.id });
      expect(row.tokenHash).toBe(hashToken(a.token));
      expect(row.tokenSealed).not.toContain(a.token.slice('svc_plt_'.length));
      expect(t.app.get(SecretBox).decrypt(row.tokenSealed)).toBe(a.token);
      const repository = t.app.get(PrivateLocationsRepository);
      expect((await repository.findByToken(a.token))?.id).toBe(a.id);
      expect((await repository.findByToken(b.token))?.id).toBe(b.id);
      const tampered = `${a.token.slice(0, -1)}${a.token.endsWith('x') ? 'y' : 'x'}`;
      expect(await repository.findByToken(tampered)).toBeNull();
      expect(await repository.findByToken('')).toBeNull();
    });

    it('shows up as a private location of the monitors it runs', async () => {
      const monitor = await newMonitor();
      const { privateLocation } = await sut.createPrivateLocation(location({ monitorIds: [monitor] }));
      expect((await t.app.get(MonitorsService).get(tenant.ctx, monitor)).privateLocationIds).toEqual([
        privateLocation!.id,
      ]);
    });
  });

  describe('status', () => {
    it('is ACTIVE within the threshold, ERROR beyond it, UNKNOWN when never seen', async () => {
      const { privateLocation } = await sut.createPrivateLocation(location());
      const id = privateLocation!.id;
      expect((await sut.getPrivateLocation({ id })).privateLocation?.status).toBe(PrivateLocationStatus.UNKNOWN);

      await seen(id, PRIVATE_LOCATION_STATUS_THRESHOLDS.activeWithinMs - 15_000);
      const active = (await sut.getPrivateLocation({ id })).privateLocation!;
      expect(active.status).toBe(PrivateLocationStatus.ACTIVE);
      const row = await t.db.repo(PrivateLocationEntity).findOneByOrFail({ id });
      expect(timestampDate(active.lastSeenAt!).getTime()).toBe(row.lastSeenAt!.getTime());

      await seen(id, PRIVATE_LOCATION_STATUS_THRESHOLDS.activeWithinMs + 15_000);
      expect((await sut.getPrivateLocation({ id })).privateLocation?.status).toBe(PrivateLocationStatus.ERROR);
      const listed = (await sut.listPrivateLocations({})).privateLocations.find((l) => l.id === id);
      expect(listed?.status).toBe(PrivateLocationStatus.ERROR);
      expect(listed?.lastSeenAt).toBeDefined();
    });

    it('uses two minutes as the threshold', () => {
      expect(PRIVATE_LOCATION_STATUS_THRESHOLDS.activeWithinMs).toBe(120_000);
    });
  });

  describe('bounds', () => {
    const cases: Array<[string, LocationInit, string]> = [
      ['missing name', { name: undefined }, 'name: is required'],
      ['empty name', { name: '' }, 'name: is required'],
      ['blank name', { name: '   ' }, 'name: is required'],
      ['name over 256', { name: 'n'.repeat(257) }, 'name: must be at most 256 characters'],
      [
        '51 metadata entries',
        { metadata: Object.fromEntries(Array.from({ length: 51 }, (_, i) => [`k${i}`, 'v'])) },
        'metadata: must have at most 50 entries',
      ],
      [
        'a metadata key over 64',
        { metadata: { ['k'.repeat(65)]: 'v' } },
        `metadata: key "${'k'.repeat(65)}" must be 1 to 64 characters`,
      ],
      ['an empty metadata key', { metadata: { '': 'v' } }, 'metadata: key "" must be 1 to 64 characters'],
      [
        'a metadata value over 256',
        { metadata: { env: 'v'.repeat(257) } },
        'metadata.env: must be at most 256 characters',
      ],
      ['a repeated monitor id', { monitorIds: ['5', '5'] }, 'monitorIds: must not repeat a monitor'],
    ];

    it.each(cases)('refuses %s with a message naming the field and bound', async (_name, patch, message) => {
      const error = await rpcError(
        sut.createPrivateLocation({ privateLocation: { ...location().privateLocation, ...patch } }),
      );
      expect(error.code).toBe(Code.InvalidArgument);
      expect(error.rawMessage).toBe(message);
    });

    it('accepts the bounds themselves', async () => {
      const { privateLocation } = await sut.createPrivateLocation({
        privateLocation: {
          name: 'n'.repeat(256),
          metadata: {
            ...Object.fromEntries(Array.from({ length: 49 }, (_, i) => [`k${i}`, 'v'])),
            ['k'.repeat(64)]: 'v'.repeat(256),
          },
        },
      });
      expect(Object.keys(privateLocation!.metadata)).toHaveLength(50);
    });

    it('rejects a request without a private location', async () => {
      expect((await rpcError(sut.createPrivateLocation({}))).rawMessage).toBe('privateLocation: is required');
    });

    it('answers not_found for unknown, deleted and foreign monitors and creates nothing', async () => {
      const own = await newTenant(t);
      const client = clientFor(own.writeKey);
      const deleted = await newMonitor(own);
      await t.app.get(MonitorsService).delete(own.ctx, deleted);
      const foreign = await newMonitor(await newTenant(t));
      const live = await newMonitor(own);
      for (const id of [deleted, foreign, '987654321', 'abc']) {
        const error = await rpcError(client.createPrivateLocation(location({ monitorIds: [live, id] })));
        expect(error.code).toBe(Code.NotFound);
        expect(error.rawMessage).toBe(`monitor "${id}" not found`);
      }
      expect(await t.db.repo(PrivateLocationEntity).countBy({ workspaceId: own.ctx.workspace.id })).toBe(0);
    });
  });

  describe('list', () => {
    it('pages newest first with the total and without tokens', async () => {
      const own = clientFor((await newTenant(t)).writeKey);
      const a = (await own.createPrivateLocation(location({ name: 'a' }))).privateLocation!;
      const b = (await own.createPrivateLocation(location({ name: 'b' }))).privateLocation!;
      const c = (await own.createPrivateLocation(location({ name: 'c' }))).privateLocation!;
      const all = await own.listPrivateLocations({});
      expect(all.totalSize).toBe(3);
      expect(all.privateLocations.map((l) => l.id)).toEqual([c.id, b.id, a.id]);
      expect(all.privateLocations[0]).toEqual({ ...c, token: '' });
      expect(all.privateLocations.every((l) => l.token === '')).toBe(true);
      const page = await own.listPrivateLocations({ limit: 1, offset: 1 });
      expect(page.totalSize).toBe(3);
      expect(page.privateLocations.map((l) => l.id)).toEqual([b.id]);
      expect((await own.listPrivateLocations({ offset: 3 })).privateLocations).toEqual([]);
    });

    it('counts the monitors of each location', async () => {
      const own = await newTenant(t);
      const client = clientFor(own.writeKey);
      const ids = [await newMonitor(own), await newMonitor(own), await newMonitor(own)];
      await client.createPrivateLocation(location({ monitorIds: ids }));
      await client.createPrivateLocation(location());
      const { privateLocations } = await client.listPrivateLocations({});
      expect(privateLocations.map((l) => l.monitorCount)).toEqual([0, 3]);
      expect(privateLocations[1].monitorIds).toEqual(ids);
    });

    it.each([
      [{ limit: 0 }, 'limit: must be between 1 and 100'],
      [{ limit: 101 }, 'limit: must be between 1 and 100'],
      [{ offset: -1 }, 'offset: must be 0 or more'],
    ])('refuses %j', async (req, message) => {
      const error = await rpcError(sut.listPrivateLocations(req));
      expect(error.code).toBe(Code.InvalidArgument);
      expect(error.rawMessage).toBe(message);
    });
  });

  describe('partial update', () => {
    const mask = (...paths: string[]) => create(FieldMaskSchema, { paths });

    it('changes only the fields present, leaves the rest untouched and returns no token', async () => {
      const monitor = await newMonitor();
      const { privateLocation } = await sut.createPrivateLocation(location({ monitorIds: [monitor] }));
      const { privateLocation: updated } = await sut.updatePrivateLocation({
        id: privateLocation!.id,
        privateLocation: { name: 'Attic rack' },
      });
      expect(updated).toEqual({ ...privateLocation, name: 'Attic rack', token: '', updatedAt: updated!.updatedAt });
      const { privateLocation: fetched } = await sut.getPrivateLocation({ id: privateLocation!.id });
      expect(fetched).toEqual({ ...updated, token: privateLocation!.token });
    });

    it('replaces metadata and monitor_ids as a whole when given', async () => {
      const [m1, m2] = [await newMonitor(), await newMonitor()];
      const { privateLocation } = await sut.createPrivateLocation(location({ monitorIds: [m1] }));
      const { privateLocation: updated } = await sut.updatePrivateLocation({
        id: privateLocation!.id,
        privateLocation: { metadata: { owner: 'ops' }, monitorIds: [m2] },
      });
      expect(updated).toMatchObject({
        name: 'Basement rack',
        metadata: { owner: 'ops' },
        monitorIds: [m2],
        monitorCount: 1,
      });
      expect(Object.keys(updated!.metadata)).toEqual(['owner']);
      expect(timestampDate(updated!.updatedAt!).getTime()).toBeGreaterThan(
        timestampDate(privateLocation!.updatedAt!).getTime(),
      );
      expect(updated!.createdAt).toEqual(privateLocation!.createdAt);
    });

    it('keeps metadata and monitor_ids sent empty without a mask', async () => {
      const monitor = await newMonitor();
      const { privateLocation } = await sut.createPrivateLocation(location({ monitorIds: [monitor] }));
      const { privateLocation: updated } = await sut.updatePrivateLocation({
        id: privateLocation!.id,
        privateLocation: { metadata: {}, monitorIds: [] },
      });
      expect(updated).toMatchObject({ metadata: { env: 'prod', dc: 'fra1' }, monitorIds: [monitor] });
    });

    it('clears metadata and monitor_ids named in the mask', async () => {
      const monitor = await newMonitor();
      const { privateLocation } = await sut.createPrivateLocation(location({ monitorIds: [monitor] }));
      const { privateLocation: updated } = await sut.updatePrivateLocation({
        id: privateLocation!.id,
        privateLocation: { name: 'ignored' },
        updateMask: mask('metadata', 'monitor_ids'),
      });
      expect(updated).toMatchObject({ name: 'Basement rack', metadata: {}, monitorIds: [], monitorCount: 0 });
      expect(await t.db.repo(PrivateLocationMonitorEntity).countBy({ privateLocationId: privateLocation!.id })).toBe(0);
      expect((await t.app.get(MonitorsService).get(tenant.ctx, monitor)).privateLocationIds).toEqual([]);
    });

    it('refuses to clear the name, unknown mask paths and values out of bounds, changing nothing', async () => {
      const { privateLocation } = await sut.createPrivateLocation(location());
      const id = privateLocation!.id;
      const name = await rpcError(sut.updatePrivateLocation({ id, privateLocation: {}, updateMask: mask('name') }));
      expect(name.rawMessage).toBe('name: is required');
      for (const path of ['token', 'status', 'id']) {
        const error = await rpcError(sut.updatePrivateLocation({ id, privateLocation: {}, updateMask: mask(path) }));
        expect(error.code).toBe(Code.InvalidArgument);
        expect(error.rawMessage).toBe(`updateMask: ${path} is not an updatable field`);
      }
      const bad = await rpcError(
        sut.updatePrivateLocation({ id, privateLocation: { name: 'ok', metadata: { ['k'.repeat(65)]: 'v' } } }),
      );
      expect(bad.code).toBe(Code.InvalidArgument);
      expect((await sut.getPrivateLocation({ id })).privateLocation).toEqual(privateLocation);
    });

    it('answers not_found for deleted and foreign monitors, changing nothing', async () => {
      const { privateLocation } = await sut.createPrivateLocation(location());
      const deleted = await newMonitor();
      await t.app.get(MonitorsService).delete(tenant.ctx, deleted);
      const foreign = await newMonitor(await newTenant(t));
      for (const monitorId of [deleted, foreign]) {
        const error = await rpcError(
          sut.updatePrivateLocation({ id: privateLocation!.id, privateLocation: { monitorIds: [monitorId] } }),
        );
        expect(error.code).toBe(Code.NotFound);
        expect(error.rawMessage).toBe(`monitor "${monitorId}" not found`);
      }
      expect((await sut.getPrivateLocation({ id: privateLocation!.id })).privateLocation).toEqual(privateLocation);
    });
  });

  describe('delete', () => {
    it('deletes the location and its monitor links; afterwards it is not found anywhere', async () => {
      const monitor = await newMonitor();
      const { privateLocation } = await sut.createPrivateLocation(location({ monitorIds: [monitor] }));
      const id = privateLocation!.id;
      expect(await sut.deletePrivateLocation({ id })).toMatchObject({ success: true });
      expect(await t.db.repo(PrivateLocationMonitorEntity).countBy({ privateLocationId: id })).toBe(0);
      expect((await t.app.get(MonitorsService).get(tenant.ctx, monitor)).privateLocationIds).toEqual([]);
      expect(await t.app.get(PrivateLocationsRepository).findByToken(privateLocation!.token)).toBeNull();
      for (const call of [
        () => sut.getPrivateLocation({ id }),
        () => sut.deletePrivateLocation({ id }),
        () => sut.updatePrivateLocation({ id, privateLocation: { name: 'x' } }),
      ]) {
        const error = await rpcError(call());
        expect(error.code).toBe(Code.NotFound);
        expect(error.rawMessage).toBe(`private location "${id}" not found`);
      }
    });
  });

  describe('token rotation', () => {
    const claimWith = (token: string) =>
      fetch(`${t.baseUrl}/agent/v1/claim`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({ agentId: 'rotation', max: 1, lookaheadMs: 0 }),
      }).then((r) => r.status);

    it('gives a new token that works at once, while the old one stops working at once', async () => {
      const monitor = await newMonitor();
      const { privateLocation } = await sut.createPrivateLocation(location({ monitorIds: [monitor] }));
      const old = privateLocation!.token;
      expect(await claimWith(old)).toBe(200);
      const { privateLocation: rotated } = await sut.rotatePrivateLocationToken({ id: privateLocation!.id });
      expect(rotated!.token).toMatch(TOKEN);
      expect(rotated!.token).not.toBe(old);
      const { id, name, monitorIds, metadata, createdAt } = privateLocation!;
      expect(rotated).toMatchObject({ id, name, monitorIds, metadata, createdAt });
      expect((await sut.getPrivateLocation({ id: privateLocation!.id })).privateLocation?.token).toBe(rotated!.token);
      expect(await claimWith(old)).toBe(401);
      expect(await claimWith(rotated!.token)).toBe(200);
      const repository = t.app.get(PrivateLocationsRepository);
      expect(await repository.findByToken(old)).toBeNull();
      expect((await repository.findByToken(rotated!.token))?.id).toBe(privateLocation!.id);
    });

    it('is audited without either token, and no list or read-only view shows the new one', async () => {
      const own = await newTenant(t);
      const client = clientFor(own.writeKey);
      const { privateLocation } = await client.createPrivateLocation(location());
      const id = privateLocation!.id;
      const { privateLocation: rotated } = await client.rotatePrivateLocationToken({ id });
      const secrets = [privateLocation!.token, rotated!.token].map((token) => token.slice('svc_plt_'.length));
      const entries = await t.db.repo(AuditLogEntity).find({
        where: { workspaceId: own.ctx.workspace.id, entityType: 'private_location' },
        order: { id: 'ASC' },
      });
      expect(entries.map((e) => e.action)).toEqual(['private_location.create', 'private_location.rotate_token']);
      expect(entries[1]).toMatchObject({ entityId: id, via: 'rpc', actorType: 'api_key' });
      expect(entries[1].after).toEqual({
        id,
        name: 'Basement rack',
        monitorIds: [],
        metadata: { env: 'prod', dc: 'fra1' },
      });
      const visible = text([
        entries,
        await client.listPrivateLocations({}),
        await clientFor(own.readKey).getPrivateLocation({ id }),
        await clientFor(own.readKey).listPrivateLocations({}),
      ]);
      for (const secret of secrets) expect(visible).not.toContain(secret);
      expect(await wholeDatabaseText(t.db)).not.toContain(secrets[1]);
    });

    it('needs a read-and-write credential of the same workspace, and changes nothing otherwise', async () => {
      const { privateLocation } = await sut.createPrivateLocation(location());
      const id = privateLocation!.id;
      const readOnly = await rpcError(clientFor(tenant.readKey).rotatePrivateLocationToken({ id }));
      expect(readOnly.code).toBe(Code.PermissionDenied);
      const stranger = await rpcError(clientFor((await newTenant(t)).writeKey).rotatePrivateLocationToken({ id }));
      expect(stranger.code).toBe(Code.NotFound);
      expect(stranger.rawMessage).toBe(`private location "${id}" not found`);
      const unknown = await rpcError(sut.rotatePrivateLocationToken({ id: '987654321' }));
      expect(unknown.rawMessage).toBe('private location "987654321" not found');
      expect((await sut.getPrivateLocation({ id })).privateLocation).toEqual(privateLocation);
      expect(await claimWith(privateLocation!.token)).toBe(200);
    });
  });

  describe("a monitor's private locations", () => {
    const monitorsFor = (key: string) =>
      createClient(
        MonitorService,
        createConnectTransport({ baseUrl: `${t.baseUrl}/rpc`, httpVersion: '1.1', interceptors: [withKey(key)] }),
      );
    const hint =
      "privateLocationIds: is read-only: a monitor runs from the private locations whose monitorIds include it; change a private location's monitorIds with UpdatePrivateLocation";

    it('are refused on create and update with where to change them, never silently dropped', async () => {
      const own = await newTenant(t);
      const client = monitorsFor(own.writeKey);
      const { privateLocation } = await clientFor(own.writeKey).createPrivateLocation(location());
      const http = { name: 'api', url: 'https://example.com', periodicity: Periodicity.PERIODICITY_1M };
      const created = await rpcError(
        client.createHTTPMonitor({ monitor: { ...http, privateLocationIds: [privateLocation!.id] } }),
      );
      expect(created.code).toBe(Code.InvalidArgument);
      expect(created.rawMessage).toBe(hint);
      const tcp = await rpcError(
        client.createTCPMonitor({
          monitor: { name: 'db', uri: 'db:5432', periodicity: Periodicity.PERIODICITY_1M, privateLocationIds: ['1'] },
        }),
      );
      expect(tcp.rawMessage).toBe(hint);
      expect((await client.listMonitors({})).totalSize).toBe(0);

      const { monitor } = await client.createHTTPMonitor({ monitor: http });
      const updated = await rpcError(
        client.updateHTTPMonitor({ id: monitor!.id, monitor: { privateLocationIds: [privateLocation!.id] } }),
      );
      expect(updated.code).toBe(Code.InvalidArgument);
      expect(updated.rawMessage).toBe(hint);
      const masked = await rpcError(
        client.updateHTTPMonitor({
          id: monitor!.id,
          monitor: {},
          updateMask: create(FieldMaskSchema, { paths: ['private_location_ids'] }),
        }),
      );
      expect(masked.code).toBe(Code.InvalidArgument);
      expect(masked.rawMessage).toBe(`updateMask: private_location_ids ${hint.slice('privateLocationIds: '.length)}`);
      expect(await t.db.repo(PrivateLocationMonitorEntity).countBy({ privateLocationId: privateLocation!.id })).toBe(0);
    });
  });

  describe('credentials and tenancy', () => {
    it('never stores, audits or lists the plain token', async () => {
      const own = await newTenant(t);
      const client = clientFor(own.writeKey);
      const { privateLocation } = await client.createPrivateLocation(location());
      const token = privateLocation!.token;
      const secret = token.slice('svc_plt_'.length);
      await client.updatePrivateLocation({ id: privateLocation!.id, privateLocation: { name: 'renamed' } });
      const responses = [
        await client.listPrivateLocations({}),
        await client.updatePrivateLocation({ id: privateLocation!.id, privateLocation: { name: 'again' } }),
      ];
      expect(text(responses)).not.toContain(secret);
      expect(await wholeDatabaseText(t.db)).not.toContain(secret);
      await client.deletePrivateLocation({ id: privateLocation!.id });
      expect(text(await t.db.repo(AuditLogEntity).findBy({ workspaceId: own.ctx.workspace.id }))).not.toContain(secret);
    });

    it('lets a read-only key read without the token, and refuses every write, changing nothing', async () => {
      const { privateLocation } = await sut.createPrivateLocation(location());
      const reader = clientFor(tenant.readKey);
      expect((await reader.getPrivateLocation({ id: privateLocation!.id })).privateLocation).toEqual({
        ...privateLocation,
        token: '',
      });
      await expect(reader.listPrivateLocations({})).resolves.toBeDefined();
      const auditBefore = await t.db.repo(AuditLogEntity).countBy({ workspaceId: tenant.ctx.workspace.id });
      for (const call of [
        () => reader.createPrivateLocation(location()),
        () => reader.updatePrivateLocation({ id: privateLocation!.id, privateLocation: { name: 'x' } }),
        () => reader.deletePrivateLocation({ id: privateLocation!.id }),
      ]) {
        const error = await rpcError(call());
        expect(error.code).toBe(Code.PermissionDenied);
        expect(error.rawMessage).toBe('This credential is read-only; a read and write credential is required');
      }
      expect((await sut.getPrivateLocation({ id: privateLocation!.id })).privateLocation).toEqual(privateLocation);
      expect(await t.db.repo(AuditLogEntity).countBy({ workspaceId: tenant.ctx.workspace.id })).toBe(auditBefore);
    });

    it('answers not_found for ids of another workspace, for every method that takes one', async () => {
      const { privateLocation } = await sut.createPrivateLocation(location());
      const other = clientFor((await newTenant(t)).writeKey);
      const id = privateLocation!.id;
      for (const call of [
        () => other.getPrivateLocation({ id }),
        () => other.updatePrivateLocation({ id, privateLocation: { name: 'stolen' } }),
        () =>
          other.updatePrivateLocation({
            id,
            privateLocation: {},
            updateMask: create(FieldMaskSchema, { paths: ['metadata'] }),
          }),
        () => other.deletePrivateLocation({ id }),
      ]) {
        const error = await rpcError(call());
        expect(error.code).toBe(Code.NotFound);
        expect(error.rawMessage).toBe(`private location "${id}" not found`);
      }
      expect((await sut.getPrivateLocation({ id })).privateLocation).toEqual(privateLocation);
      expect((await other.listPrivateLocations({})).privateLocations.map((l) => l.id)).not.toContain(id);
    });

    it('refuses private locations on a plan without them', async () => {
      const free = clientFor((await newTenant(t, 'free')).writeKey);
      const error = await rpcError(free.createPrivateLocation(location()));
      expect(error.code).toBe(Code.ResourceExhausted);
      expect(error.rawMessage).toBe('private locations: the free plan does not include private locations');
    });

    it('writes audit entries with the key as actor', async () => {
      const own = await newTenant(t);
      const client = clientFor(own.writeKey);
      const monitor = await newMonitor(own);
      const { privateLocation } = await client.createPrivateLocation(location());
      const id = privateLocation!.id;
      await client.updatePrivateLocation({ id, privateLocation: { monitorIds: [monitor], metadata: { a: 'b' } } });
      await client.updatePrivateLocation({ id, privateLocation: { name: 'Basement rack' } });
      await client.deletePrivateLocation({ id });
      const key = await t.db.repo(ApiKeyEntity).findOneByOrFail({ workspaceId: own.ctx.workspace.id, scope: 'write' });
      const entries = await t.db.repo(AuditLogEntity).find({
        where: { workspaceId: own.ctx.workspace.id, entityType: 'private_location' },
        order: { id: 'ASC' },
      });
      expect(entries.map((e) => e.action)).toEqual([
        'private_location.create',
        'private_location.update',
        'private_location.delete',
      ]);
      for (const entry of entries) {
        expect(entry).toMatchObject({
          entityId: id,
          actorType: 'api_key',
          actorId: key.id,
          actorUserId: own.userId,
          via: 'rpc',
        });
      }
      expect(entries[0].after).toEqual({
        id,
        name: 'Basement rack',
        monitorIds: [],
        metadata: { env: 'prod', dc: 'fra1' },
      });
      expect(entries[1].changedFields).toEqual(['metadata', 'monitorIds']);
      expect(entries[1].after).toMatchObject({ metadata: { a: 'b' }, monitorIds: [monitor] });
      expect(entries[2].before).toMatchObject({ id, name: 'Basement rack' });
      expect(entries[2].after).toBeNull();
    });
  });
});

describe('PrivateLocationService over plain HTTP JSON', () => {
  let t: HttpTestApp;
  let tenant: Tenant;

  beforeAll(async () => {
    t = await startHttpApp();
    tenant = await newTenant(t);
  });

  afterAll(() => t.close());

  const call = async (method: string, body: unknown, key: string | null = tenant.writeKey) => {
    const response = await fetch(`${t.baseUrl}/rpc/private_location.v1.PrivateLocationService/${method}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(key ? { 'x-service-key': key } : {}) },
      body: JSON.stringify(body),
    });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  };

  it('creates, reads, updates with a mask and lists a location in JSON, with the token only where due', async () => {
    const created = await call('CreatePrivateLocation', {
      privateLocation: { name: 'json', metadata: { env: 'dev' } },
    });
    expect(created.status).toBe(200);
    const location = created.body.privateLocation as Record<string, unknown>;
    expect(location).toMatchObject({
      name: 'json',
      metadata: { env: 'dev' },
      status: 'PRIVATE_LOCATION_STATUS_UNKNOWN',
    });
    expect(location.token).toMatch(TOKEN);
    expect(location.lastSeenAt).toBeUndefined();
    expect(typeof location.createdAt).toBe('string');
    expect((await call('GetPrivateLocation', { id: location.id })).body).toEqual({ privateLocation: location });

    const updated = await call('UpdatePrivateLocation', {
      id: location.id,
      privateLocation: {},
      updateMask: 'metadata',
    });
    expect(updated.body.privateLocation).toMatchObject({ name: 'json' });
    expect(updated.body.privateLocation).not.toHaveProperty('token');
    expect(updated.body.privateLocation).not.toHaveProperty('metadata');

    const listed = await call('ListPrivateLocations', {});
    expect(listed.body).toMatchObject({ totalSize: 1, privateLocations: [{ id: location.id, name: 'json' }] });
    expect(JSON.stringify(listed.body)).not.toContain(location.token as string);
  });

  it('rotates the token in JSON, answering the location with the new token', async () => {
    const created = (await call('CreatePrivateLocation', { privateLocation: { name: 'rotate' } })).body
      .privateLocation as Record<string, unknown>;
    const rotated = await call('RotatePrivateLocationToken', { id: created.id });
    expect(rotated.status).toBe(200);
    const location = rotated.body.privateLocation as Record<string, unknown>;
    expect(location).toMatchObject({ id: created.id, name: 'rotate' });
    expect(location.token).toMatch(TOKEN);
    expect(location.token).not.toBe(created.token);
    expect((await call('RotatePrivateLocationToken', { id: created.id }, tenant.readKey)).body).toMatchObject({
      code: 'permission_denied',
    });
  });

  it('answers errors as Connect JSON with the code and a readable message', async () => {
    expect(await call('CreatePrivateLocation', { privateLocation: { name: '' } })).toEqual({
      status: 400,
      body: { code: 'invalid_argument', message: 'name: is required' },
    });
    expect((await call('GetPrivateLocation', { id: '123456789' })).body).toEqual({
      code: 'not_found',
      message: 'private location "123456789" not found',
    });
    expect((await call('DeletePrivateLocation', { id: '1' }, tenant.readKey)).body).toMatchObject({
      code: 'permission_denied',
    });
  });
});

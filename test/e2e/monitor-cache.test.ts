// The in-process monitor cache (monitors/monitor-cache.ts) across API nodes: two applications on one
// database, each with its own cache. Whatever changes a monitor — an update through either node, SQL
// from another connection, a new derived status, a private location linked or unlinked, a deletion —
// shows on the very next GetMonitor on every node. Runs on PostgreSQL and on the embedded database.
import { ChangeFeed } from '../../backend/src/database/change-feed';
import { MonitorCache } from '../../backend/src/monitors/monitor-cache';
import { MonitorsService } from '../../backend/src/monitors/monitors.service';
import { PrivateLocationsService } from '../../backend/src/private-locations/private-locations.service';
import { sqlElsewhere } from '../support/database';
import { newTenant, startHttpApp, type HttpTestApp, type Tenant } from '../support/http-app';

describe('monitor cache across API nodes', () => {
  let a: HttpTestApp;
  let b: HttpTestApp;
  let tenant: Tenant;

  beforeAll(async () => {
    a = await startHttpApp();
    b = await startHttpApp({ sameDatabaseAs: a });
    expect(await a.app.get(ChangeFeed).firstAttempt).toBe(true);
    expect(await b.app.get(ChangeFeed).firstAttempt).toBe(true);
    tenant = await newTenant(a);
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  async function getMonitor(node: HttpTestApp, id: string, key = tenant.readKey) {
    const response = await fetch(`${node.baseUrl}/rpc/monitor.v1.MonitorService/GetMonitor`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-service-key': key },
      body: JSON.stringify({ id }),
    });
    const body = (await response.json()) as {
      code?: string;
      monitor?: { http?: { name: string; status: string; privateLocationIds?: string[] } };
    };
    return { status: response.status, code: body.code, http: body.monitor?.http };
  }

  /** Reads on node b until it answers from its cache, so the next read tests the invalidation. */
  async function cachedOnB(id: string): Promise<void> {
    expect((await getMonitor(b, id)).status).toBe(200);
    expect(await b.app.get(MonitorCache).get(tenant.ctx.workspace.id, id)).toBeDefined();
  }

  const elsewhere = (sql: string, params: unknown[] = []) => sqlElsewhere(a.database.url, sql, params);

  const newMonitor = async (name: string) =>
    (
      await a.app
        .get(MonitorsService)
        .create(tenant.ctx, 'http', { name, url: 'http://127.0.0.1:9/', periodicity: '10m', regions: ['fly-ams'] })
    ).id;

  it('shows an update made through the other node on the very next call', async () => {
    const id = await newMonitor('before');
    await cachedOnB(id);
    await a.app.get(MonitorsService).update(tenant.ctx, 'http', id, { name: 'after' }, ['name']);
    expect((await getMonitor(b, id)).http?.name).toBe('after');
  });

  it('shows SQL from another connection and a new derived status on the very next call', async () => {
    const id = await newMonitor('sql');
    await cachedOnB(id);
    await elsewhere(`UPDATE monitors SET name = 'renamed by hand' WHERE id = $1`, [id]);
    expect((await getMonitor(b, id)).http?.name).toBe('renamed by hand');
    await cachedOnB(id);
    await elsewhere(`UPDATE monitors SET status = 'error' WHERE id = $1`, [id]);
    expect((await getMonitor(b, id)).http?.status).toBe('MONITOR_STATUS_ERROR');
  });

  it('shows a private location linked and unlinked on the very next call', async () => {
    const id = await newMonitor('located');
    await cachedOnB(id);
    const locations = a.app.get(PrivateLocationsService);
    const location = await locations.create(tenant.ctx, { name: 'Basement', monitorIds: [id] });
    expect((await getMonitor(b, id)).http?.privateLocationIds).toEqual([location.id]);
    await cachedOnB(id);
    await locations.delete(tenant.ctx, location.id);
    expect((await getMonitor(b, id)).http?.privateLocationIds ?? []).toEqual([]);
  });

  it('answers NOT_FOUND on the very next call after a deletion, and to another workspace', async () => {
    const id = await newMonitor('doomed');
    await cachedOnB(id);
    const other = await newTenant(a);
    expect((await getMonitor(b, id, other.readKey)).code).toBe('not_found');
    await a.app.get(MonitorsService).delete(tenant.ctx, id);
    expect((await getMonitor(b, id)).code).toBe('not_found');
  });

  it('hands every reader the same answer: no transport can change the cached view', async () => {
    const id = await newMonitor('shared');
    await cachedOnB(id);
    const view = await b.app.get(MonitorCache).get(tenant.ctx.workspace.id, id);
    expect(Object.isFrozen(view)).toBe(true);
    const mcp = await fetch(`${b.baseUrl}/mcp`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
        'x-service-key': tenant.readKey,
      },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'tools/call',
        params: { name: 'get_monitor', arguments: { monitorId: id } },
      }),
    });
    expect(mcp.status).toBe(200);
    expect(JSON.stringify(await mcp.json())).toContain('"name":"shared"');
    expect((await getMonitor(b, id)).http?.name).toBe('shared');
  });
});

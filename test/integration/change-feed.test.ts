// The change feed (database/change-feed.ts) where it cannot hear changes, and the embedded wire
// server's notification scanner. An API node whose embedded database is served by another process
// (the command line's) gets no notifications: its feed stays off and its caches answer nothing, so it
// reads the database on every request and never serves a stale answer.
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { ChangeFeed } from '../../backend/src/database/change-feed';
import { MonitorCache } from '../../backend/src/monitors/monitor-cache';
import { MonitorsService } from '../../backend/src/monitors/monitors.service';
import { newTenant, startHttpApp, type HttpTestApp } from '../support/http-app';

const DIST = join(__dirname, '..', '..', 'backend', 'dist', 'database', 'embedded', 'embedded-postgres.js');

describe('an embedded database served by another process', () => {
  let child: ChildProcess;
  let node: HttpTestApp;

  beforeAll(async () => {
    // The built module, as the command line runs it: another process serving PGlite on loopback.
    child = spawn(
      process.execPath,
      [
        '-e',
        `require(${JSON.stringify(DIST)}).startEphemeralDatabase().then((db) => {
           console.log(db.url);
           process.stdin.on('end', () => db.close().then(() => process.exit(0))).resume();
         })`,
      ],
      { stdio: ['pipe', 'pipe', 'inherit'] },
    );
    const [url] = (await once(createInterface({ input: child.stdout! }), 'line')) as [string];
    node = await startHttpApp({ database: { url, kind: 'pglite', close: async () => undefined } });
  }, 60_000);
  afterAll(async () => {
    await node?.close();
    child?.stdin?.end();
    if (child && child.exitCode === null) await once(child, 'exit');
  });

  it('keeps the feed off and reads every monitor from the database', async () => {
    expect(await node.app.get(ChangeFeed).firstAttempt).toBe(false);
    const tenant = await newTenant(node);
    const monitor = await node.app.get(MonitorsService).create(tenant.ctx, 'http', {
      name: 'far',
      url: 'http://127.0.0.1:9/',
      periodicity: '10m',
      regions: ['fly-ams'],
    });
    for (let i = 0; i < 2; i += 1) {
      const response = await fetch(`${node.baseUrl}/rpc/monitor.v1.MonitorService/GetMonitor`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-service-key': tenant.readKey },
        body: JSON.stringify({ id: monitor.id }),
      });
      expect(response.status).toBe(200);
    }
    expect(await node.app.get(MonitorCache).get(tenant.ctx.workspace.id, monitor.id)).toBeUndefined();
  });
});

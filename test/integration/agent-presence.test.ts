// Which agent serves each public region, on a real database: one upsert per agent every few seconds at
// most (the claim path stays cheap), a region served while its agent asked within the last minute,
// the agent seen last named when none does, and nothing said of agents not seen for a day.
// Through the work API: the embedded and remote agents' claims record them, private locations' do not.
import {
  AgentPresenceService,
  PRESENCE_WRITE_INTERVAL_MS,
  SERVING_WINDOW_MS,
} from '../../backend/src/agent-presence/agent-presence.service';
import type { AgentPresence } from '../../backend/src/checks/check-types';
import { ResultIngestService } from '../../backend/src/check-results/result-ingest';
import { CheckWorkService } from '../../backend/src/checker/check-work.service';
import { SchedulesRepository } from '../../backend/src/schedules/schedules.repository';
import type { AppConfig } from '../../backend/src/config/config';
import { APP_CONFIG } from '../../backend/src/config/config.module';
import { MonitorsRepository } from '../../backend/src/monitors/monitors.repository';
import { PrivateLocationsRepository } from '../../backend/src/private-locations/private-locations.repository';
import { createTestApp, installer, type TestApp } from '../support/app';

describe(AgentPresenceService.name, () => {
  let t: TestApp;
  let sut: AgentPresenceService;
  let n = 0;

  beforeAll(async () => {
    t = await createTestApp();
    sut = t.app.get(AgentPresenceService);
  });
  afterAll(() => t.close());

  /** An agent of its own per test: the table is shared by the tests of this file. */
  const remote = (): AgentPresence => ({ kind: 'remote', agentId: `agent-${++n}-${Date.now()}`, host: null });
  const rows = (agentId: string) =>
    t.db.rows<{ region: string; kind: string; host: string | null; last_seen_at: Date }>(
      'SELECT region, kind, host, last_seen_at FROM agent_presence WHERE agent_id = $1 ORDER BY region',
      [agentId],
    );
  const of = async (region: string, now: Date) => (await sut.regions(installer, now)).find((r) => r.region === region)!;

  it('writes an agent at most once per interval, for every region it serves', async () => {
    const agent = remote();
    const at = new Date();
    await sut.seen(agent, ['fly-ams', 'fly-iad'], at);
    await sut.seen(agent, ['fly-ams', 'fly-iad'], new Date(at.getTime() + PRESENCE_WRITE_INTERVAL_MS - 1));
    let written = await rows(agent.agentId);
    expect(written.map((r) => [r.region, r.kind, r.host])).toEqual([
      ['fly-ams', 'remote', null],
      ['fly-iad', 'remote', null],
    ]);
    expect(written.every((r) => r.last_seen_at.getTime() === at.getTime())).toBe(true);

    const later = new Date(at.getTime() + PRESENCE_WRITE_INTERVAL_MS);
    await sut.seen(agent, ['fly-ams', 'fly-iad'], later);
    written = await rows(agent.agentId);
    expect(written.every((r) => r.last_seen_at.getTime() === later.getTime())).toBe(true);
  });

  it('serves a region while its agent was seen within the window, and names the last one after', async () => {
    const agent = remote();
    const at = new Date(Date.now() + 3_600_000);
    await sut.seen(agent, ['railway-us-west2'], at);
    const now = await of('railway-us-west2', new Date(at.getTime() + SERVING_WINDOW_MS - 1));
    expect(now.agents).toEqual([{ ...agent, lastSeenAt: at }]);
    expect(now.lastSeen).toBeNull();

    const gone = await of('railway-us-west2', new Date(at.getTime() + SERVING_WINDOW_MS + 1));
    expect(gone.agents).toEqual([]);
    expect(gone.lastSeen).toEqual({ ...agent, lastSeenAt: at });

    const forgotten = await of('railway-us-west2', new Date(at.getTime() + 86_400_001));
    expect(forgotten).toEqual({ region: 'railway-us-west2', agents: [], lastSeen: null });
  });

  it('lists the embedded agent first, then remote agents by name', async () => {
    const at = new Date(Date.now() + 7_200_000);
    const embedded: AgentPresence = { kind: 'embedded', agentId: 'web-1', host: 'web-1' };
    await sut.seen({ kind: 'remote', agentId: 'zz-last', host: null }, ['koyeb-par'], at);
    await sut.seen(embedded, ['koyeb-par'], at);
    await sut.seen({ kind: 'remote', agentId: 'aa-first', host: null }, ['koyeb-par'], at);
    expect((await of('koyeb-par', at)).agents.map((a) => a.agentId)).toEqual(['web-1', 'aa-first', 'zz-last']);
  });

  it("records the agents that claim public regions through the work API, never a private location's", async () => {
    const work = new CheckWorkService(
      t.app.get(ResultIngestService),
      t.app.get(SchedulesRepository),
      t.app.get(MonitorsRepository),
      t.app.get(PrivateLocationsRepository),
      t.app.get<AppConfig>(APP_CONFIG),
      sut,
    );
    const name = `claimer-${Date.now()}`;
    await work.claim(
      {
        agentId: `remote-${name}`,
        locations: ['koyeb-sin'],
        privateLocationId: null,
        presence: { kind: 'remote', agentId: name, host: null },
      },
      10,
      0,
    );
    expect((await rows(name)).map((r) => r.region)).toEqual(['koyeb-sin']);
    const before = await t.db.rows<{ count: string }>('SELECT count(*) FROM agent_presence');
    await work.claim({ agentId: 'pl-x', locations: ['private-location:1'], privateLocationId: '1' }, 10, 0);
    expect(await t.db.rows<{ count: string }>('SELECT count(*) FROM agent_presence')).toEqual(before);
  });
});

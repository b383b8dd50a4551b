// The rules of agent presence, on a real database: an agent's claims are written at most once per
// interval; a region is served by the agents seen within the serving window, the embedded one first;
// a region nobody serves names the agent seen last, for a day; agents unseen for a day are forgotten.
import {
  AgentPresenceService,
  PRESENCE_KEPT_MS,
  PRESENCE_WRITE_INTERVAL_MS,
  SERVING_WINDOW_MS,
} from '../../backend/src/agent-presence/agent-presence.service';
import { type AgentPresence } from '../../backend/src/checks/check-types';
import { createTestApp, installer, type TestApp } from '../support/app';

const DAY_MS = 86_400_000;

describe(AgentPresenceService.name, () => {
  let t: TestApp;
  let sut: AgentPresenceService;
  /** Each test lives on days of its own: presence is installation-wide, and the service keeps a day. */
  let days = 0;
  const newDay = () => new Date(Date.UTC(2030, 0, 1) + (days += 10) * DAY_MS);
  const at = (start: Date, ms: number) => new Date(start.getTime() + ms);
  let agents = 0;
  const remote = (name = 'agent'): AgentPresence => ({ kind: 'remote', agentId: `${name}-${++agents}`, host: null });
  const embedded = (): AgentPresence => ({ kind: 'embedded', agentId: `host-${++agents}`, host: `host-${agents}` });

  beforeAll(async () => {
    t = await createTestApp();
    sut = t.app.get(AgentPresenceService);
  });

  afterAll(() => t.close());

  const region = async (name: string, now: Date) => {
    const found = (await sut.regions(installer, now)).find((r) => r.region === name);
    if (!found) throw new Error(`no region ${name}`);
    return found;
  };

  it('serves a region with the agents seen within the window, the embedded one first', async () => {
    const now = newDay();
    const [b, a, host] = [remote('zeta'), remote('alpha'), embedded()];
    await sut.seen(b, ['fly-ams'], now);
    await sut.seen(a, ['fly-ams', 'fly-iad'], now);
    await sut.seen(host, ['fly-ams'], now);
    const ams = await region('fly-ams', at(now, SERVING_WINDOW_MS));
    expect(ams.agents.map((x) => x.agentId)).toEqual([host.agentId, a.agentId, b.agentId]);
    expect(ams.lastSeen).toBeNull();
    expect((await region('fly-iad', now)).agents.map((x) => x.agentId)).toEqual([a.agentId]);
  });

  it('names the agent seen last once nobody serves a region, for a day', async () => {
    const now = newDay();
    const agent = remote();
    await sut.seen(agent, ['fly-ams'], now);
    const after = await region('fly-ams', at(now, SERVING_WINDOW_MS + 1));
    expect(after.agents).toEqual([]);
    expect(after.lastSeen).toMatchObject({ agentId: agent.agentId, lastSeenAt: now });
    expect((await region('fly-ams', at(now, PRESENCE_KEPT_MS + 1))).lastSeen).toBeNull();
  });

  it('writes an agent at most once per interval', async () => {
    const now = newDay();
    const agent = remote();
    await sut.seen(agent, ['fly-ams'], now);
    await sut.seen(agent, ['fly-ams'], at(now, PRESENCE_WRITE_INTERVAL_MS - 1));
    expect((await region('fly-ams', now)).agents[0].lastSeenAt).toEqual(now);
    const next = at(now, PRESENCE_WRITE_INTERVAL_MS);
    await sut.seen(agent, ['fly-ams'], next);
    expect((await region('fly-ams', next)).agents[0].lastSeenAt).toEqual(next);
  });

  it('never moves an agent’s last sighting back', async () => {
    const now = newDay();
    const agent = remote();
    await sut.seen(agent, ['fly-ams'], now);
    await sut.seen(agent, ['fly-ams'], at(now, -PRESENCE_WRITE_INTERVAL_MS));
    expect((await region('fly-ams', now)).agents[0].lastSeenAt).toEqual(now);
  });

  it('forgets agents not seen for a day', async () => {
    const now = newDay();
    const gone = remote();
    await sut.seen(gone, ['fly-ams'], now);
    const later = at(now, PRESENCE_KEPT_MS + DAY_MS);
    await sut.seen(remote(), ['fly-iad'], later);
    // Asked as of the day it was seen, the row would show, were it still kept.
    expect((await region('fly-ams', now)).agents.map((x) => x.agentId)).not.toContain(gone.agentId);
  });

  it('records nothing without an agent or regions', async () => {
    const now = newDay();
    await sut.seen(undefined, ['fly-ams'], now);
    await sut.seen(remote(), [], now);
    expect((await sut.regions(installer, now)).every((r) => r.agents.length === 0 && r.lastSeen === null)).toBe(true);
  });
});

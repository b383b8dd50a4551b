import { planChange } from '../framework/plan';
import { Diagnostics, UNKNOWN, type Obj } from '../framework/types';
import { validateBlock } from '../framework/validate';
import { heartbeatMonitorResource as sut } from './heartbeat-monitor.resource';

const URL = 'https://status.example.com/ping/0b6a3c1e-8f3e-4c36-9d2b-1a2b3c4d5e6f';
const TOKEN = '0b6a3c1e-8f3e-4c36-9d2b-1a2b3c4d5e6f';

/** A configuration: every attribute null (left out) unless given. */
const config = (values: Obj): Obj => ({
  id: null,
  name: 'backup',
  description: null,
  active: null,
  public: null,
  tags: null,
  status: null,
  schedule: null,
  period_seconds: null,
  cron: null,
  time_zone: null,
  grace_seconds: null,
  ping_token: null,
  ping_url: null,
  ...values,
});

/** State after a create (or, with ping_url null, after an import). */
const state = (values: Obj): Obj => ({
  ...config({}),
  id: '7',
  description: null,
  active: false,
  public: false,
  tags: [],
  status: 'unknown',
  schedule: 'period',
  period_seconds: 86400,
  time_zone: 'UTC',
  grace_seconds: 3600,
  ping_url: URL,
  ...values,
});

/** terraform's proposal: the configuration, with computed values it leaves null taken from the prior state. */
function proposal(prior: Obj, next: Obj): Obj {
  const out: Obj = { ...next };
  for (const [name, attribute] of Object.entries(sut.schema.attributes))
    if (attribute.computed && next[name] === null) out[name] = prior[name] ?? null;
  return out;
}

const plan = (prior: Obj | null, next: Obj) =>
  planChange(sut.schema, prior, prior ? proposal(prior, next) : next, next);

function problems(next: Obj): string[] {
  const diags = new Diagnostics();
  validateBlock(sut.schema, next, [], diags);
  sut.validateConfig?.(next, diags);
  return diags.items.map((d) => d.detail ?? d.summary);
}

describe('service_heartbeat_monitor', () => {
  it('plans ping_url unknown on create, and keeps it from state on an update', () => {
    expect(plan(null, config({})).planned.ping_url).toBe(UNKNOWN);
    const update = plan(state({}), config({ grace_seconds: 60 }));
    expect(update.planned).toMatchObject({ ping_url: URL, grace_seconds: 60 });
    expect(update.requiresReplace).toEqual([]);
  });

  it('plans the defaults of the service: period, a day, an hour of grace, UTC', () => {
    expect(plan(null, config({})).planned).toMatchObject({
      schedule: 'period',
      period_seconds: 86400,
      grace_seconds: 3600,
      time_zone: 'UTC',
      active: false,
    });
  });

  it('replaces the monitor when ping_token changes or goes, but not when an import adopts it', () => {
    const created = state({ ping_token: TOKEN });
    expect(plan(created, config({ ping_token: TOKEN })).requiresReplace).toEqual([]);
    expect(plan(created, config({ ping_token: 'another-token-0123456789' })).requiresReplace).toEqual([['ping_token']]);
    expect(plan(created, config({})).requiresReplace).toEqual([['ping_token']]);
    // Made without a token: adding one means a monitor with that URL, a new one.
    expect(plan(state({}), config({ ping_token: TOKEN })).requiresReplace).toEqual([['ping_token']]);
    // Imported: neither token nor URL in state.
    const imported = plan(state({ ping_url: null }), config({ ping_token: TOKEN }));
    expect(imported.requiresReplace).toEqual([]);
    expect(imported.planned).toMatchObject({ ping_token: TOKEN, ping_url: null });
  });

  it('refuses cron without schedule "cron", schedule "cron" without cron, and bad values by name', () => {
    expect(problems(config({ schedule: 'cron', cron: '0 3 * * *', time_zone: 'Europe/Berlin' }))).toEqual([]);
    expect(problems(config({ cron: '0 3 * * *' }))).toEqual([expect.stringContaining('set schedule = "cron"')]);
    expect(problems(config({ schedule: 'cron' }))).toEqual(['cron is required with schedule = "cron".']);
    expect(problems(config({ schedule: 'cron', cron: '0 3 * *' }))).toEqual([
      expect.stringContaining('cron must have five fields'),
    ]);
    expect(problems(config({ time_zone: 'Mars/Olympus' }))).toEqual([
      'time_zone must be an IANA time zone such as "UTC" or "Europe/Berlin"; got "Mars/Olympus".',
    ]);
    expect(problems(config({ period_seconds: 10, grace_seconds: -1 }))).toEqual([
      'period_seconds must be a whole number from 30 to 2678400; got 10.',
      'grace_seconds must be a whole number from 0 to 2678400; got -1.',
    ]);
    expect(problems(config({ ping_token: 'short' }))).toEqual([
      expect.stringContaining('ping_token must be a UUID or 16 to 64 letters'),
    ]);
    // Not known until apply: nothing to judge yet.
    expect(problems(config({ cron: UNKNOWN }))).toEqual([]);
  });
});

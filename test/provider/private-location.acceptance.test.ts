// Acceptance of service_private_location and the service_private_location(s) data sources with the
// real terraform binary against the real server: create (the agent token an output), a clean plan,
// import into a fresh state, update in place (monitor_ids and metadata removed from the configuration
// are cleared), drift made through the RPC API, deletion outside terraform, destroy; and bad input.
import { Code } from '@connectrpc/connect';
import { Periodicity } from '@uptime/proto/gen/monitor/v1/common_pb.js';
import {
  describeWithTerraform,
  PROVIDER_BLOCK,
  startProviderFixture,
  type ProviderFixture,
  type Workdir,
} from './support/terraform';

/** Any RFC 3339 timestamp in UTC, as the provider writes them. */
const RFC3339: unknown = expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z$/);

interface Version {
  eu: string;
  bare: string;
}

const v1 = (monitors: string[]): Version => ({
  eu: `
  name        = "EU DC"
  monitor_ids = [${monitors.map((m) => `"${m}"`).join(', ')}]

  metadata = {
    env    = "prod"
    region = "eu-west-1"
  }`,
  bare: `
  name = "Bare"`,
});

/** monitor_ids and metadata dropped from eu (cleared); bare gains labels. */
const V2: Version = {
  eu: `
  name = "EU datacenter"`,
  bare: `
  name     = "Bare"
  metadata = { tier = "lab" }`,
};

function config(v: Version, extra = ''): string {
  return `${PROVIDER_BLOCK}
resource "service_private_location" "eu" {
${v.eu}
}

resource "service_private_location" "bare" {
${v.bare}
}

data "service_private_location" "eu" {
  id = service_private_location.eu.id
}

data "service_private_locations" "all" {
  depends_on = [service_private_location.eu, service_private_location.bare]
}

data "service_private_locations" "second" {
  limit      = 1
  offset     = 1
  depends_on = [service_private_location.eu, service_private_location.bare]
}

output "token" {
  value     = service_private_location.eu.token
  sensitive = true
}

output "eu" {
  value     = data.service_private_location.eu
  sensitive = true
}

output "all" {
  value = data.service_private_locations.all
}

output "second" {
  value = data.service_private_locations.second
}
${extra}`;
}

const ADDRESSES = { eu: 'service_private_location.eu', bare: 'service_private_location.bare' } as const;
type Name = keyof typeof ADDRESSES;

describeWithTerraform('service_private_location resource and data sources (terraform)', () => {
  let fx: ProviderFixture;
  let wd: Workdir;
  let bad: Workdir;
  let monitors: string[];
  let token: string;
  const ids = {} as Record<Name, string>;

  const get = async (id: string) => {
    const res = await fx.rpc.privateLocations.getPrivateLocation({ id });
    if (!res.privateLocation) throw new Error(`no private location ${id}`);
    return res.privateLocation;
  };

  beforeAll(async () => {
    fx = await startProviderFixture();
    monitors = [];
    for (const name of ['a', 'b']) {
      const m = await fx.rpc.monitors.createHTTPMonitor({
        monitor: { name, url: `https://${name}.example.com`, periodicity: Periodicity.PERIODICITY_5M },
      });
      monitors.push(m.monitor?.id ?? '');
    }
    bad = await fx.workdir({ 'main.tf': PROVIDER_BLOCK });
  }, 180_000);

  afterAll(async () => {
    await fx?.close();
  });

  it('creates two locations with their agent tokens, and a second plan shows no changes', async () => {
    wd = await fx.workdir({ 'main.tf': config(v1(monitors)) });
    await wd.apply();
    const state = await wd.state();
    for (const name of Object.keys(ADDRESSES) as Name[]) ids[name] = String(state[ADDRESSES[name]]?.id);
    expect(state[ADDRESSES.eu]).toMatchObject({
      name: 'EU DC',
      monitor_ids: [...monitors].sort(),
      metadata: { env: 'prod', region: 'eu-west-1' },
      created_at: RFC3339,
    });
    expect(state[ADDRESSES.bare]).toMatchObject({ monitor_ids: null, metadata: null });
    token = String(state[ADDRESSES.eu]?.token);
    expect(token).toMatch(/^svc_plt_[A-Za-z0-9]{40}$/);
    expect((await wd.outputs()).token).toEqual({ value: token, sensitive: true, type: 'string' });
    expect((await get(ids.eu)).monitorIds).toEqual([...monitors].sort());

    expect((await wd.plan()).stdout).toContain('No changes.');
  });

  it('reads one location with its health and token, and pages through the list', async () => {
    const out = await wd.outputs();
    expect(out.eu?.value).toEqual({
      id: ids.eu,
      name: 'EU DC',
      monitor_ids: [...monitors].sort(),
      metadata: { env: 'prod', region: 'eu-west-1' },
      status: 'unknown',
      last_seen_at: null,
      token,
      created_at: RFC3339,
      updated_at: RFC3339,
    });
    const all = out.all?.value as { limit: number; offset: number; private_locations: Record<string, unknown>[] };
    expect([all.limit, all.offset]).toEqual([50, 0]);
    // Terraform creates the two at once: their order in the list is the service's (newest first).
    const byId = new Map(all.private_locations.map((p) => [p.id, p]));
    expect(all.private_locations).toHaveLength(2);
    expect(byId.get(ids.bare)).toEqual({
      id: ids.bare,
      name: 'Bare',
      metadata: {},
      status: 'unknown',
      last_seen_at: null,
      monitor_count: 0,
      created_at: RFC3339,
      updated_at: RFC3339,
    });
    expect(byId.get(ids.eu)).toMatchObject({
      name: 'EU DC',
      monitor_count: 2,
      metadata: { env: 'prod', region: 'eu-west-1' },
    });
    const second = out.second?.value as { private_locations: { id: string }[] };
    expect(second.private_locations.map((p) => p.id)).toEqual([all.private_locations[1]?.id]);
  });

  it('imports both into a fresh state, token included, with no changes planned', async () => {
    const imports = (Object.keys(ADDRESSES) as Name[])
      .map((n) => `import {\n  to = ${ADDRESSES[n]}\n  id = "${ids[n]}"\n}\n`)
      .join('\n');
    const fresh = await fx.workdir({ 'main.tf': config(v1(monitors), imports) });
    const plan = await fresh.plan();
    expect(plan.stdout).toContain('Plan: 2 to import, 0 to add, 0 to change, 0 to destroy.');
    await fresh.apply();
    expect((await fresh.state())[ADDRESSES.eu]?.token).toBe(token);
    expect((await fresh.plan()).stdout).toContain('No changes.');
  });

  it('updates in place, clearing monitor_ids and metadata removed from the configuration, the token kept', async () => {
    wd.write({ 'main.tf': config(V2) });
    const applied = await wd.apply();
    expect(applied.stdout).toContain('0 added, 2 changed, 0 destroyed');
    const eu = await get(ids.eu);
    expect([eu.name, eu.monitorIds, eu.metadata]).toEqual(['EU datacenter', [], {}]);
    expect((await get(ids.bare)).metadata).toEqual({ tier: 'lab' });
    const state = await wd.state();
    expect(state[ADDRESSES.eu]).toMatchObject({ monitor_ids: null, metadata: null, token });
    expect((await wd.plan()).stdout).toContain('No changes.');
  });

  it('shows a change made through the RPC API as drift, recreates a location deleted outside, and destroys everything', async () => {
    await fx.rpc.privateLocations.updatePrivateLocation({
      id: ids.eu,
      privateLocation: { name: 'renamed outside', monitorIds: [monitors[0] ?? ''] },
      updateMask: { paths: ['name', 'monitor_ids'] },
    });
    await fx.rpc.privateLocations.deletePrivateLocation({ id: ids.bare });

    const plan = await wd.plan();
    expect(plan.stdout).toMatch(/~ name\s+= "renamed outside" -> "EU datacenter"/);
    expect(plan.stdout).toContain('- monitor_ids');
    expect(plan.stdout).toContain('Plan: 1 to add, 1 to change, 0 to destroy.');
    await wd.apply();
    const eu = await get(ids.eu);
    expect([eu.name, eu.monitorIds]).toEqual(['EU datacenter', []]);
    const recreated = String((await wd.state())[ADDRESSES.bare]?.id);
    expect(recreated).not.toBe(ids.bare);
    expect((await wd.plan()).stdout).toContain('No changes.');

    await wd.destroy();
    expect((await fx.rpc.privateLocations.listPrivateLocations({})).totalSize).toBe(0);
    for (const id of [ids.eu, recreated]) {
      await expect(fx.rpc.privateLocations.getPrivateLocation({ id })).rejects.toMatchObject({ code: Code.NotFound });
    }
  });

  it('refuses bad names, metadata and list bounds at validation, naming the attribute', async () => {
    const labels = Array.from({ length: 51 }, (_, i) => `    k${i} = "v"`).join('\n');
    bad.write({
      'main.tf': `${PROVIDER_BLOCK}
resource "service_private_location" "bad" {
  name = ""

  metadata = {
${labels}
  }
}

data "service_private_locations" "bad" {
  limit = 101
}
`,
    });
    const run = await bad.run(['plan', '-no-color', '-input=false']);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('Error: Invalid name');
    expect(run.stderr).toContain('Error: Invalid metadata');
    expect(run.stderr).toContain('must have at most 50 entries; got 51');
    expect(run.stderr).toContain('Error: Invalid limit');
    expect((await fx.rpc.privateLocations.listPrivateLocations({})).totalSize).toBe(0);
  });
});

// A configuration written in the shapes of the public OpenStatus provider, with the `openstatus_`
// prefix renamed to `service_` (and the spec's values where they differ, e.g. `ip-restriction`):
// nested `headers {}` blocks, the four assertion kinds, `open_telemetry {}`, a notification's
// `slack {}` block and a webhook's `headers = [{...}]`, `custom_theme = { light, dark }`, a private
// location's `metadata` map and the list data sources with limit/offset. It validates, plans, applies,
// plans clean a second time, and destroys, leaving the workspace empty.
import { describeWithTerraform, PROVIDER_BLOCK, startProviderFixture, type ProviderFixture } from './support/terraform';

const CONFIG = `${PROVIDER_BLOCK}
resource "service_http_monitor" "api" {
  name        = "Orders API"
  description = "Order intake on this machine."
  url         = "http://127.0.0.1:9/orders/health"
  periodicity = "5m"
  method      = "POST"
  body        = "{\\"probe\\":true}"
  timeout     = 30000
  active      = false
  regions     = ["fly-iad", "fly-ams", "fly-syd"]

  headers {
    key   = "Content-Type"
    value = "application/json"
  }

  headers {
    key   = "X-Probe"
    value = "terraform"
  }

  status_code_assertions {
    target     = 200
    comparator = "eq"
  }

  status_code_assertions {
    target     = 500
    comparator = "lt"
  }

  body_assertions {
    target     = "accepted"
    comparator = "contains"
  }

  header_assertions {
    key        = "content-type"
    target     = "json"
    comparator = "contains"
  }

  open_telemetry {
    endpoint = "http://127.0.0.1:4318/v1/metrics"

    headers {
      key   = "X-Collector-Tenant"
      value = "orders"
    }
  }
}

resource "service_dns_monitor" "resolver" {
  name        = "Resolver"
  uri         = "localhost"
  periodicity = "10m"
  regions     = ["koyeb-fra"]

  record_assertions {
    record     = "A"
    target     = "127.0.0.1"
    comparator = "eq"
  }
}

resource "service_tcp_monitor" "queue" {
  name        = "Queue"
  uri         = "127.0.0.1:5672"
  periodicity = "1m"
  retry       = 1
}

resource "service_icmp_monitor" "gateway" {
  name        = "Gateway"
  uri         = "127.0.0.1"
  periodicity = "30m"
}

resource "service_notification" "chat" {
  name          = "Team chat"
  provider_type = "slack"
  monitor_ids   = [service_http_monitor.api.id, service_tcp_monitor.queue.id]

  slack {
    webhook_url = "http://127.0.0.1:9/slack/hook"
  }
}

resource "service_notification" "hook" {
  name          = "Incident bridge"
  provider_type = "webhook"
  monitor_ids   = [service_dns_monitor.resolver.id]

  webhook {
    endpoint = "http://127.0.0.1:9/incidents"
    headers = [
      { key = "Authorization", value = "Bearer bridge-token" },
      { key = "X-Origin", value = "uptime" },
    ]
  }
}

resource "service_status_page" "public" {
  title          = "Orders status"
  slug           = "orders-status"
  description    = "Order intake and its dependencies."
  homepage_url   = "http://127.0.0.1:8080/"
  contact_url    = "http://127.0.0.1:8080/contact"
  default_locale = "en"
  locales        = ["en", "fr"]
  allow_index    = true

  custom_theme = {
    light = {
      "--primary" = "hsl(210 90% 40%)"
      "--radius"  = "0.5rem"
    }
    dark = {
      "--primary"    = "hsl(210 90% 60%)"
      "--background" = "hsl(220 15% 8%)"
    }
  }
}

resource "service_status_page" "office" {
  title             = "Office status"
  slug              = "office-status"
  access_type       = "ip-restriction"
  allowed_ip_ranges = "10.0.0.0/8,192.168.0.0/16"
}

resource "service_status_page_component_group" "backend" {
  page_id = service_status_page.public.id
  name    = "Backend"
}

resource "service_status_page_component" "api" {
  page_id     = service_status_page.public.id
  type        = "monitor"
  monitor_id  = service_http_monitor.api.id
  name        = "Orders API"
  group_id    = service_status_page_component_group.backend.id
  group_order = 1
  order       = 1
}

resource "service_status_page_component" "support" {
  page_id = service_status_page.public.id
  type    = "static"
  name    = "Support"
  order   = 2
}

resource "service_private_location" "dc" {
  name        = "Frankfurt rack"
  monitor_ids = [service_tcp_monitor.queue.id]

  metadata = {
    env  = "prod"
    rack = "b12"
  }
}

output "agent_token" {
  value     = service_private_location.dc.token
  sensitive = true
}

data "service_monitors" "page" {
  limit      = 2
  offset     = 1
  depends_on = [service_http_monitor.api, service_dns_monitor.resolver, service_tcp_monitor.queue, service_icmp_monitor.gateway]
}

data "service_private_locations" "all" {
  limit      = 10
  offset     = 0
  depends_on = [service_private_location.dc]
}

data "service_monitor" "api" {
  id = service_http_monitor.api.id
}

data "service_notification" "chat" {
  id = service_notification.chat.id
}

data "service_status_page" "public" {
  id = service_status_page.public.id
}

data "service_private_location" "dc" {
  id = service_private_location.dc.id
}

output "monitor_page" {
  value = length(data.service_monitors.page.monitors)
}

output "location_names" {
  value = [for l in data.service_private_locations.all.private_locations : l.name]
}

output "read_back" {
  value = {
    monitor_type      = data.service_monitor.api.type
    monitor_url       = data.service_monitor.api.url
    channel_type      = data.service_notification.chat.provider_type
    channel_monitors  = length(data.service_notification.chat.monitor_ids)
    page_slug         = data.service_status_page.public.slug
    location_metadata = data.service_private_location.dc.metadata
  }
}
`;

describeWithTerraform('a configuration in the OpenStatus provider shapes', () => {
  let fixture: ProviderFixture;

  beforeAll(async () => {
    fixture = await startProviderFixture();
  });

  afterAll(async () => {
    await fixture?.close();
  });

  it('validates, plans, applies, plans clean and destroys', async () => {
    const wd = await fixture.workdir({ 'main.tf': CONFIG });
    const validate = await wd.run(['validate', '-no-color']);
    expect([validate.code, validate.stderr]).toEqual([0, '']);

    const first = await wd.plan();
    expect(first.changes).toBe(true);
    expect(first.stdout).toContain('Plan: 12 to add, 0 to change, 0 to destroy.');

    const apply = await wd.apply();
    expect(apply.stdout).toContain('Apply complete! Resources: 12 added, 0 changed, 0 destroyed.');

    const second = await wd.plan();
    expect([second.changes, second.stdout]).toEqual([false, expect.stringContaining('No changes.')]);

    const outputs = await wd.outputs();
    expect(outputs.monitor_page.value).toBe(2);
    expect(outputs.location_names.value).toEqual(['Frankfurt rack']);
    expect(outputs.read_back.value).toEqual({
      monitor_type: 'http',
      monitor_url: 'http://127.0.0.1:9/orders/health',
      channel_type: 'slack',
      channel_monitors: 2,
      page_slug: 'orders-status',
      location_metadata: { env: 'prod', rack: 'b12' },
    });
    expect(outputs.agent_token.sensitive).toBe(true);
    expect(outputs.agent_token.value).toEqual(expect.any(String));

    // What the service holds, through its own API.
    const state = await wd.state();
    const httpId = String(state['service_http_monitor.api'].id);
    const got = await fixture.rpc.monitors.getMonitor({ id: httpId });
    const http = got.monitor?.config.case === 'http' ? got.monitor.config.value : null;
    expect(http?.headers.map((h) => h.key)).toEqual(['Content-Type', 'X-Probe']);
    expect(http?.statusCodeAssertions).toHaveLength(2);
    expect(http?.openTelemetry?.endpoint).toBe('http://127.0.0.1:4318/v1/metrics');
    const page = await fixture.rpc.statusPages.getStatusPage({ id: String(state['service_status_page.public'].id) });
    expect(page.statusPage?.customTheme?.dark).toEqual({
      '--primary': 'hsl(210 90% 60%)',
      '--background': 'hsl(220 15% 8%)',
    });
    const location = await fixture.rpc.privateLocations.getPrivateLocation({
      id: String(state['service_private_location.dc'].id),
    });
    expect(location.privateLocation?.metadata).toEqual({ env: 'prod', rack: 'b12' });

    await wd.destroy();
    expect((await fixture.rpc.monitors.listMonitors({})).totalSize).toBe(0);
    expect((await fixture.rpc.notifications.listNotifications({})).notifications).toHaveLength(0);
    expect((await fixture.rpc.statusPages.listStatusPages({})).statusPages).toHaveLength(0);
    expect((await fixture.rpc.privateLocations.listPrivateLocations({})).privateLocations).toHaveLength(0);
  });
});

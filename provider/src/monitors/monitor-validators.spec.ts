import { Diagnostics, UNKNOWN, type Attribute, type Path, type Value } from '../framework/types';
import { dnsMonitorResource } from './dns-monitor.resource';
import { heartbeatMonitorResource } from './heartbeat-monitor.resource';
import { httpMonitorResource } from './http-monitor.resource';
import { icmpMonitorResource } from './icmp-monitor.resource';
import { isHostPort, isHostname, isHost } from './monitor-validators';
import { tcpMonitorResource } from './tcp-monitor.resource';
import { tlsMonitorResource } from './tls-monitor.resource';

/** The diagnostics an attribute's validators give for one value at `path`. */
function check(attribute: Attribute | undefined, value: Value, path: Path): Diagnostics {
  const diags = new Diagnostics();
  for (const validate of attribute?.validators ?? []) validate(value, path, diags);
  return diags;
}

const http = httpMonitorResource.schema;
const headerAttrs = http.blocks?.headers?.block.attributes ?? {};

describe('monitor validators', () => {
  it('accepts the uri forms the service accepts', () => {
    expect(isHostPort('db.example.com:5432')).toBe(true);
    expect(isHostPort('[2001:db8::1]:443')).toBe(true);
    expect(isHostPort('192.0.2.1:65535')).toBe(true);
    expect(isHostPort('db.example.com')).toBe(false);
    expect(isHostPort('db.example.com:0')).toBe(false);
    expect(isHostPort('2001:db8::1:443')).toBe(false);
    expect(isHostname('example.com')).toBe(true);
    expect(isHostname('https://example.com')).toBe(false);
    expect(isHost('2001:db8::1')).toBe(true);
    expect(isHost('example.com:80')).toBe(false);
  });

  it('reports bounds of SPEC 8 on the attribute path', () => {
    const timeout = check(http.attributes.timeout, 200000, ['timeout']);
    expect(timeout.items).toHaveLength(1);
    expect(timeout.items[0]?.path).toEqual(['timeout']);
    expect(timeout.items[0]?.detail).toMatch(/0 to 120000; got 200000/);
    expect(check(http.attributes.name, 'x'.repeat(300), ['name']).items[0]?.detail).toMatch(
      /1 to 256 characters; got 300/,
    );
    expect(check(http.attributes.retry, 11, ['retry']).hasErrors()).toBe(true);
    const quorum = check(http.attributes.alert_quorum, 101, ['alert_quorum']);
    expect(quorum.items[0]?.path).toEqual(['alert_quorum']);
    expect(quorum.items[0]?.detail).toMatch(/0 to 100; got 101/);
    expect(check(http.attributes.alert_quorum, 100, ['alert_quorum']).hasErrors()).toBe(false);
    expect(check(http.attributes.alert_quorum, 1.5, ['alert_quorum']).hasErrors()).toBe(true);
    const tags = check(http.attributes.tags, ['ok', 't'.repeat(65), ' x'], ['tags']);
    expect(tags.items.map((d) => [d.path, d.detail])).toEqual([
      [['tags', 1], 'tags[1] must be 1 to 64 characters; got 65.'],
      [['tags', 2], 'tags[2] must not start or end with spaces.'],
    ]);
    expect(
      check(
        http.attributes.tags,
        Array.from({ length: 21 }, (_, i) => `t${i}`),
        ['tags'],
      ).hasErrors(),
    ).toBe(true);
    expect(check(http.attributes.description, 'd'.repeat(1025), ['description']).hasErrors()).toBe(true);
    expect(check(http.attributes.url, 'ftp://example.com', ['url']).hasErrors()).toBe(true);
    expect(check(http.attributes.url, `https://example.com/${'a'.repeat(2048)}`, ['url']).hasErrors()).toBe(true);
    expect(check(http.attributes.method, 'FETCH', ['method']).hasErrors()).toBe(true);
    expect(check(http.attributes.periodicity, '2m', ['periodicity']).hasErrors()).toBe(true);
    const region = check(http.attributes.regions, ['fly-ams', 'mars-1'], ['regions']);
    expect(region.items[0]?.path).toEqual(['regions', 1]);
    expect(check(http.attributes.regions, [], ['regions']).hasErrors()).toBe(true);
    expect(check(headerAttrs.value, '', ['headers', 0, 'value']).hasErrors()).toBe(true);
  });

  describe('the alerting policy, on every monitor resource with the bounds of the service', () => {
    const resources = [
      httpMonitorResource,
      tcpMonitorResource,
      dnsMonitorResource,
      icmpMonitorResource,
      tlsMonitorResource,
      heartbeatMonitorResource,
    ];
    const bounds: Array<[string, number, number]> = [
      ['failure_threshold', 1, 100],
      ['failure_seconds', 0, 86400],
      ['recovery_threshold', 1, 100],
      ['reminder_interval_minutes', 0, 10080],
      ['reminder_limit', 1, 1000],
    ];

    it.each(resources.map((r) => [r.typeName, r] as const))('%s: whole numbers within the bounds', (_, resource) => {
      for (const [name, min, max] of bounds) {
        const attribute = resource.schema.attributes[name];
        expect([name, attribute?.optional, attribute?.computed]).toEqual([name, true, true]);
        const below = check(attribute, min - 1, [name]);
        expect(below.items.map((d) => [d.path, d.detail])).toEqual([
          [[name], `${name} must be a whole number from ${min} to ${max}; got ${min - 1}.`],
        ]);
        expect(check(attribute, max + 1, [name]).hasErrors()).toBe(true);
        expect(check(attribute, 1.5, [name]).hasErrors()).toBe(true);
        expect(check(attribute, min, [name]).hasErrors()).toBe(false);
        expect(check(attribute, max, [name]).hasErrors()).toBe(false);
      }
    });

    it.each(resources.map((r) => [r.typeName, r] as const))(
      '%s: parent ids and the escalation policy id are ids; at most 20 parents',
      (_, resource) => {
        const parents = resource.schema.attributes.parent_monitor_ids;
        expect(parents?.type).toEqual(['set', 'string']);
        const bad = check(parents, ['12', 'router', UNKNOWN], ['parent_monitor_ids']);
        expect(bad.items.map((d) => d.path)).toEqual([['parent_monitor_ids', 1]]);
        expect(bad.items[0]?.detail).toMatch(/parent_monitor_ids\[1\] must be a monitor id .*; got "router"/);
        const many = check(
          parents,
          Array.from({ length: 21 }, (_, i) => String(i + 1)),
          ['parent_monitor_ids'],
        );
        expect(many.items[0]?.detail).toBe('parent_monitor_ids must have at most 20 entries; got 21.');
        expect(check(parents, ['1', '99'], ['parent_monitor_ids']).hasErrors()).toBe(false);
        const policy = resource.schema.attributes.escalation_policy_id;
        expect(check(policy, '', ['escalation_policy_id']).items[0]?.path).toEqual(['escalation_policy_id']);
        expect(check(policy, '0', ['escalation_policy_id']).hasErrors()).toBe(true);
        expect(check(policy, '7', ['escalation_policy_id']).hasErrors()).toBe(false);
      },
    );
  });

  it('limits headers and assertions to the counts of SPEC 8', () => {
    expect(http.blocks?.headers?.maxItems).toBe(20);
    for (const block of ['status_code_assertions', 'body_assertions', 'header_assertions'])
      expect(http.blocks?.[block]?.maxItems).toBe(10);
    expect(dnsMonitorResource.schema.blocks?.record_assertions?.maxItems).toBe(10);
    const target = http.blocks?.status_code_assertions?.block.attributes.target;
    expect(check(target, 99, ['status_code_assertions', 0, 'target']).hasErrors()).toBe(true);
    expect(check(target, 599, ['status_code_assertions', 0, 'target']).hasErrors()).toBe(false);
  });

  it('refuses a name or target the service would store trimmed (a perpetual diff otherwise)', () => {
    expect(check(http.attributes.name, ' api', ['name']).items[0]?.detail).toMatch(/must not start or end with spaces/);
    expect(check(tcpMonitorResource.schema.attributes.uri, 'h:80 ', ['uri']).hasErrors()).toBe(true);
  });

  it('checks each kind of uri in its own form', () => {
    expect(check(tcpMonitorResource.schema.attributes.uri, 'example.com', ['uri']).hasErrors()).toBe(true);
    expect(check(tcpMonitorResource.schema.attributes.uri, 'example.com:443', ['uri']).hasErrors()).toBe(false);
    expect(check(dnsMonitorResource.schema.attributes.uri, 'example.com:53', ['uri']).hasErrors()).toBe(true);
    expect(check(icmpMonitorResource.schema.attributes.uri, '192.0.2.1:7', ['uri']).hasErrors()).toBe(true);
    expect(check(icmpMonitorResource.schema.attributes.uri, '192.0.2.1', ['uri']).hasErrors()).toBe(false);
  });

  it('describes every attribute for the docs', () => {
    for (const resource of [httpMonitorResource, tcpMonitorResource, dnsMonitorResource, icmpMonitorResource]) {
      for (const [name, attribute] of Object.entries(resource.schema.attributes))
        expect([name, attribute.description.length > 10]).toEqual([name, true]);
    }
  });
});

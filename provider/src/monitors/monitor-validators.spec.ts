import { Diagnostics, type Attribute, type Path, type Value } from '../framework/types';
import { dnsMonitorResource } from './dns-monitor.resource';
import { httpMonitorResource } from './http-monitor.resource';
import { icmpMonitorResource } from './icmp-monitor.resource';
import { isHostPort, isHostname, isHost } from './monitor-validators';
import { tcpMonitorResource } from './tcp-monitor.resource';

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

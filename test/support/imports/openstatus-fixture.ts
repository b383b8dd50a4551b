// An OpenStatus monitors-as-code file (openstatus.yaml, the format `openstatus monitors import` writes
// and `openstatus monitors apply` reads: a map from a monitor key to a monitor), written here after
// the format's public schema, pointed at loopback targets a test starts. Routes are those of
// test/support/loopback.ts `startHttpTarget`.
//
// What it holds, and what a check of each gives in OpenStatus (and so must give once imported):
// - orders-api: HTTP GET with every assertion kind (statusCode, textBody, header), a credential
//   header, OpenTelemetry export with a credential header, four regions of three providers. Passes.
// - webhook: HTTP POST with a body, followRedirects false, the other comparisons (not_eq, lt,
//   not_contains, not_empty), paused (active: false). Passes.
// - broken: expects 200 from a route answering 503. Fails.
// - wrong-body: expects a text the body does not hold. Fails.
// - database: TCP to an open port. Passes.
// - closed-port: TCP to a closed port. Fails.
// - legacy: values with no exact equivalent: a frequency between two allowed ones, retired regions and
//   `private`, retry and timeout beyond the bounds here, a `contains` on a status code and an
//   assertion kind OpenStatus does not have. Its mappable assertion passes.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export interface OpenStatusFixtureTargets {
  /** Base URL of an HTTP loopback target (startHttpTarget), e.g. http://127.0.0.1:41234. */
  http: string;
  /** A port that accepts connections. */
  tcpOpen: { host: string; port: number };
  /** A port nothing listens on. */
  tcpClosed: { host: string; port: number };
}

/** Credentials in the fixture: an import must store them sealed, never in the clear. */
export const OPENSTATUS_FIXTURE_SECRETS = {
  authorization: 'Bearer os-fixture-9f3c1e7a52b84d06',
  otelHeader: 'otel-fixture-key-4b7e2d9a1c',
} as const;

/** The monitor keys, in file order, with whether the source's check would pass against the targets. */
export const OPENSTATUS_FIXTURE_MONITORS = {
  'orders-api': { kind: 'http', passes: true },
  webhook: { kind: 'http', passes: true },
  broken: { kind: 'http', passes: false },
  'wrong-body': { kind: 'http', passes: false },
  database: { kind: 'tcp', passes: true },
  'closed-port': { kind: 'tcp', passes: false },
  legacy: { kind: 'http', passes: true },
} as const;

const q = (text: string) => JSON.stringify(text);

export function openStatusYaml(t: OpenStatusFixtureTargets): string {
  return `# yaml-language-server: $schema=https://www.openstatus.dev/schema.json

orders-api:
  name: "Orders API"
  description: "Order intake, checked from three providers."
  kind: http
  active: true
  public: true
  frequency: 1m
  timeout: 10000
  degradedAfter: 3000
  retry: 2
  regions:
    - iad
    - fra
    - koyeb_par
    - railway_europe-west4-drams3a
  request:
    url: ${q(`${t.http}/headers`)}
    method: GET
    headers:
      User-Agent: OpenStatus
      Authorization: ${q(OPENSTATUS_FIXTURE_SECRETS.authorization)}
  assertions:
    - kind: statusCode
      compare: eq
      target: 200
    - kind: textBody
      compare: contains
      target: "ok"
    - kind: header
      compare: eq
      key: x-version
      target: "42"
    - kind: header
      compare: contains
      key: content-type
      target: "text/html"
  openTelemetry:
    endpoint: "http://127.0.0.1:4318/v1/metrics"
    headers:
      x-collector-key: ${q(OPENSTATUS_FIXTURE_SECRETS.otelHeader)}

webhook:
  name: "Webhook intake"
  kind: http
  active: false
  frequency: 10m
  regions: [iad]
  request:
    url: ${q(`${t.http}/echo`)}
    method: POST
    followRedirects: false
    headers:
      Content-Type: application/json
    body: '{"probe": true}'
  assertions:
    - kind: statusCode
      compare: lt
      target: 300
    - kind: statusCode
      compare: not_eq
      target: 500
    - kind: textBody
      compare: contains
      target: "POST"
    - kind: textBody
      compare: not_contains
      target: "error"
    - kind: header
      compare: not_empty
      key: content-type
      target: ""

broken:
  name: "Broken service"
  kind: http
  active: true
  frequency: 5m
  regions: [ams]
  request:
    url: ${q(`${t.http}/status/503`)}
    method: GET
  assertions:
    - kind: statusCode
      compare: eq
      target: 200

wrong-body:
  name: "Greeting"
  kind: http
  active: true
  frequency: 30s
  regions: [sin, syd]
  request:
    url: ${q(`${t.http}/`)}
  assertions:
    - kind: textBody
      compare: contains
      target: "goodbye"

database:
  name: "Database TCP"
  description: "Is the database reachable?"
  kind: tcp
  active: true
  frequency: 5m
  timeout: 5000
  regions: [iad, fra]
  request:
    host: ${q(t.tcpOpen.host)}
    port: ${t.tcpOpen.port}

closed-port:
  name: "Closed port"
  kind: tcp
  active: true
  frequency: 1h
  regions: [koyeb_was]
  request:
    host: ${q(t.tcpClosed.host)}
    port: ${t.tcpClosed.port}

legacy:
  name: "Legacy checks"
  kind: http
  active: true
  frequency: 2m
  retry: 15
  timeout: 200000
  regions: [ams, atl, hkg, private]
  request:
    url: ${q(`${t.http}/status/200`)}
    method: GET
  assertions:
    - kind: statusCode
      compare: eq
      target: 200
    - kind: statusCode
      compare: contains
      target: 20
    - kind: jsonBody
      compare: eq
      target: "ok"
`;
}

/** Not YAML at all: a mapping whose value is left open. */
export const OPENSTATUS_NOT_YAML = `orders-api:
  name: "Orders API
  kind: http
    request: {url: [
`;

/** YAML, but another tool's configuration (Gatus's endpoints list), not an OpenStatus monitors file. */
export const OPENSTATUS_NOT_FORMAT = `endpoints:
  - name: website
    url: "http://127.0.0.1:9/"
    interval: 5m
    conditions:
      - "[STATUS] == 200"
`;

/** Writes the three files into `dir`; answers their paths. */
export function writeOpenStatusFixture(
  dir: string,
  targets: OpenStatusFixtureTargets,
): { file: string; notYaml: string; notFormat: string } {
  mkdirSync(dir, { recursive: true });
  const paths = {
    file: join(dir, 'openstatus.yaml'),
    notYaml: join(dir, 'broken.yaml'),
    notFormat: join(dir, 'gatus.yaml'),
  };
  writeFileSync(paths.file, openStatusYaml(targets));
  writeFileSync(paths.notYaml, OPENSTATUS_NOT_YAML);
  writeFileSync(paths.notFormat, OPENSTATUS_NOT_FORMAT);
  return paths;
}

// Gatus configurations for the importer's tests (issue 30), written here after Gatus's documented
// format (README: endpoints, conditions, alerting, external-endpoints, maintenance, ui), using every
// condition kind the importer maps, with `${VAR}` references Gatus substitutes from its environment.
// The targets are parameters, so a test points the endpoints at servers it starts on loopback; the
// secrets are fixed values a test can look for in stored rows (they must not be there in the clear).
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** Servers a test starts on 127.0.0.1 for the endpoints to check. */
export interface GatusTargets {
  /**
   * `http://127.0.0.1:<port>` of a server answering GET /health with GATUS_HEALTH_BODY (JSON), /ready
   * with a body containing `ready`, and /status/<code> with that status.
   */
  httpBase: string;
  /** `https://127.0.0.1:<port>` of the same routes over TLS with a self-signed certificate. */
  httpsBase: string;
  /** `127.0.0.1:<port>` of a listening TCP port. */
  tcpOpen: string;
  /** `127.0.0.1:<port>` where nothing listens. */
  tcpClosed: string;
  /** `127.0.0.1:<port>` of a TLS server. */
  tlsAddress: string;
  /** `127.0.0.1:<port>` of a DNS server answering GATUS_DNS_NAME with GATUS_DNS_ADDRESS (A). */
  dnsServer: string;
  /** `127.0.0.1:<port>` of a plaintext gRPC server whose health service answers SERVING. */
  grpcAddress: string;
}

/** What /health answers: every [BODY] condition of the fixture holds on it. */
export const GATUS_HEALTH_BODY = {
  status: 'UP',
  version: '1.4.2',
  items: [1, 2, 3],
  data: [{ id: 4, name: 'primary' }],
};
export const GATUS_DNS_NAME = 'shop.test';
export const GATUS_DNS_ADDRESS = '127.0.0.10';

/** Credentials the configuration takes from its environment. */
export const GATUS_SECRETS = {
  apiToken: 'api-token-7d1f0c8b2e4a4b19',
  slackWebhook: 'http://127.0.0.1:9/services/T000/B000/slack-secret-4f1e9a',
  pagerdutyKey: 'pd-integration-key-5c2d8e7f9a1b',
  discordWebhook: 'http://127.0.0.1:9/api/webhooks/123/discord-secret-8b3c',
  pushToken: 'push-token-0123456789abcdef',
} as const;

/** The environment the configuration reads (TRACE_ID is left unset on purpose). */
export function gatusEnv(targets: GatusTargets): Record<string, string> {
  return {
    API_BASE: targets.httpBase,
    SECURE_BASE: targets.httpsBase,
    API_TOKEN: GATUS_SECRETS.apiToken,
    TCP_OPEN: targets.tcpOpen,
    TCP_CLOSED: targets.tcpClosed,
    TLS_ADDRESS: targets.tlsAddress,
    DNS_SERVER: targets.dnsServer,
    GRPC_ADDRESS: targets.grpcAddress,
    SLACK_WEBHOOK_URL: GATUS_SECRETS.slackWebhook,
    PAGERDUTY_KEY: GATUS_SECRETS.pagerdutyKey,
    DISCORD_WEBHOOK_URL: GATUS_SECRETS.discordWebhook,
    PUSH_TOKEN: GATUS_SECRETS.pushToken,
  };
}

/**
 * A configuration using every condition kind: status (==, <, any, pat), body whole and by path (pat
 * as contains and as a pattern, any, len, has), response time, certificate expiry, connected, DNS
 * rcode and answer, plus what has no equivalent ([IP], [DOMAIN_EXPIRATION], udp://, ssh://).
 */
export function gatusConfig(): string {
  return `# Acme's Gatus configuration (test fixture).
ui:
  title: Acme Status
  description: Health of Acme's services
  header: Acme

alerting:
  slack:
    webhook-url: "\${SLACK_WEBHOOK_URL}"
    default-alert:
      failure-threshold: 5
      success-threshold: 3
      send-on-resolved: true
  pagerduty:
    integration-key: "\${PAGERDUTY_KEY}"
  discord:
    webhook-url: "$DISCORD_WEBHOOK_URL"
    title: Acme alerts
  zulip:
    bot-email: alerts@acme.test
    bot-key: zulip-key
    domain: acme.zulipchat.com
    channel-id: "1"

maintenance:
  start: "23:00"
  duration: 1h
  timezone: Europe/Amsterdam
  every: [Monday, Thursday]

endpoints:
  - name: health
    group: api
    url: "\${API_BASE}/health"
    interval: 45s
    headers:
      Authorization: "Bearer \${API_TOKEN}"
      X-Trace: "\${TRACE_ID}"
    conditions:
      - "[STATUS] == 200"
      - "[BODY].status == UP"
      - "[BODY].data[0].id == 4"
      - "len([BODY].items) == 3"
      - "has([BODY].errors) == false"
      - "[BODY].version == pat(1.*)"
      - "[BODY].data[0].name == pat(*prim*)"
      - "[RESPONSE_TIME] < 2000"
      - "[CONNECTED] == true"
      - "[IP] == 127.0.0.1"
    alerts:
      - type: slack
      - type: pagerduty
        failure-threshold: 2
        send-on-resolved: true
        description: "health check failed"

  - name: ready
    group: api
    url: "\${API_BASE}/ready"
    method: POST
    body: '{"probe": "[ENDPOINT_NAME]", "price": "$$5"}'
    conditions:
      - "[STATUS] == any(200, 204)"
      - "[BODY] == pat(*ready*)"
      - "[RESPONSE_TIME] <= 1500"
    alerts:
      - type: discord
        enabled: false
      - type: zulip

  - name: broken
    group: api
    url: "\${API_BASE}/status/503"
    conditions:
      - "[STATUS] < 300"

  - name: home
    group: web
    url: "\${SECURE_BASE}/health"
    interval: 2m
    client:
      insecure: true
      timeout: 5s
    conditions:
      - "[STATUS] == pat(2*)"
      - "[CERTIFICATE_EXPIRATION] > 48h"
      - "[BODY].status == any(UP, OK)"
      - "[DOMAIN_EXPIRATION] > 720h"
    maintenance-windows:
      - start: "07:30"
        duration: 40m
        timezone: Europe/Berlin

  - name: postgres
    group: infra
    url: "tcp://\${TCP_OPEN}"
    interval: 30s
    conditions:
      - "[CONNECTED] == true"
      - "[RESPONSE_TIME] < 1000"
    alerts:
      - type: slack
        failure-threshold: 2

  - name: cache
    group: infra
    url: "tcp://\${TCP_CLOSED}"
    conditions:
      - "[CONNECTED] == true"

  - name: certificate
    group: infra
    url: "tls://\${TLS_ADDRESS}"
    client:
      insecure: true
    conditions:
      - "[CONNECTED] == true"
      - "[CERTIFICATE_EXPIRATION] > 240h"

  - name: gateway
    group: infra
    url: "icmp://127.0.0.1"
    interval: 1m
    conditions:
      - "[CONNECTED] == true"

  - name: shop
    group: dns
    url: "\${DNS_SERVER}"
    dns:
      query-name: ${GATUS_DNS_NAME}
      query-type: A
    conditions:
      - "[DNS_RCODE] == NOERROR"
      - "[BODY] == ${GATUS_DNS_ADDRESS}"

  - name: grpc health
    url: "grpc://\${GRPC_ADDRESS}"
    conditions:
      - "[BODY].status == SERVING"

  - name: syslog
    url: "udp://127.0.0.1:514"
    conditions:
      - "[CONNECTED] == true"

  - name: bastion
    url: "ssh://127.0.0.1:22"
    conditions:
      - "[CONNECTED] == true"

external-endpoints:
  - name: nightly backup
    group: jobs
    token: "\${PUSH_TOKEN}"
    heartbeat:
      interval: 30m
    alerts:
      - type: slack
  - name: reports
    group: jobs
    token: potato
    heartbeat:
      interval: 1h
  - name: pushed only
    token: "another-token-123456789"
`;
}

/** Files that are not Gatus configurations, each with what the refusal says. */
export const INVALID_GATUS_FILES: Record<string, { bytes: Uint8Array; says: RegExp }> = {
  'YAML that does not parse': {
    bytes: new TextEncoder().encode('endpoints:\n  - name: api\n    url: "http://x\n  conditions: [\n'),
    says: /not valid YAML/,
  },
  'YAML without endpoints': {
    bytes: new TextEncoder().encode('web:\n  port: 8080\nmetrics: true\n'),
    says: /has no endpoints/,
  },
  'a list at the top level': { bytes: new TextEncoder().encode('- name: api\n'), says: /top level is not a map/ },
  'binary data': {
    bytes: Uint8Array.from([0x53, 0x51, 0x4c, 0x00, 0xff, 0xfe, 0x00, 0x01]),
    says: /not a Gatus configuration/,
  },
};

/** Writes the configuration to `dir/config.yaml`; answers its path. */
export function writeGatusConfig(dir: string): string {
  mkdirSync(dir, { recursive: true });
  const path = join(dir, 'config.yaml');
  writeFileSync(path, gatusConfig());
  return path;
}

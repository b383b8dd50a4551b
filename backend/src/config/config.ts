// Configuration comes from the environment only, validated once at start. A bad value stops the
// process with a message naming the variable and what it expects.
import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { isAbsolute, join, resolve } from 'node:path';
import { z } from 'zod';
import { REGIONS } from '../checks/check-config';
import { alertProvidersConfig, type AlertProvidersConfig } from './alert-providers.config';
import { ConfigError } from './config-error';

export { ConfigError };

export type LogLevel = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';

export interface AppConfig {
  nodeEnv: 'development' | 'production' | 'test';
  production: boolean;
  host: string;
  port: number;
  baseUrl: string;
  siteUrl: string;
  oauthIssuer: string;
  dashboardUrl: string;
  /**
   * Port of a second listener that serves the same application, so DASHBOARD_URL answers when it is
   * another local port than PORT (the default http://localhost:3001). Null: the dashboard is served
   * on the main listener only (in production a proxy routes DASHBOARD_URL to it).
   */
  dashboardPort: number | null;
  oauth: {
    /** https redirect URIs are accepted on these domains and their subdomains (besides the service's own). */
    redirectDomains: string[];
    /** Custom URL schemes of editors accepted as redirect URIs (`cursor://...`). */
    redirectSchemes: string[];
    /** Client-ID metadata documents may be fetched from loopback over http (tests and local clients). */
    cimdAllowLoopback: boolean;
  };
  /** Unset: the embedded PGlite database under dataDir. */
  databaseUrl: string | null;
  databasePoolSize: number;
  dataDir: string;
  /** Unset outside production: generated once and kept in dataDir/secret.key. */
  secretKey: string | null;
  logLevel: LogLevel;
  shutdownGraceMs: number;
  /**
   * Time a client has to send a whole request (headers and body); after it the server answers 408 and
   * closes the connection, so a body that never finishes does not hold a connection open.
   */
  requestTimeoutMs: number;
  /**
   * Which proxies' X-Forwarded-For to believe for the client address (the per-address limit of failed
   * authentications): false (the socket's address), true (any), a hop count, or proxy addresses/CIDRs.
   */
  trustProxy: boolean | number | string[];
  bootstrap: boolean;
  rateLimit: {
    /** Calls per credential per minute over MCP and the HTTP APIs; 0 turns limiting off. */
    perMinute: number;
    /** `memory` (one node) or `database` (shared by every API node). */
    store: 'memory' | 'database';
    /** Failed authentications (401 answers) per client address per minute before 429; 0 turns it off. */
    authFailuresPerMinute: number;
  };
  /** Extra origins allowed to call /mcp from a browser, besides the service's own. */
  mcpAllowedOrigins: string[];
  /**
   * Browser origins (exact, serialized as a browser sends them) allowed to call /rpc and /mcp across
   * origins (CORS). Empty: no cross-origin browser calls to /rpc.
   */
  corsOrigins: string[];
  /**
   * Port of a cleartext HTTP/2 (h2c) listener serving the RPC API to gRPC clients (grpc-js, grpcurl),
   * paths without the /rpc prefix. Null: off. HTTP/1.1 and HTTP/2 cannot share one cleartext port in
   * Node.js (allowHTTP1 exists only with TLS), so gRPC gets a port of its own.
   */
  grpcPort: number | null;
  checker: {
    /** Run an agent inside the server (serves `regions`). */
    embedded: boolean;
    regions: string[];
    /** Runs claimed and not yet reported (waiting for their slot or running). */
    concurrency: number;
    /**
     * Worker threads that run the probes; 0 (the default) runs them on the main event loop, which
     * measured more accurate timing on small machines (see the scheduler benchmark).
     */
    workers: number;
    /** `host:port` of the resolver for DNS monitors; the system resolver when null. */
    dnsServer: string | null;
    /** PEM file with extra trusted CAs for TLS checks. */
    caFile: string | null;
    /** Shared secret of remote agents serving public regions; null refuses them. */
    agentToken: string | null;
  };
  mail: {
    /** `smtp://` or `smtps://` URL of the relay, with credentials; null disables e-mail. Never log it. */
    smtpUrl: string | null;
    /** The From address of subscriber e-mails. */
    from: string;
  };
  /** Where the alert senders send, with which service credentials, and whether private targets are allowed. */
  alerts: AlertProvidersConfig;
  /**
   * The operator's bearer token for GET /metrics: every workspace's monitors and the service's own
   * metrics. Null: only workspace API keys scrape, each its own workspace. Never log it.
   */
  metricsToken: string | null;
}

const origin = (name: string) =>
  z.string().refine(
    (value) => {
      try {
        const url = new URL(value);
        return (
          (url.protocol === 'http:' || url.protocol === 'https:') && url.pathname === '/' && !url.search && !url.hash
        );
      } catch {
        return false;
      }
    },
    { message: `${name}: expected an http(s) origin such as https://status.example.com (no path)` },
  );

const intIn = (name: string, min: number, max: number) =>
  z
    .string()
    .regex(/^\d+$/, { message: `${name}: expected an integer from ${min} to ${max}` })
    .transform(Number)
    .refine((n) => n >= min && n <= max, { message: `${name}: expected an integer from ${min} to ${max}` });

const bool = (name: string) =>
  z
    .enum(['true', 'false', '1', '0'], { message: `${name}: expected true or false` })
    .transform((v) => v === 'true' || v === '1');

const smtpUrl = (name: string) =>
  z.string().refine(
    (value) => {
      try {
        const url = new URL(value);
        return (url.protocol === 'smtp:' || url.protocol === 'smtps:') && url.hostname !== '';
      } catch {
        return false;
      }
    },
    // The value is never echoed: it carries the SMTP password.
    { message: `${name}: expected smtp://user:pass@host:587 or smtps://user:pass@host:465` },
  );

/** `addr@host` or `Name <addr@host>`; deliberately loose, the SMTP relay has the last word. */
const MAIL_ADDRESS = /^(?:[^<>\r\n]*<[^\s<>@]+@[^\s<>@]+>|[^\s<>@]+@[^\s<>@]+)$/;

const DOMAIN = /^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/i;
const SCHEME = /^[a-z][a-z0-9+.-]{0,31}$/i;

/** AI clients whose hosted redirect URIs are accepted at registration (with their subdomains). */
export const DEFAULT_OAUTH_REDIRECT_DOMAINS = [
  'claude.ai',
  'claude.com',
  'anthropic.com',
  'chatgpt.com',
  'openai.com',
  'cursor.com',
  'cursor.sh',
  'vscode.dev',
  'github.dev',
  'windsurf.com',
] as const;
/** The editors' own URL schemes accepted as redirect URIs. */
export const DEFAULT_OAUTH_REDIRECT_SCHEMES = ['cursor', 'vscode', 'windsurf'] as const;

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

const schema = z.object({
  NODE_ENV: z
    .enum(['development', 'production', 'test'], { message: 'NODE_ENV: expected development, production or test' })
    .default('development'),
  HOST: z.string().min(1, { message: 'HOST: expected an interface address such as 127.0.0.1 or 0.0.0.0' }).optional(),
  PORT: intIn('PORT', 0, 65535).optional(),
  BASE_URL: origin('BASE_URL').optional(),
  SITE_URL: origin('SITE_URL').optional(),
  OAUTH_ISSUER: origin('OAUTH_ISSUER').optional(),
  DASHBOARD_URL: origin('DASHBOARD_URL').optional(),
  DASHBOARD_PORT: z
    .string()
    .regex(/^(off|\d{1,5})$/, { message: 'DASHBOARD_PORT: expected a port from 1 to 65535, or off' })
    .transform((v) => (v === 'off' ? null : Number(v)))
    .refine((v) => v === null || (v >= 1 && v <= 65535), {
      message: 'DASHBOARD_PORT: expected a port from 1 to 65535, or off',
    })
    .optional(),
  OAUTH_REDIRECT_DOMAINS: z
    .string()
    .refine((v) => v.split(',').every((d) => DOMAIN.test(d.trim())), {
      message: 'OAUTH_REDIRECT_DOMAINS: expected comma-separated domain names such as claude.ai,chatgpt.com',
    })
    .optional(),
  OAUTH_REDIRECT_SCHEMES: z
    .string()
    .refine((v) => v.split(',').every((d) => SCHEME.test(d.trim()) && !['http', 'https'].includes(d.trim())), {
      message: 'OAUTH_REDIRECT_SCHEMES: expected comma-separated URL schemes such as cursor,vscode (not http or https)',
    })
    .optional(),
  OAUTH_CIMD_ALLOW_LOOPBACK: bool('OAUTH_CIMD_ALLOW_LOOPBACK').optional(),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\/.+/, {
      message: 'DATABASE_URL: expected a PostgreSQL URL such as postgres://user:pass@host:5432/db',
    })
    .optional(),
  DATABASE_POOL_SIZE: intIn('DATABASE_POOL_SIZE', 1, 1000).optional(),
  DATA_DIR: z.string().min(1, { message: 'DATA_DIR: expected a folder path' }).optional(),
  SECRET_KEY: z
    .string()
    .min(32, { message: 'SECRET_KEY: expected at least 32 characters (e.g. `openssl rand -base64 48`)' })
    .optional(),
  LOG_LEVEL: z.enum(LOG_LEVELS, { message: `LOG_LEVEL: expected one of ${LOG_LEVELS.join(', ')}` }).optional(),
  SHUTDOWN_GRACE_MS: intIn('SHUTDOWN_GRACE_MS', 0, 600000).optional(),
  REQUEST_TIMEOUT_MS: intIn('REQUEST_TIMEOUT_MS', 100, 600000).optional(),
  TRUST_PROXY: z
    .string()
    .refine(
      (v) =>
        /^(true|false|[1-9]\d?)$/.test(v) ||
        v.split(',').every((a) => /^[0-9a-fA-F.:]+(\/\d{1,3})?$/.test(a.trim()) && a.trim() !== ''),
      {
        message:
          'TRUST_PROXY: expected true, false, a number of proxy hops (1 to 99), or comma-separated proxy addresses or CIDRs such as 10.0.0.0/8',
      },
    )
    .optional(),
  BOOTSTRAP: bool('BOOTSTRAP').optional(),
  RATE_LIMIT_PER_MINUTE: intIn('RATE_LIMIT_PER_MINUTE', 0, 1000000).optional(),
  AUTH_FAILURE_LIMIT: intIn('AUTH_FAILURE_LIMIT', 0, 1000000).optional(),
  RATE_LIMIT_STORE: z
    .enum(['memory', 'database'], { message: 'RATE_LIMIT_STORE: expected memory or database' })
    .optional(),
  MCP_ALLOWED_ORIGINS: z
    .string()
    .refine((v) => v.split(',').every((o) => /^https?:\/\/[^/\s]+$/.test(o.trim())), {
      message: 'MCP_ALLOWED_ORIGINS: expected comma-separated http(s) origins',
    })
    .optional(),
  CORS_ORIGINS: z
    .string()
    .refine((v) => v.split(',').every((o) => exactOrigin(o.trim()) !== null), {
      message:
        'CORS_ORIGINS: expected comma-separated browser origins such as https://app.example.com,http://localhost:5173 (scheme, host and port only: no path, no trailing slash, no wildcard)',
    })
    .optional(),
  GRPC_PORT: z
    .string()
    .regex(/^(off|\d{1,5})$/, { message: 'GRPC_PORT: expected a port from 0 to 65535, or off' })
    .transform((v) => (v === 'off' ? null : Number(v)))
    .refine((v) => v === null || v <= 65535, { message: 'GRPC_PORT: expected a port from 0 to 65535, or off' })
    .optional(),
  CHECKER_EMBEDDED: bool('CHECKER_EMBEDDED').optional(),
  CHECKER_REGIONS: z
    .string()
    .refine((v) => v.split(',').every((r) => (REGIONS as readonly string[]).includes(r.trim())), {
      message: 'CHECKER_REGIONS: expected comma-separated regions such as fly-ams,fly-iad',
    })
    .optional(),
  CHECKER_CONCURRENCY: intIn('CHECKER_CONCURRENCY', 1, 100000).optional(),
  CHECKER_WORKERS: intIn('CHECKER_WORKERS', 0, 64).optional(),
  CHECKER_DNS_SERVER: z
    .string()
    .regex(/^[^\s:]+(:\d{1,5})?$|^\[[0-9a-fA-F:]+\](:\d{1,5})?$/, {
      message: 'CHECKER_DNS_SERVER: expected host or host:port of a DNS resolver',
    })
    .optional(),
  CHECKER_CA_FILE: z.string().min(1).optional(),
  AGENT_TOKEN: z.string().min(32, { message: 'AGENT_TOKEN: expected at least 32 characters' }).optional(),
  METRICS_TOKEN: z
    .string()
    .min(32, { message: 'METRICS_TOKEN: expected at least 32 characters (e.g. `openssl rand -hex 32`)' })
    .max(256, { message: 'METRICS_TOKEN: expected at most 256 characters' })
    .regex(/^[\x21-\x7e]+$/, {
      message: 'METRICS_TOKEN: expected printable ASCII without spaces (it is sent as `Authorization: Bearer <token>`)',
    })
    .optional(),
  SMTP_URL: smtpUrl('SMTP_URL').optional(),
  MAIL_FROM: z
    .string()
    .max(320, { message: 'MAIL_FROM: expected at most 320 characters' })
    .regex(MAIL_ADDRESS, {
      message: 'MAIL_FROM: expected an address such as status@example.com or Status <status@example.com>',
    })
    .optional(),
});

/** Reads and validates the environment. Empty strings count as unset. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, cwd = process.cwd()): AppConfig {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = schema.safeParse(cleaned);
  const problems: string[] = parsed.success ? [] : parsed.error.issues.map((issue) => issue.message);
  let alerts: AlertProvidersConfig | undefined;
  try {
    alerts = alertProvidersConfig(cleaned);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    problems.push(...error.problems);
  }
  if (!parsed.success || !alerts) throw new ConfigError(problems);
  const e = parsed.data;
  const production = e.NODE_ENV === 'production';
  if (production) {
    for (const name of ['OAUTH_ISSUER', 'DASHBOARD_URL', 'SECRET_KEY', 'DATABASE_URL'] as const) {
      if (!e[name]) problems.push(`${name}: required when NODE_ENV=production`);
    }
  }
  const port = e.PORT ?? 3000;
  if (e.GRPC_PORT && e.GRPC_PORT === port) {
    problems.push(
      `GRPC_PORT: expected another port than PORT (${port}): gRPC needs HTTP/2 on a port of its own, the API's port speaks HTTP/1.1`,
    );
  }
  if (problems.length) throw new ConfigError(problems);

  const baseUrl = stripSlash(e.BASE_URL ?? `http://localhost:${port}`);
  const dataDir = e.DATA_DIR ?? '.data';
  // Unset, the dashboard's origin is where it is served, so the links the service prints and mails
  // lead to a listener: DASHBOARD_PORT's port, or the API's own origin when DASHBOARD_PORT is off.
  const dashboardUrl = stripSlash(e.DASHBOARD_URL ?? defaultDashboardUrl(e.DASHBOARD_PORT, baseUrl));
  return {
    nodeEnv: e.NODE_ENV,
    production,
    host: e.HOST ?? (production ? '0.0.0.0' : '127.0.0.1'),
    port,
    baseUrl,
    siteUrl: stripSlash(e.SITE_URL ?? baseUrl),
    oauthIssuer: stripSlash(e.OAUTH_ISSUER ?? baseUrl),
    dashboardUrl,
    dashboardPort: e.DASHBOARD_PORT === undefined ? localPortOf(dashboardUrl, port) : e.DASHBOARD_PORT,
    oauth: {
      redirectDomains: e.OAUTH_REDIRECT_DOMAINS
        ? e.OAUTH_REDIRECT_DOMAINS.split(',').map((d) => d.trim().toLowerCase())
        : [...DEFAULT_OAUTH_REDIRECT_DOMAINS],
      redirectSchemes: e.OAUTH_REDIRECT_SCHEMES
        ? e.OAUTH_REDIRECT_SCHEMES.split(',').map((d) => d.trim().toLowerCase())
        : [...DEFAULT_OAUTH_REDIRECT_SCHEMES],
      cimdAllowLoopback: e.OAUTH_CIMD_ALLOW_LOOPBACK ?? false,
    },
    databaseUrl: e.DATABASE_URL ?? null,
    databasePoolSize: e.DATABASE_POOL_SIZE ?? 10,
    dataDir: isAbsolute(dataDir) ? dataDir : resolve(cwd, dataDir),
    secretKey: e.SECRET_KEY ?? null,
    logLevel: e.LOG_LEVEL ?? (e.NODE_ENV === 'test' ? 'warn' : 'info'),
    shutdownGraceMs: e.SHUTDOWN_GRACE_MS ?? 10000,
    requestTimeoutMs: e.REQUEST_TIMEOUT_MS ?? 30000,
    trustProxy: trustProxyOf(e.TRUST_PROXY),
    bootstrap: e.BOOTSTRAP ?? true,
    rateLimit: {
      perMinute: e.RATE_LIMIT_PER_MINUTE ?? 600,
      store: e.RATE_LIMIT_STORE ?? 'memory',
      authFailuresPerMinute: e.AUTH_FAILURE_LIMIT ?? 30,
    },
    mcpAllowedOrigins: e.MCP_ALLOWED_ORIGINS ? e.MCP_ALLOWED_ORIGINS.split(',').map((o) => o.trim()) : [],
    corsOrigins: e.CORS_ORIGINS ? e.CORS_ORIGINS.split(',').map((o) => exactOrigin(o.trim()) ?? o.trim()) : [],
    grpcPort: e.GRPC_PORT ?? null,
    checker: {
      embedded: e.CHECKER_EMBEDDED ?? true,
      regions: e.CHECKER_REGIONS ? e.CHECKER_REGIONS.split(',').map((r) => r.trim()) : [...REGIONS],
      concurrency: e.CHECKER_CONCURRENCY ?? 1000,
      workers: e.CHECKER_WORKERS ?? 0,
      dnsServer: e.CHECKER_DNS_SERVER ?? null,
      caFile: e.CHECKER_CA_FILE ?? null,
      agentToken: e.AGENT_TOKEN ?? null,
    },
    mail: {
      smtpUrl: e.SMTP_URL ?? null,
      from: e.MAIL_FROM ?? 'status@localhost',
    },
    alerts,
    metricsToken: e.METRICS_TOKEN ?? null,
  };
}

/**
 * The origin as a browser serializes it in its Origin header (lower-case host, no default port), or
 * null when the value is not exactly an http(s) origin: a path, a trailing slash, credentials or a
 * wildcard would never equal an Origin header, so they are refused at start instead of never matching.
 */
export function exactOrigin(value: string): string | null {
  if (!/^https?:\/\/[^/\s*@]+$/i.test(value)) return null;
  try {
    const url = new URL(value);
    return url.origin === 'null' ? null : url.origin;
  } catch {
    return null;
  }
}

function trustProxyOf(value: string | undefined): boolean | number | string[] {
  if (value === undefined || value === 'false') return false;
  if (value === 'true') return true;
  if (/^\d+$/.test(value)) return Number(value);
  return value.split(',').map((a) => a.trim());
}

/**
 * The port the dashboard's own listener takes: DASHBOARD_URL's port when its host is this machine
 * (localhost, 127.0.0.1, [::1]) and the port differs from the API's; otherwise none.
 */
function defaultDashboardUrl(dashboardPort: number | null | undefined, baseUrl: string): string {
  if (dashboardPort === undefined) return 'http://localhost:3001';
  return dashboardPort === null ? baseUrl : `http://localhost:${dashboardPort}`;
}

function localPortOf(url: string, apiPort: number): number | null {
  const parsed = new URL(url);
  if (!['localhost', '127.0.0.1', '[::1]'].includes(parsed.hostname)) return null;
  const port = Number(parsed.port || (parsed.protocol === 'https:' ? 443 : 80));
  return port === apiPort ? null : port;
}

function stripSlash(url: string): string {
  return url.replace(/\/+$/, '');
}

/**
 * The key that encrypts secrets at rest. Outside production it is generated on first use and kept
 * in the data folder (mode 0600), so a restart can still read what it sealed.
 */
export function resolveSecretKey(config: AppConfig): string {
  if (config.secretKey) return config.secretKey;
  if (config.production) throw new ConfigError(['SECRET_KEY: required when NODE_ENV=production']);
  const file = join(config.dataDir, 'secret.key');
  if (existsSync(file)) {
    // A key file from an older version or a copy may be readable by others: only the owner may read it.
    if ((statSync(file).mode & 0o077) !== 0) chmodSync(file, 0o600);
    const key = readFileSync(file, 'utf8').trim();
    if (key.length < 32)
      throw new ConfigError([`SECRET_KEY: the generated key in ${file} is shorter than 32 characters`]);
    return key;
  }
  mkdirSync(config.dataDir, { recursive: true, mode: 0o700 });
  const key = randomBytes(48).toString('base64url');
  writeFileSync(file, `${key}\n`, { mode: 0o600, flag: 'wx' });
  return key;
}

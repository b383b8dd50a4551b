import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ConfigError, loadConfig, resolveSecretKey } from './config';

function problemsOf(env: NodeJS.ProcessEnv): string[] {
  try {
    loadConfig(env, '/srv');
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  throw new Error('expected a ConfigError');
}

describe(loadConfig.name, () => {
  it('has working defaults outside production (SPEC §5.4)', () => {
    const sut = loadConfig({}, '/srv');
    expect(sut).toMatchObject({
      production: false,
      port: 3000,
      host: '127.0.0.1',
      baseUrl: 'http://localhost:3000',
      siteUrl: 'http://localhost:3000',
      oauthIssuer: 'http://localhost:3000',
      dashboardUrl: 'http://localhost:3001',
      databaseUrl: null,
      dataDir: '/srv/.data',
      secretKey: null,
      bootstrap: true,
    });
  });

  it('derives the URLs from PORT and BASE_URL', () => {
    expect(loadConfig({ PORT: '8080' }).baseUrl).toBe('http://localhost:8080');
    const sut = loadConfig({ BASE_URL: 'https://api.example.com/' });
    expect(sut.baseUrl).toBe('https://api.example.com');
    expect(sut.oauthIssuer).toBe('https://api.example.com');
    expect(sut.siteUrl).toBe('https://api.example.com');
  });

  it('puts the dashboard where it is served unless DASHBOARD_URL says otherwise', () => {
    expect(loadConfig({})).toMatchObject({ dashboardUrl: 'http://localhost:3001', dashboardPort: 3001 });
    expect(loadConfig({ DASHBOARD_URL: 'http://localhost:3002' })).toMatchObject({ dashboardPort: 3002 });
    expect(loadConfig({ DASHBOARD_PORT: '3005' })).toMatchObject({
      dashboardUrl: 'http://localhost:3005',
      dashboardPort: 3005,
    });
    expect(loadConfig({ PORT: '8080', DASHBOARD_PORT: 'off' })).toMatchObject({
      dashboardUrl: 'http://localhost:8080',
      dashboardPort: null,
    });
    expect(loadConfig({ DASHBOARD_URL: 'https://app.example.com', DASHBOARD_PORT: '3005' })).toMatchObject({
      dashboardUrl: 'https://app.example.com',
      dashboardPort: 3005,
    });
  });

  it('allows no cross-origin browser calls and no gRPC port unless CORS_ORIGINS and GRPC_PORT say so', () => {
    expect(loadConfig({})).toMatchObject({ corsOrigins: [], grpcPort: null });
    expect(
      loadConfig({
        CORS_ORIGINS: 'https://App.Example.com:443, http://127.0.0.1:5173,http://[::1]:8080',
        GRPC_PORT: '50051',
      }),
    ).toMatchObject({
      // As a browser sends its Origin header: lower-case host, no default port.
      corsOrigins: ['https://app.example.com', 'http://127.0.0.1:5173', 'http://[::1]:8080'],
      grpcPort: 50051,
    });
    expect(loadConfig({ GRPC_PORT: 'off' }).grpcPort).toBeNull();
  });

  it.each([
    [{ CORS_ORIGINS: '*' }],
    [{ CORS_ORIGINS: 'https://app.example.com/' }],
    [{ CORS_ORIGINS: 'https://app.example.com/path' }],
    [{ CORS_ORIGINS: 'https://*.example.com' }],
    [{ CORS_ORIGINS: 'app.example.com' }],
    [{ CORS_ORIGINS: 'https://app.example.com,null' }],
  ])('refuses CORS_ORIGINS=%j, saying what an origin is', (env) => {
    expect(problemsOf(env)).toEqual([
      expect.stringContaining('CORS_ORIGINS: expected comma-separated browser origins'),
    ]);
  });

  it('refuses a GRPC_PORT out of range or equal to PORT', () => {
    expect(problemsOf({ GRPC_PORT: '70000' })).toEqual(['GRPC_PORT: expected a port from 0 to 65535, or off']);
    expect(problemsOf({ GRPC_PORT: 'yes' })).toEqual(['GRPC_PORT: expected a port from 0 to 65535, or off']);
    expect(problemsOf({ PORT: '8080', GRPC_PORT: '8080' })).toEqual([
      expect.stringContaining('GRPC_PORT: expected another port than PORT (8080)'),
    ]);
  });

  it('runs an embedded agent, probing on its own event loop unless worker threads are asked for', () => {
    expect(loadConfig({}).checker).toMatchObject({ embedded: true, concurrency: 1000, workers: 0 });
    expect(loadConfig({ CHECKER_WORKERS: '2' }).checker.workers).toBe(2);
  });

  it('leaves e-mail off without SMTP_URL and never echoes a bad SMTP_URL (it holds the password)', () => {
    expect(loadConfig({}).mail).toEqual({ smtpUrl: null, from: 'status@localhost' });
    expect(
      loadConfig({ SMTP_URL: 'smtps://u:p@smtp.example.com:465', MAIL_FROM: 'Acme <status@acme.example>' }).mail,
    ).toEqual({ smtpUrl: 'smtps://u:p@smtp.example.com:465', from: 'Acme <status@acme.example>' });
    expect(problemsOf({ SMTP_URL: 'imap://user:hunter2-secret@mail.example.com' }).join('\n')).not.toContain(
      'hunter2-secret',
    );
  });

  it('treats empty strings as unset', () => {
    expect(loadConfig({ DATABASE_URL: '', PORT: '' }).databaseUrl).toBeNull();
  });

  it.each([
    [{ PORT: 'abc' }, 'PORT: expected an integer from 0 to 65535'],
    [{ PORT: '70000' }, 'PORT: expected an integer from 0 to 65535'],
    [{ BASE_URL: 'ftp://x' }, 'BASE_URL: expected an http(s) origin'],
    [{ OAUTH_ISSUER: 'https://a.example.com/path' }, 'OAUTH_ISSUER: expected an http(s) origin'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL: expected a PostgreSQL URL'],
    [{ SECRET_KEY: 'short' }, 'SECRET_KEY: expected at least 32 characters'],
    [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL: expected one of'],
    [{ NODE_ENV: 'staging' }, 'NODE_ENV: expected development, production or test'],
    [{ BOOTSTRAP: 'maybe' }, 'BOOTSTRAP: expected true or false'],
    [{ DATABASE_POOL_SIZE: '0' }, 'DATABASE_POOL_SIZE: expected an integer from 1 to 1000'],
    [{ CHECKER_WORKERS: '65' }, 'CHECKER_WORKERS: expected an integer from 0 to 64'],
    [{ CHECKER_CONCURRENCY: '0' }, 'CHECKER_CONCURRENCY: expected an integer from 1 to 100000'],
    [{ SMTP_URL: 'http://mail.example.com' }, 'SMTP_URL: expected smtp://user:pass@host:587'],
    [{ MAIL_FROM: 'not an address' }, 'MAIL_FROM: expected an address such as status@example.com'],
  ])('rejects %j naming the variable', (env, message) => {
    expect(problemsOf(env).join('\n')).toContain(message);
  });

  it('reports every bad variable at once', () => {
    expect(problemsOf({ PORT: 'x', LOG_LEVEL: 'y' })).toHaveLength(2);
    expect(problemsOf({ PORT: 'x', ALERT_PAGERDUTY_URL: 'ftp://relay', ALLOW_PRIVATE_TARGETS: 'yes' })).toEqual([
      'PORT: expected an integer from 0 to 65535',
      expect.stringMatching(/^ALLOW_PRIVATE_TARGETS: expected true or false/),
      expect.stringMatching(/^ALERT_PAGERDUTY_URL: expected an http\(s\) URL/),
    ]);
  });

  it('reads the alert providers: public services by default, private targets refused in production', () => {
    const sut = loadConfig({ ALERT_NTFY_URL: 'http://127.0.0.1:8080/' }, '/srv');
    expect(sut.alerts).toMatchObject({
      allowPrivateTargets: true,
      pagerdutyUrl: 'https://events.pagerduty.com',
      ntfyUrl: 'http://127.0.0.1:8080',
    });
    expect(sut.alerts.telegram.botToken).toBeNull();
  });

  it('requires the issuer, dashboard, secret and database in production', () => {
    const problems = problemsOf({ NODE_ENV: 'production' });
    expect(problems).toEqual([
      'OAUTH_ISSUER: required when NODE_ENV=production',
      'DASHBOARD_URL: required when NODE_ENV=production',
      'SECRET_KEY: required when NODE_ENV=production',
      'DATABASE_URL: required when NODE_ENV=production',
    ]);
  });

  it('binds all interfaces in production', () => {
    const sut = loadConfig({
      NODE_ENV: 'production',
      OAUTH_ISSUER: 'https://api.example.com',
      DASHBOARD_URL: 'https://app.example.com',
      SECRET_KEY: 's'.repeat(40),
      DATABASE_URL: 'postgres://u:p@db:5432/svc',
    });
    expect(sut.host).toBe('0.0.0.0');
    expect(sut.oauthIssuer).toBe('https://api.example.com');
    expect(sut.alerts.allowPrivateTargets).toBe(false);
  });
});

describe(resolveSecretKey.name, () => {
  it('generates the key once, persists it privately and reuses it', () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'cfg-'));
    const config = loadConfig({ DATA_DIR: dataDir });
    const sut = resolveSecretKey(config);
    expect(sut.length).toBeGreaterThanOrEqual(32);
    expect(readFileSync(join(dataDir, 'secret.key'), 'utf8').trim()).toBe(sut);
    expect(statSync(join(dataDir, 'secret.key')).mode & 0o777).toBe(0o600);
    expect(resolveSecretKey(config)).toBe(sut);
  });

  it('prefers SECRET_KEY', () => {
    expect(resolveSecretKey(loadConfig({ SECRET_KEY: 'z'.repeat(32) }))).toBe('z'.repeat(32));
  });
});

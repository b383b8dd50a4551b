// Two tiers run by `npm test`: unit specs beside the code and the tests under test/ that use a real
// database (embedded PGlite by default, PostgreSQL when TEST_DATABASE_URL or DATABASE_URL is set)
// and the real built server.
const transform = { '^.+\\.ts$': ['@swc/jest'] };

/**
 * `npm run test:embedded`: the test files whose outcome can depend on the database being the embedded
 * PGlite rather than PostgreSQL: the data folder, its lock, port and permissions, migrations, the
 * built server's first run and the quick start, the command line, the change feed, the check queue and
 * the alert outbox (SKIP LOCKED, leases), heartbeat pings and deadlines (row locks, batches) and certificate alerts (ON CONFLICT), the error mapping of every RPC method under generated input,
 * CRUD of the main resources, subscriber mail, and the dashboard scenario in Chromium. CI runs them on
 * PGlite after the whole suite on PostgreSQL; `npm test` without DATABASE_URL runs everything on PGlite.
 */
const EMBEDDED_SUITES = [
  'integration/embedded-database',
  'integration/embedded-security',
  'integration/secrets-data-folder',
  'integration/migrations',
  'integration/change-feed',
  'integration/alerts/pipeline',
  'integration/alerts/policy',
  'integration/heartbeats',
  'integration/heartbeat-intake',
  'integration/alerts/certificates',
  'integration/subscribers',
  'integration/public-pages/page',
  'checker/scheduling',
  'e2e/server',
  'e2e/cli',
  'e2e/dashboard-first-run',
  'e2e/readme-rpc',
  'e2e/readme-ping',
  'provider/readme-provider.acceptance',
  'e2e/alerts-kill',
  'e2e/property-rpc',
  'e2e/rpc-monitors',
  'e2e/rpc-status-pages',
  'e2e/check-engine',
  'e2e/dashboard-manage.browser',
].map((name) => `<rootDir>/test/${name}.test.ts`);

module.exports = {
  testTimeout: 60000,
  // Two test files at a time (JEST_WORKERS overrides): most of a file's time is spent waiting on its
  // servers, so two share two cores well. A worker that grew past the limit (PGlite's WebAssembly
  // memory, the modules of every file it ran) is replaced before its next file instead of slowing
  // every later one down with garbage collection.
  maxWorkers: Number(process.env.JEST_WORKERS) || 2,
  workerIdleMemoryLimit: '1200MB',
  projects: [
    {
      displayName: 'unit',
      testEnvironment: 'node',
      transform,
      testMatch: ['<rootDir>/backend/src/**/*.spec.ts', '<rootDir>/provider/src/**/*.spec.ts'],
    },
    {
      displayName: 'integration',
      testEnvironment: 'node',
      transform,
      testMatch: process.env.JEST_SUITES === 'embedded' ? EMBEDDED_SUITES : ['<rootDir>/test/**/*.test.ts'],
    },
  ],
};

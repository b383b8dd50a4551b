// Two tiers run by `npm test`: unit specs beside the code and the tests under test/ that use a real
// database (embedded PGlite by default, PostgreSQL when TEST_DATABASE_URL or DATABASE_URL is set)
// and the real built server.
const transform = { '^.+\\.ts$': ['@swc/jest'] };

module.exports = {
  testTimeout: 60000,
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
      testMatch: ['<rootDir>/test/**/*.test.ts'],
    },
  ],
};

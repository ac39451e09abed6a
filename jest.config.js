// Six projects: `unit` (pure code, no servers), `replay` (the recorded workflow histories
// replayed on the workflow bundle, no servers: docs/workflows.md), `integration` (real api +
// worker processes over HTTP against the real Temporal dev server and Postgres that
// scripts/test.ts started), `own-processes` (integration tests that start processes of their
// own), `browser` (the analyst console in Debian's Chromium against that same stack) and
// `production` (the smoke suite that only the production-topology stage runs, against Temporal
// Server on Postgres: scripts/stack/production-stage.ts).

// Each owns its Temporal namespace or server, and none shares one with a test of the
// `integration` project (the `reliability` namespace's tests all stay there, one at a time).
const ownProcessTests = [
  'case-worker-kill',
  'dependency-outage',
  'horizontal-scale',
  'monitoring-change-feeds',
  'monitoring-worker-kill',
  'analysis-batch-worker-kill',
  'npm-start',
  'npm-start-supervision',
  'npm-test-closing-line',
  'own-processes-isolation',
  'standalone-clone',
  'tenant-fairness',
  'tracing',
];
const transform = { '^.+\\.(t|j)sx?$': ['@swc/jest', { jsc: { target: 'es2022' } }] };
module.exports = {
  // One hang guard for every project: jest-circus reads `testTimeout` from the global config only,
  // so a value inside a project is silently ignored. Tests that spawn the ops CLI or extra
  // processes take several times longer on a loaded two-core machine (measured: 60 s exceeded by
  // a four-command CLI test at load 17, and by a worker's SIGTERM drain in a loaded fresh clone);
  // a hang still fails, later (docs/testing.md, "Hang guards").
  testTimeout: 180000,
  projects: [
    { displayName: 'unit', testMatch: ['<rootDir>/test/unit/**/*.test.ts'], transform, testEnvironment: 'node' },
    { displayName: 'replay', testMatch: ['<rootDir>/test/replay/**/*.test.ts'], transform, testEnvironment: 'node', slowTestThreshold: 30 },
    {
      displayName: 'integration',
      testMatch: ['<rootDir>/test/integration/**/*.test.ts'],
      testPathIgnorePatterns: ownProcessTests.map((name) => `/test/integration/${name}\\.test\\.ts$`),
      transform,
      testEnvironment: 'node',
      slowTestThreshold: 30,
    },
    {
      // Integration tests that start (and kill) processes of their own: an api, a worker, a
      // Temporal dev server, a whole stack. Each uses its own Temporal namespace or server, so they
      // run beside the shared-stack tests, one at a time among themselves (docs/testing.md, "How
      // long the suite takes").
      displayName: 'own-processes',
      testMatch: ownProcessTests.map((name) => `<rootDir>/test/integration/${name}.test.ts`),
      setupFiles: ['<rootDir>/test/support/own-processes-setup.ts'],
      transform,
      testEnvironment: 'node',
      slowTestThreshold: 30,
    },
    {
      displayName: 'browser',
      testMatch: ['<rootDir>/test/browser/**/*.test.ts'],
      transform,
      testEnvironment: 'node',
      slowTestThreshold: 60,
    },
    {
      displayName: 'production',
      testMatch: ['<rootDir>/test/production/**/*.test.ts'],
      transform,
      testEnvironment: 'node',
      slowTestThreshold: 60,
    },
  ],
};

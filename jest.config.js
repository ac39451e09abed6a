// Four projects: `unit` (pure code, no servers), `replay` (the recorded workflow histories
// replayed on the workflow bundle, no servers: docs/workflows.md), `integration` (real api +
// worker processes over HTTP against the real Temporal dev server and Postgres that
// scripts/test.ts started) and `browser` (the analyst console in Debian's Chromium against that
// same stack).
const transform = { '^.+\\.(t|j)sx?$': ['@swc/jest', { jsc: { target: 'es2022' } }] };
module.exports = {
  testTimeout: 60000,
  projects: [
    { displayName: 'unit', testMatch: ['<rootDir>/test/unit/**/*.test.ts'], transform, testEnvironment: 'node' },
    { displayName: 'replay', testMatch: ['<rootDir>/test/replay/**/*.test.ts'], transform, testEnvironment: 'node', slowTestThreshold: 30, testTimeout: 180000 },
    {
      displayName: 'integration',
      testMatch: ['<rootDir>/test/integration/**/*.test.ts'],
      transform,
      testEnvironment: 'node',
      slowTestThreshold: 30,
      // Tests that spawn the ops CLI or extra processes take several times longer on a loaded
      // two-core machine (measured: 60 s exceeded by a four-command CLI test at load 17); a hang
      // still fails, later.
      testTimeout: 180000,
    },
    {
      displayName: 'browser',
      testMatch: ['<rootDir>/test/browser/**/*.test.ts'],
      transform,
      testEnvironment: 'node',
      slowTestThreshold: 60,
    },
  ],
};

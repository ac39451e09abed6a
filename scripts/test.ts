import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { bundleWorkflowsToFile } from '../worker/bundle-workflows';
import { ensureChromiumInstalled } from './stack/chromium';
import { ensureConsoleBuilt } from './stack/console-build';
import { fuzzStageWanted, runFuzzStep } from './stack/fuzz-step';
import { runJestPhases } from './stack/jest-phases';
import { removeStackData } from './stack/postgres-location';
import { getFreePort } from './stack/ports';
import { projectRoot, startInfrastructure, startServiceProcess, waitForReady } from './stack/stack';
import { runStaticChecks } from './stack/static-checks';

/**
 * `npm test`: lint and typecheck, then the same bootstrapping as `npm start` on free ports and
 * throw-away data, then jest (unit + integration against the real api and worker processes, then
 * the browser tests of the console: scripts/stack/jest-phases.ts), then the fuzzing stage
 * (Schemathesis against the same live stack: scripts/stack/fuzz-stage.ts, docs/testing.md).
 * Arguments after `--` go to jest (e.g. `npm test -- test/integration/tenancy.test.ts`).
 */
async function main(): Promise<number> {
  const jestArgs = process.argv.slice(2);
  const started = performance.now();
  const dataDir = path.join(projectRoot, '.data', `test-${process.pid}`);
  removeStackData(dataDir);
  mkdirSync(dataDir, { recursive: true });

  // Static checks run while the stack boots: both are needed, neither waits for the other.
  const staticChecks = runStaticChecks();
  // The api serves the built console (cached by a source hash); the browser tests also need Chromium. Neither waits for the stack.
  const wantsBrowser = jestArgs.filter((a) => !a.startsWith('-')).length === 0 || jestArgs.some((a) => a.includes('browser'));
  const browserReady = ensureConsoleBuilt().then(() => wantsBrowser && ensureChromiumInstalled());

  const [pgPort, temporalPort, apiPort, workerMetricsPort] = [await getFreePort(), await getFreePort(), await getFreePort(), await getFreePort()];
  console.log('Starting PostgreSQL and the Temporal dev server (throw-away data)…');
  // Throw-away Temporal history on tmpfs when there is one: SQLite writes dominate the dev
  // server's cost, and nothing of it must survive the run.
  const temporalDataDir = existsSync('/dev/shm') ? path.join('/dev/shm', `era-test-${process.pid}`) : undefined;
  const infra = await startInfrastructure({ dataDir, pgPort, temporalPort, durable: false, echo: false, namespaces: ['reliability', 'observability', 'fairness', 'scale'], temporalDataDir });
  const children: { stop: (ms?: number) => Promise<void> }[] = [];
  let exitCode = 1;
  try {
    const bundlePath = path.join(dataDir, 'workflow-bundle.js');
    await bundleWorkflowsToFile(bundlePath);
    const env: Record<string, string> = {
      ...infra.env,
      NODE_ENV: 'test',
      PORT: String(apiPort),
      WORKER_METRICS_PORT: String(workerMetricsPort),
      WORKFLOW_BUNDLE_PATH: bundlePath,
      WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true',
      WEBHOOK_RETRY_SCHEDULE: '1s,2s,2s,3s',
      LOG_LEVEL: 'info',
    };
    writeFileSync(path.join(dataDir, 'stack-env.json'), JSON.stringify(env, null, 2));
    const worker = startServiceProcess('worker', env, { echo: false, logFile: path.join(dataDir, 'worker.log') });
    const api = startServiceProcess('api', env, { echo: false, logFile: path.join(dataDir, 'api.log') });
    children.push(worker, api);
    const apiUrl = `http://127.0.0.1:${apiPort}`;
    await Promise.all([waitForReady(apiUrl, 120_000, api.exited), worker.waitForLine(/worker running/, 180_000)]);
    console.log(`✓ stack ready in ${((performance.now() - started) / 1000).toFixed(1)}s (api ${apiUrl}, temporal ${infra.env.TEMPORAL_ADDRESS})`);

    await browserReady;
    const staticCode = await staticChecks;
    const outcome = await runJestPhases(jestArgs, { ...process.env, ...env, API_URL: apiUrl, TEST_DATA_DIR: dataDir, STACK_ENV_FILE: path.join(dataDir, 'stack-env.json') }, dataDir);
    const fuzzCode = (await fuzzStageWanted(jestArgs)) ? await runFuzzStep(apiUrl, env.DATABASE_URL, dataDir) : 0;
    // The plain closing line that CI reads, whatever the runner.
    console.log(`\njest: ${outcome.passed} passed, ${outcome.failed} failed, ${outcome.skipped} skipped`);
    exitCode = outcome.status === 0 && staticCode === 0 && fuzzCode === 0 ? 0 : 1;
    if (staticCode !== 0) console.log('static checks failed (see above)');
    if (fuzzCode !== 0) console.log('the fuzzing stage failed (see above)');
  } finally {
    for (const child of children.reverse()) await child.stop(20_000);
    await infra.stop();
    if (temporalDataDir) rmSync(temporalDataDir, { recursive: true, force: true });
    if (exitCode === 0 && process.env.KEEP_TEST_DATA !== '1') removeStackData(dataDir);
    else console.log(`test data and logs kept in ${dataDir}`);
  }
  console.log(`npm test finished in ${((performance.now() - started) / 1000).toFixed(1)}s`);
  return exitCode;
}

main().then(
  (code) => process.exit(code),
  (error) => {
    console.error(`npm test failed: ${error.stack ?? error}`);
    process.exit(1);
  },
);

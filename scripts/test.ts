import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { bundleWorkflowsToFile } from '../worker/bundle-workflows';
import { ensureChromiumInstalled } from './stack/chromium';
import { ensureConsoleBuilt } from './stack/console-build';
import { fuzzStageWanted, runFuzzStep } from './stack/fuzz-step';
import { runJestPhases, selectedProjects, stackFreeProjects } from './stack/jest-phases';
import { removeStackData } from './stack/postgres-location';
import { startOnFreePort } from './stack/ports';
import { prefetchTemporalServerBuild, productionStageWanted, runProductionStage } from './stack/production-stage';
import { DEMO_COMPANY_UUID } from './stack/demo-tenant';
import { startStackIdentityProvider } from './stack/identity-provider';
import { demoPeople } from '../support/dev-identity-provider/dev-people';
import { projectRoot, startInfrastructure, startServiceProcess, waitForReady } from './stack/stack';
import { runStaticChecks } from './stack/static-checks';
import { addTallies, emptyTally, formatClosingLine, type TestTally } from './stack/test-tally';

/**
 * `npm test`: lint and typecheck, then the same bootstrapping as `npm start` on free ports and
 * throw-away data, then jest (unit + integration against the real api and worker processes, then
 * the browser tests of the console: scripts/stack/jest-phases.ts), then the fuzzing stage
 * (Schemathesis against the same live stack: scripts/stack/fuzz-stage.ts, docs/testing.md), then
 * the production-topology stage (Temporal Server on Postgres: scripts/stack/production-stage.ts).
 * Arguments after `--` go to jest (e.g. `npm test -- test/integration/tenancy.test.ts`);
 * `npm test -- --selectProjects unit` runs without a stack.
 * The last line printed is the plain closing line CI reads: `N passed, N failed, N skipped`,
 * counting the static checks, every jest test and every fuzzing case (docs/testing.md).
 */
async function main(): Promise<TestTally> {
  const jestArgs = process.argv.slice(2);
  const started = performance.now();
  const dataDir = path.join(projectRoot, '.data', `test-${process.pid}`);
  removeStackData(dataDir);
  mkdirSync(dataDir, { recursive: true });
  const staticChecks = namesTestFiles(jestArgs) && process.env.STATIC_CHECKS !== '1' ? skippedStaticChecks() : runStaticChecks();
  const tallies: TestTally[] = [];
  let failedToRun = false;
  const projects = selectedProjects(jestArgs);
  try {
    if (projects && projects.every((p) => stackFreeProjects.includes(p))) {
      tallies.push(await runJestPhases(jestArgs, { ...process.env, TEST_DATA_DIR: dataDir }, dataDir));
    } else {
      tallies.push(await runOnStack(jestArgs, dataDir, started));
    }
    tallies.push(await staticChecks);
  } catch (error) {
    failedToRun = true;
    console.log(`npm test could not run: ${(error as Error).stack ?? error}`);
    console.log(`test data and logs kept in ${dataDir}`);
  }
  const tally = addTallies(...tallies);
  if (failedToRun) tally.failed += 1;
  if (tally.failed === 0 && !failedToRun && process.env.KEEP_TEST_DATA !== '1') removeStackData(dataDir);
  else if (!failedToRun) console.log(`test data and logs kept in ${dataDir}`);
  console.log(`npm test finished in ${((performance.now() - started) / 1000).toFixed(1)}s`);
  return tally;
}

/** A run of named test files is a developer's loop: the static checks (minutes of typed lint) belong to the whole suite. */
function namesTestFiles(jestArgs: string[]): boolean {
  return jestArgs.some((arg) => !arg.startsWith('-') && (arg.includes('/') || arg.endsWith('.ts')));
}

function skippedStaticChecks(): Promise<TestTally> {
  console.log('static checks not run: test files were named (STATIC_CHECKS=1 runs them too)');
  return Promise.resolve({ passed: 0, failed: 0, skipped: 0 });
}

/** The whole stack on free ports (each retried on a new port when another process took it first), then jest and the fuzzer. */
async function runOnStack(jestArgs: string[], dataDir: string, started: number): Promise<TestTally> {
  // The api serves the built console (cached by a source hash); the browser tests also need Chromium. Neither waits for the stack.
  const wantsBrowser = jestArgs.filter((a) => !a.startsWith('-')).length === 0 || jestArgs.some((a) => a.includes('browser'));
  const browserReady = ensureConsoleBuilt().then(() => wantsBrowser && ensureChromiumInstalled());
  const productionStage = productionStageWanted(jestArgs);
  if (productionStage) prefetchTemporalServerBuild();
  console.log('Starting PostgreSQL and the Temporal dev server (throw-away data)…');
  // Throw-away Temporal history on tmpfs when there is one: SQLite writes dominate the dev
  // server's cost, and nothing of it must survive the run.
  const temporalDataDir = existsSync('/dev/shm') ? path.join('/dev/shm', `era-test-${process.pid}`) : undefined;
  const infra = await startInfrastructure({
    dataDir,
    pgPort: 'auto',
    temporalPort: 'auto',
    durable: false,
    echo: false,
    namespaces: ['reliability', 'observability', 'fairness', 'scale', 'cases', 'monitoring', 'feeds', 'batches'],
    temporalDataDir,
  });
  const children: { stop: (ms?: number) => Promise<void> }[] = [];
  // The development identity provider people sign in at; tests add people of their own companies (POST /dev/people).
  const identityProvider = await startStackIdentityProvider({
    port: 'auto',
    dataDir,
    people: demoPeople(DEMO_COMPANY_UUID),
    allowRegistration: true,
  }).catch(async (error) => {
    await infra.stop();
    throw error;
  });
  try {
    const bundlePath = path.join(dataDir, 'workflow-bundle.js');
    await bundleWorkflowsToFile(bundlePath);
    const base: Record<string, string> = {
      ...infra.env,
      ...identityProvider.env,
      NODE_ENV: 'test',
      WORKFLOW_BUNDLE_PATH: bundlePath,
      WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true',
      WEBHOOK_RETRY_SCHEDULE: '1s,2s,2s,3s',
      LOG_LEVEL: 'info',
    };
    const worker = await startOnFreePort('the worker', async (port, attempt) => {
      const proc = startServiceProcess(
        'worker',
        { ...base, WORKER_METRICS_PORT: String(port) },
        { echo: false, logFile: path.join(dataDir, attempt === 1 ? 'worker.log' : `worker-${attempt}.log`) },
      );
      try {
        await proc.waitForLine(/worker running/, 180_000);
        return { proc, port };
      } catch (error) {
        await proc.stop(5_000);
        throw error;
      }
    });
    children.push(worker.proc);
    const api = await startOnFreePort('the api', async (port, attempt) => {
      const proc = startServiceProcess(
        'api',
        { ...base, PORT: String(port), WORKER_METRICS_PORT: String(worker.port) },
        { echo: false, logFile: path.join(dataDir, attempt === 1 ? 'api.log' : `api-${attempt}.log`) },
      );
      try {
        await waitForReady(`http://127.0.0.1:${port}`, 120_000, proc.exited);
        return { proc, port };
      } catch (error) {
        await proc.stop(5_000);
        throw error;
      }
    });
    children.push(api.proc);
    const env: Record<string, string> = { ...base, PORT: String(api.port), WORKER_METRICS_PORT: String(worker.port) };
    writeFileSync(path.join(dataDir, 'stack-env.json'), JSON.stringify(env, null, 2));
    // Not in the tests' environment: read by the few tests that need more than the service role (test/support/database-roles.ts).
    writeFileSync(path.join(dataDir, 'database-roles.json'), JSON.stringify(infra.privilegedDatabaseUrls), { mode: 0o600 });
    const apiUrl = `http://127.0.0.1:${api.port}`;
    console.log(
      `✓ stack ready in ${((performance.now() - started) / 1000).toFixed(1)}s (api ${apiUrl}, temporal ${infra.env.TEMPORAL_ADDRESS})`,
    );

    await browserReady;
    const jest = await runJestPhases(
      jestArgs,
      { ...process.env, ...env, API_URL: apiUrl, TEST_DATA_DIR: dataDir, STACK_ENV_FILE: path.join(dataDir, 'stack-env.json') },
      dataDir,
    );
    const fuzz = (await fuzzStageWanted(jestArgs)) ? await runFuzzStep(apiUrl, env.DATABASE_URL, dataDir) : emptyTally();
    const production = productionStage
      ? await runProductionStage({ dataDir, bundlePath, jestArgs, env: identityProvider.env })
      : emptyTally();
    return addTallies(jest, fuzz, production);
  } finally {
    for (const child of children.reverse()) await child.stop(20_000);
    await identityProvider.provider.close();
    await infra.stop();
    if (temporalDataDir) rmSync(temporalDataDir, { recursive: true, force: true });
  }
}

main().then(
  (tally) => {
    // The very last line: nothing may print after it.
    console.log(formatClosingLine(tally));
    process.exit(tally.failed === 0 ? 0 : 1);
  },
  (error) => {
    console.log(`npm test failed: ${error.stack ?? error}`);
    console.log(formatClosingLine({ passed: 0, failed: 1, skipped: 0 }));
    process.exit(1);
  },
);

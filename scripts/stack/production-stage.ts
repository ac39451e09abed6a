import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { runJestPhases } from './jest-phases';
import { startOnFreePort } from './ports';
import { startProductionInfrastructure } from './production-infrastructure';
import { productionTopology } from './production-topology';
import { startServiceProcess, waitForReady } from './stack';
import { ensureTemporalServerBuilt } from './temporal-server-build';
import type { TestTally } from './test-tally';

/** The whole suite runs the stage; a run of named files when one is under test/production/ or with PRODUCTION_STAGE=1; SKIP_PRODUCTION_STAGE=1 never. */
export function productionStageWanted(jestArgs: string[]): boolean {
  if (process.env.SKIP_PRODUCTION_STAGE === '1') return false;
  const named = jestArgs.filter((arg) => !arg.startsWith('-'));
  return process.env.PRODUCTION_STAGE === '1' || named.length === 0 || named.some((arg) => arg.includes('test/production'));
}

/**
 * Starts the Temporal server's build at once, at the lowest CPU priority, so that on a fresh
 * clone it compiles while the other stages wait on workflows and timers (docs/deployment.md,
 * "Build"); the stage awaits the same build. A build error surfaces in the stage.
 */
export function prefetchTemporalServerBuild(): void {
  ensureTemporalServerBuilt({ niced: true, log: (line) => console.log(`[temporal-server build] ${line}`) }).catch(() => undefined);
}

/**
 * The production-topology stage of `npm test` (docs/deployment.md, "Tested here"): beside the
 * usual stack, a Postgres cluster of its own with the service's and Temporal's databases,
 * Temporal Server built from its pinned module, the namespace setup, an api and a worker on it,
 * then the `production` jest project (test/production/) against them. Its tests count in the
 * closing line; a stage that could not start counts as one failure. Prints its duration.
 */
export async function runProductionStage(options: {
  dataDir: string;
  bundlePath: string;
  jestArgs: string[];
  env: Record<string, string>;
}): Promise<TestTally> {
  const started = performance.now();
  const dataDir = path.join(options.dataDir, 'production');
  mkdirSync(dataDir, { recursive: true });
  const log = (line: string) => console.log(`[production] ${line}`);
  console.log(
    `Production topology stage: Temporal Server ${productionTopology.temporalServerVersion} on PostgreSQL, beside the usual stack…`,
  );
  const children: { stop: (ms?: number) => Promise<void> }[] = [];
  let infra: Awaited<ReturnType<typeof startProductionInfrastructure>> | undefined;
  try {
    infra = await startProductionInfrastructure({ dataDir, pgPort: 'auto', temporalPort: 'auto', durable: false, log });
    const base: Record<string, string> = {
      ...options.env,
      ...infra.env,
      NODE_ENV: 'test',
      WORKFLOW_BUNDLE_PATH: options.bundlePath,
      WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true',
      WEBHOOK_RETRY_SCHEDULE: '1s,2s,2s,3s',
      LOG_LEVEL: 'info',
    };
    const worker = await startOnFreePort('the production worker', async (port, attempt) => {
      const proc = startServiceProcess(
        'worker',
        { ...base, WORKER_METRICS_PORT: String(port) },
        { echo: false, logFile: path.join(dataDir, attempt === 1 ? 'worker.log' : `worker-${attempt}.log`) },
      );
      children.push(proc);
      await proc.waitForLine(/worker running/, 180_000);
      return { proc, port };
    });
    const api = await startOnFreePort('the production api', async (port, attempt) => {
      const proc = startServiceProcess(
        'api',
        { ...base, PORT: String(port), WORKER_METRICS_PORT: String(worker.port) },
        { echo: false, logFile: path.join(dataDir, attempt === 1 ? 'api.log' : `api-${attempt}.log`) },
      );
      children.push(proc);
      await waitForReady(`http://127.0.0.1:${port}`, 120_000, proc.exited);
      return { proc, port };
    });
    const env = { ...base, PORT: String(api.port), WORKER_METRICS_PORT: String(worker.port) };
    const envFile = path.join(dataDir, 'stack-env.json');
    writeFileSync(envFile, JSON.stringify(env, null, 2), { mode: 0o600 });
    // The owner's URL for the tests that act as an operator (imports, docs/testing.md), as scripts/test.ts writes it.
    writeFileSync(path.join(dataDir, 'database-roles.json'), JSON.stringify(infra.privilegedDatabaseUrls), { mode: 0o600 });
    const ready = ((performance.now() - started) / 1000).toFixed(1);
    log(
      `ready in ${ready}s (${Object.entries(infra.timings)
        .map(([step, s]) => `${step} ${s}s`)
        .join(', ')}); api http://127.0.0.1:${api.port}, temporal ${infra.env.TEMPORAL_ADDRESS}`,
    );
    const files = options.jestArgs.filter((arg) => !arg.startsWith('-') && arg.includes('test/production'));
    const jest = await runJestPhases(
      ['--selectProjects', 'production', ...files],
      {
        ...process.env,
        ...env,
        API_URL: `http://127.0.0.1:${api.port}`,
        STACK_ENV_FILE: envFile,
        TEST_DATA_DIR: dataDir,
        PRODUCTION_TEMPORAL_SERVER_VERSION: productionTopology.temporalServerVersion,
      },
      dataDir,
    );
    console.log(
      `${jest.failed === 0 ? '✓' : '✗'} production topology stage in ${((performance.now() - started) / 1000).toFixed(1)}s (ready after ${ready}s; logs in ${dataDir})`,
    );
    return { passed: jest.passed, failed: jest.failed, skipped: jest.skipped };
  } catch (error) {
    console.log(
      `✗ production topology stage could not run (${((performance.now() - started) / 1000).toFixed(1)}s): ${(error as Error).message}\n  logs in ${dataDir}`,
    );
    return { passed: 0, failed: 1, skipped: 0 };
  } finally {
    for (const child of children.reverse()) await child.stop(20_000);
    await infra?.stop();
  }
}

import { randomUUID } from 'node:crypto';
import os from 'node:os';
import { mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { Runtime, makeTelemetryFilterString } from '@temporalio/worker';
import type { Knex } from 'knex';
import { createDb } from '../db/create-db';
import { SYSTEM_ACTOR } from '../domain/actor';
import { issueApiKey } from '../usecases/tenancy/issue-api-key';
import { createCompany, upsertPlan } from '../db/repositories/tenancy/tenancy-repository';
import { getFreePort } from '../scripts/stack/ports';
import { removeStackData } from '../scripts/stack/postgres-location';
import { projectRoot, startInfrastructure, startServiceProcess, waitForReady } from '../scripts/stack/stack';
import { createAnalysisPipeline, createAnalysisRunCache } from '../usecases/analyses/support/analysis-run';
import { bundleWorkflowsToFile } from '../worker/bundle-workflows';
import { withEmptyWorkflow } from './support/empty-workflow';
import { closedLoop as load, flag, type Latencies } from './support/load';
import { withCpu } from './support/cpu';
import { seedBenchDataset } from './support/analyses-dataset';
import { startBenchTemporal, waitForEmbeddedWorker } from './support/bench-temporal';
import { syncBreakdown } from './support/sync-breakdown';
import { profileServiceInto, summarizeServiceProfiles, type ThreadCost } from './support/service-profiles';

/**
 * `npm run bench -- analyses [--entities 100000] [--requests 2000] [--temporal-store tmpfs|file|memory] [--temporal-tuning on|off] [--workflow-bundle <file>] [--profile] [--keep]`
 * (a) the bare pipeline in-process (load snapshot, score, graph, persist) without Temporal;
 * (b) an empty workflow on the same Temporal dev server: the orchestration ceiling;
 * (c) sync POST /analyses through api → Temporal → worker → Postgres at concurrency 1 and 16,
 *     once with separate api and worker processes, once with the api's embedded worker (eager start).
 * `--workflow-bundle` runs (c) on a bundle built elsewhere (`node --import tsx worker/bundle-workflows.ts
 * <file>` in a checkout of another commit): the same api and data, only the workflow code differing
 * (docs/throughput-ceiling.md, "Where the regression was").
 * `--profile` runs the api and worker processes under `--cpu-prof` and adds, per thread, where
 * their CPU went during (c)'s c=16 phase (bench/support/service-profiles.ts); its figures are not
 * compared with the baseline.
 */
async function barePipeline(db: Knex, subjects: number[], companyId: number, total: number, concurrency: number): Promise<Latencies> {
  // The sync run exactly as the embedded worker's local activity runs it, without Temporal and HTTP.
  const pipeline = createAnalysisPipeline({ db }, createAnalysisRunCache(64));
  const asOf = new Date().toISOString().slice(0, 10);
  return load(total, concurrency, async (i) => {
    await pipeline.runInOneWrite({
      uuid: randomUUID(),
      entryUuid: randomUUID(),
      companyId,
      companyUuid: randomUUID(),
      entityId: subjects[i % subjects.length],
      mode: 'sync',
      asOf,
      source: 'bench',
      clientReference: null,
      webhookEndpointUuid: null,
      maxDepth: 4,
      maxNodes: 20_000,
      uboThresholdPercent: 25,
    });
    return true;
  });
}

/** (b): the empty workflow at concurrency 1 and `concurrency`, with and without eager start. */
async function emptyWorkflows(
  dataDir: string,
  address: string,
  total: number,
  concurrency: number,
): Promise<Record<'c1' | 'eager_c1', Latencies> & Record<'c16' | 'eager_c16', Latencies & { cpu_ms_per_item: Record<string, number> }>> {
  return withEmptyWorkflow(dataDir, address, async (runOnce) => {
    await load(50, 4, () => runOnce(false)); // warm-up
    return {
      c1: await load(Math.min(300, total), 1, () => runOnce(false)),
      c16: await withCpu(dataDir, () => load(total, concurrency, () => runOnce(false))),
      eager_c1: await load(Math.min(300, total), 1, () => runOnce(true)),
      eager_c16: await withCpu(dataDir, () => load(total, concurrency, () => runOnce(true))),
    };
  });
}

async function httpAnalyses(apiUrl: string, apiKey: string, subjects: number[], total: number, concurrency: number): Promise<Latencies> {
  return load(total, concurrency, async (i) => {
    const response = await fetch(`${apiUrl}/analyses`, {
      method: 'POST',
      headers: { 'X-API-Key': apiKey, 'Content-Type': 'application/json' },
      body: JSON.stringify({ entity_id: subjects[(i * 7919) % subjects.length] }),
    });
    await response.arrayBuffer();
    return response.status === 201;
  });
}

export default async function bench(args: string[]): Promise<Record<string, unknown>> {
  const entities = flag(args, 'entities', 100_000);
  const requests = flag(args, 'requests', 2_000);
  const dataDir = path.join(projectRoot, '.data', `bench-analyses-${process.pid}`);
  removeStackData(dataDir);
  mkdirSync(dataDir, { recursive: true });
  Runtime.install({ telemetryOptions: { logging: { filter: makeTelemetryFilterString({ core: 'ERROR' }) } } });
  const log = (m: string) => process.stderr.write(`[bench analyses] ${m}\n`);

  const [pgPort, temporalPort, apiPort] = [await getFreePort(), await getFreePort(), await getFreePort()];
  const option = (name: string, fallback: string) => (args.includes(`--${name}`) ? args[args.indexOf(`--${name}`) + 1] : fallback);
  // tmpfs by default, like the webhooks bench and npm test: a throw-away dev server measures the
  // service rather than this VM's disk; `--temporal-store file` shows what the disk adds.
  const temporalStore = option('temporal-store', 'tmpfs');
  const temporalTuning = option('temporal-tuning', 'on') !== 'off';
  const children: { stop: (ms?: number) => Promise<void> }[] = [];
  log(`starting Postgres and the Temporal dev server (store: ${temporalStore}, tuning: ${temporalTuning ? 'on' : 'off'})`);
  if (temporalStore !== 'file' || !temporalTuning) {
    children.push(await startBenchTemporal(temporalPort, { store: temporalStore, tuning: temporalTuning, dataDir }));
    process.env.TEMPORAL_ADDRESS = `127.0.0.1:${temporalPort}`;
  }
  const infra = await startInfrastructure({ dataDir, pgPort, temporalPort, durable: false, echo: false });
  const db = createDb(infra.env.DATABASE_URL, { poolMax: 20 });
  try {
    const t0 = performance.now();
    const dataset = await seedBenchDataset(db, entities);
    log(
      `dataset: ${dataset.entities} entities, ${dataset.relationships} relationships in ${((performance.now() - t0) / 1000).toFixed(1)}s`,
    );
    // No per-key rate cap: the bench measures what the service can do, not what one key may.
    await upsertPlan(db, {
      code: 'bench',
      features: ['analyses', 'analyses_async'],
      quotas: { analyses: 10_000_000 },
      limits: { requests_per_second: 1_000_000 },
    });
    const company = await createCompany(db, { name: 'Bench', planCode: 'bench' });
    const { apiKey } = await issueApiKey({ db: db }, SYSTEM_ACTOR, {
      companyUuid: company.uuid,
      scopes: ['analyses:read', 'analyses:write'],
    });

    log('(a) bare pipeline');
    await barePipeline(db, dataset.subjects, company.id, 50, 4);
    const pipelineC1 = await barePipeline(db, dataset.subjects, company.id, 300, 1);
    const pipelineC16 = await withCpu(dataDir, () => barePipeline(db, dataset.subjects, company.id, requests, 16));

    log('(b) empty workflow');
    const empty = await emptyWorkflows(dataDir, infra.env.TEMPORAL_ADDRESS, requests, 16);

    log('(c) sync POST /analyses: separate api and worker processes (API_EMBEDDED_ANALYSIS_WORKER=false)');
    const givenBundle = option('workflow-bundle', '');
    const bundlePath = givenBundle ? path.resolve(givenBundle) : path.join(dataDir, 'workflow-bundle.js');
    if (!givenBundle) await bundleWorkflowsToFile(bundlePath);
    const env = { ...infra.env, NODE_ENV: 'production', PORT: String(apiPort), WORKFLOW_BUNDLE_PATH: bundlePath, LOG_LEVEL: 'warn' };
    const profiling = args.includes('--profile');
    const profileDir = (name: string) => path.join(dataDir, 'profiles', name);
    if (profiling) process.env.SERVICE_NODE_ARGS = profileServiceInto(profileDir('worker'));
    const worker = startServiceProcess('worker', env, { echo: false, logFile: path.join(dataDir, 'worker.log') });
    children.push(worker);
    const c16Windows: Record<string, { fromUs: number; toUs: number; count: number }> = {};
    const nowUs = () => Number(process.hrtime.bigint() / 1000n);
    const measureApi = async (apiEnv: Record<string, string>, name: string) => {
      if (profiling) process.env.SERVICE_NODE_ARGS = profileServiceInto(profileDir(name));
      const api = startServiceProcess('api', { ...env, ...apiEnv }, { echo: false, logFile: path.join(dataDir, `${name}.log`) });
      try {
        const apiUrl = `http://127.0.0.1:${apiEnv.PORT ?? apiPort}`;
        await waitForReady(apiUrl, 120_000, api.exited);
        if (apiEnv.API_EMBEDDED_ANALYSIS_WORKER !== 'false') await waitForEmbeddedWorker(infra.env.TEMPORAL_ADDRESS, api.child.pid!);
        await httpAnalyses(apiUrl, apiKey, dataset.subjects, 100, 4); // warm-up (JIT, pools, worker cache)
        const c1 = await httpAnalyses(apiUrl, apiKey, dataset.subjects, 300, 1);
        const fromUs = nowUs();
        const c16 = await withCpu(dataDir, () => httpAnalyses(apiUrl, apiKey, dataset.subjects, requests, 16));
        c16Windows[name] = { fromUs, toUs: nowUs(), count: c16.count };
        const breakdown = await syncBreakdown(apiUrl, apiKey, dataset.subjects, infra.env.TEMPORAL_ADDRESS, 100);
        return { c1, c16, breakdown };
      } finally {
        await api.stop(20_000);
      }
    };
    const separate = await measureApi({ API_EMBEDDED_ANALYSIS_WORKER: 'false' }, 'api-separate');

    log('(c, eager) the same through api/server.ts as shipped: embedded analyses worker, eager start (the worker process still polls)');
    const embedded = await measureApi({ PORT: String(await getFreePort()) }, 'api-embedded');
    const [httpC1, httpC16, eagerC1, eagerC16] = [separate.c1, separate.c16, embedded.c1, embedded.c16];
    let profile: Record<string, unknown> | undefined;
    if (profiling) {
      delete process.env.SERVICE_NODE_ARGS;
      await worker.stop(20_000); // V8 writes a profile when its process exits
      const threads = (name: string, window: string): ThreadCost[] =>
        summarizeServiceProfiles(profileDir(name), c16Windows[window], c16Windows[window].count);
      profile = {
        note: 'core-ms per analysis during c=16, under the profiler (which costs CPU itself: compare shares, not totals)',
        c_sync_http: { api: threads('api-embedded', 'api-embedded'), worker_process: threads('worker', 'api-embedded') },
        c_sync_http_separate_worker_process: {
          api: threads('api-separate', 'api-separate'),
          worker_process: threads('worker', 'api-separate'),
        },
      };
    }

    // The shipped configuration (api/server.ts: embedded analyses worker, eager start) is the
    // headline; separate api and worker processes are reported beside it.
    const ratio = eagerC16.per_second / empty.c16.per_second;
    const eagerRatio = eagerC16.per_second / empty.eager_c16.per_second;
    const separateRatio = httpC16.per_second / empty.c16.per_second;
    // (a + b) / c in core-ms per analysis at c=16, every process counted (docs/benchmarks.md, "Regression guard").
    const coreMs = (run: { cpu_ms_per_item: Record<string, number> }) => run.cpu_ms_per_item.total;
    const efficiency = Number(((coreMs(pipelineC16) + coreMs(empty.eager_c16)) / coreMs(eagerC16)).toFixed(3));
    return {
      dataset: { entities: dataset.entities, relationships: dataset.relationships, subjects: dataset.subjects.length },
      temporal_store: temporalStore,
      workflow_bundle: givenBundle || 'built from this checkout',
      temporal_tuning: temporalTuning,
      machine: { cpus: os.cpus().length, node: process.version, load_average_at_end: os.loadavg().map((l) => Number(l.toFixed(2))) },
      a_bare_pipeline: { c1: pipelineC1, c16: pipelineC16 },
      b_empty_workflow: empty,
      c_sync_http: { c1: eagerC1, c16: eagerC16, c1_breakdown: embedded.breakdown },
      c_sync_http_separate_worker_process: { c1: httpC1, c16: httpC16, c1_breakdown: separate.breakdown },
      c_over_b_throughput_ratio: Number(ratio.toFixed(3)),
      c_over_b_eager_throughput_ratio: Number(eagerRatio.toFixed(3)),
      c_separate_over_b_throughput_ratio: Number(separateRatio.toFixed(3)),
      efficiency_a_plus_b_over_c: efficiency,
      ...(profile ? { profiled: true, profile } : {}),
      // The figures the regression guard compares with the committed baseline (scripts/bench.ts).
      // Ratios of this run's own figures, not absolute times: this VM's speed moves 2× between days (docs/benchmarks.md).
      guard: {
        efficiency_a_plus_b_over_c: { value: efficiency, better: 'higher' },
        c_over_b_eager_throughput_ratio: { value: Number(eagerRatio.toFixed(3)), better: 'higher' },
        c1_p50_over_b_eager_c1_p50: { value: Number((eagerC1.p50_ms / empty.eager_c1.p50_ms).toFixed(3)), better: 'lower' },
      },
      targets: {
        p50_c1_le_30ms: { value: eagerC1.p50_ms, met: eagerC1.p50_ms <= 30 },
        throughput_c16_ge_100: { value: eagerC16.per_second, met: eagerC16.per_second >= 100 },
        p99_c16_le_300ms: { value: eagerC16.p99_ms, met: eagerC16.p99_ms <= 300 },
        c_ge_70pct_of_b: { value: Number(ratio.toFixed(3)), met: ratio >= 0.7 },
        c_ge_70pct_of_b_eager: { value: Number(eagerRatio.toFixed(3)), met: eagerRatio >= 0.7 },
      },
    };
  } finally {
    await db.destroy();
    for (const child of children.reverse()) await child.stop(20_000);
    await infra.stop();
    if (!args.includes('--keep')) removeStackData(dataDir);
    rmSync(path.join('/dev/shm', `${path.basename(dataDir)}-temporal`), { recursive: true, force: true });
  }
}

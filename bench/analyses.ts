import { randomUUID } from 'node:crypto';
import os from 'node:os';
import { mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { Client, Connection } from '@temporalio/client';
import { Runtime, makeTelemetryFilterString } from '@temporalio/worker';
import type { Knex } from 'knex';
import { createDb } from '../db/create-db';
import { persistGraph, persistSnapshot, persistVerdict, markAnalysisCompleted } from '../db/repositories/analysis-repository';
import { loadSnapshot } from '../db/repositories/snapshot-repository';
import { createApiKey, createCompany, upsertPlan } from '../db/repositories/tenancy-repository';
import { buildAnalysisGraph } from '../domain/graph/build-analysis-graph';
import { taskQueues } from '../domain/task-queues';
import { canonicalizeSnapshot } from '../domain/scoring/canonical-snapshot';
import { scoreSnapshot } from '../domain/scoring/score-snapshot';
import { snapshotHash } from '../domain/scoring/snapshot-fingerprints';
import { getFreePort, isPortOpen } from '../scripts/stack/ports';
import { startProcess, waitFor } from '../scripts/stack/processes';
import { devServerTuningArgs, temporalCliPath } from '../scripts/stack/temporal';
import { customSearchAttributes } from '../domain/search-attributes';
import { projectRoot, startInfrastructure, startServiceProcess, waitForReady } from '../scripts/stack/stack';
import { bundleWorkflowsToFile } from '../worker/bundle-workflows';
import { withEmptyWorkflow } from './support/empty-workflow';
import { closedLoop as load, flag, type Latencies } from './support/load';
import { withCpu } from './support/cpu';

/**
 * `npm run bench -- analyses [--entities 100000] [--requests 2000] [--temporal-store tmpfs|file|memory] [--temporal-tuning on|off] [--keep]`
 * (a) the bare pipeline in-process (load snapshot, score, graph, persist) without Temporal;
 * (b) an empty workflow on the same Temporal dev server: the orchestration ceiling;
 * (c) sync POST /analyses through api → Temporal → worker → Postgres at concurrency 1 and 16,
 *     once with separate api and worker processes, once with the api's embedded worker (eager start).
 */
async function barePipeline(db: Knex, subjects: number[], companyId: number, total: number, concurrency: number): Promise<Latencies> {
  const asOf = new Date().toISOString().slice(0, 10);
  return load(total, concurrency, async (i) => {
    const uuid = randomUUID();
    const entityId = subjects[i % subjects.length];
    const snapshot = canonicalizeSnapshot(await loadSnapshot(db, { subjectEntityId: entityId, asOf, maxDepth: 4, maxNodes: 20_000 }));
    const hash = snapshotHash(snapshot);
    const analysis = { uuid, companyId, entityId, mode: 'sync' as const, entryUuid: randomUUID(), asOf, workflowId: `bench-${uuid}`, source: 'bench', clientReference: null, webhookEndpointUuid: null };
    await persistSnapshot(db, analysis, { snapshot, snapshotHash: hash, startedAt: new Date() });
    const verdict = scoreSnapshot(snapshot);
    const v = verdict.versions;
    await persistVerdict(db, uuid, { verdict, score: verdict.risk.score, riskLevel: verdict.risk.risk_level, inputFingerprint: v.input_fingerprint, verdictFingerprint: v.verdict_fingerprint, engineFingerprint: v.engine_fingerprint, rulesVersion: v.rules_version });
    const graph = buildAnalysisGraph(snapshot, verdict.signals, { maxDepth: 4, maxNodes: 20_000, uboThresholdPercent: 25 });
    await persistGraph(db, uuid, graph, { nodes: graph.graph.nodes.length });
    await markAnalysisCompleted(db, uuid);
    return true;
  });
}

/** (b): the empty workflow at concurrency 1 and `concurrency`, with and without eager start. */
async function emptyWorkflows(dataDir: string, address: string, total: number, concurrency: number): Promise<Record<'c1' | 'c16' | 'eager_c1' | 'eager_c16', Latencies>> {
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

/**
 * Where the time of a sync analysis goes at concurrency 1, from the client's clock and the
 * workflow history's event times (same machine, same clock): before the workflow exists (HTTP,
 * auth, quota, subject lookup, the start call), from start to the first workflow task, the
 * workflow task itself (the local activity), and from its completion to the HTTP response.
 */
async function syncBreakdown(apiUrl: string, apiKey: string, subjects: number[], address: string, total: number) {
  const wall = () => performance.timeOrigin + performance.now();
  const samples: { sent: number; answered: number; uuid: string }[] = [];
  for (let i = 0; i < total; i++) {
    const sent = wall();
    const response = await fetch(`${apiUrl}/analyses`, { method: 'POST', headers: { 'X-API-Key': apiKey, 'Content-Type': 'application/json' }, body: JSON.stringify({ entity_id: subjects[(i * 104_729) % subjects.length] }) });
    const body = (await response.json()) as { uuid?: string };
    if (response.status === 201 && body.uuid) samples.push({ sent, answered: wall(), uuid: body.uuid });
  }
  const connection = await Connection.connect({ address });
  try {
    const client = new Client({ connection });
    const phases: Record<'before_workflow_start' | 'start_to_first_task' | 'workflow_task' | 'task_completed_to_response', number[]> = { before_workflow_start: [], start_to_first_task: [], workflow_task: [], task_completed_to_response: [] };
    for (const s of samples) {
      const { events } = await client.workflow.getHandle(`analysis-${s.uuid}`).fetchHistory();
      const at = (pick: (e: any) => unknown) => {
        const e = events!.find(pick)!;
        return Number(e.eventTime!.seconds) * 1000 + e.eventTime!.nanos! / 1e6;
      };
      const started = at((e) => e.workflowExecutionStartedEventAttributes);
      const taskStarted = at((e) => e.workflowTaskStartedEventAttributes);
      const taskCompleted = at((e) => e.workflowTaskCompletedEventAttributes);
      phases.before_workflow_start.push(started - s.sent);
      phases.start_to_first_task.push(taskStarted - started);
      phases.workflow_task.push(taskCompleted - taskStarted);
      phases.task_completed_to_response.push(s.answered - taskCompleted);
    }
    const median = (xs: number[]) => Number(([...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0).toFixed(2));
    return { count: samples.length, p50_ms: Object.fromEntries(Object.entries(phases).map(([k, xs]) => [k, median(xs)])) };
  } finally {
    await connection.close();
  }
}

/**
 * Resolves once a worker of process `pid` polls the analyses queue: the api's embedded worker
 * starts in the background after the api is ready, and eager start needs it running.
 */
async function waitForEmbeddedWorker(address: string, pid: number): Promise<void> {
  const connection = await Connection.connect({ address });
  try {
    await waitFor('the embedded analyses worker', async () => {
      const { pollers } = await connection.workflowService.describeTaskQueue({
        namespace: 'default',
        taskQueue: { name: taskQueues.analyses },
        taskQueueType: 1, // TASK_QUEUE_TYPE_WORKFLOW
      });
      return pollers?.some((p) => p.identity?.startsWith(`${pid}@`)) ? true : undefined;
    }, 120_000, 250);
  } finally {
    await connection.close();
  }
}

/**
 * `--temporal-store memory` runs the same dev server without its SQLite file, `tmpfs` with it on
 * /dev/shm, and
 * `--temporal-tuning off` without the settings of scripts/stack/temporal.ts (devServerTuningArgs),
 * to show what each costs. The defaults (`file`, `on`) are exactly what npm start and npm test run.
 */
async function startBenchTemporal(port: number, options: { store: string; tuning: boolean; dataDir: string }) {
  const args = ['server', 'start-dev', '--ip', '127.0.0.1', '--port', String(port), '--headless', '--log-level', 'warn'];
  // `tmpfs`: the same SQLite file and settings as `file`, on /dev/shm (no disk I/O at all).
  const fileDir = options.store === 'file' ? path.join(options.dataDir, 'temporal') : options.store === 'tmpfs' ? path.join('/dev/shm', `${path.basename(options.dataDir)}-temporal`) : undefined;
  if (fileDir) {
    mkdirSync(fileDir, { recursive: true });
    args.push('--db-filename', path.join(fileDir, 'temporal.db'));
  }
  for (const [name, type] of Object.entries(customSearchAttributes)) args.push('--search-attribute', `${name}=${type}`);
  if (options.tuning) args.push(...devServerTuningArgs({ file: fileDir !== undefined }));
  const server = startProcess({ name: 'temporal', command: temporalCliPath(), args, echo: false });
  await waitFor('the Temporal dev server', async () => ((await isPortOpen(port)) ? true : undefined), 60_000, 250);
  await new Promise((r) => setTimeout(r, 1_000));
  return server;
}

/**
 * The dataset: `entities` canonical entities (60 % organizations, 40 % persons) generated
 * set-based in SQL, deterministic. Each organization has a person partner (persons hold 1–2
 * companies), every third one a corporate owner; 1 % of persons are PEPs, 0.5 % of
 * organizations sanctioned, 3 % inactive: networks of tens of nodes at 4 hops, as in real data.
 */
async function seedBenchDataset(db: Knex, entities: number): Promise<{ entities: number; relationships: number; subjects: number[] }> {
  const orgs = Math.floor(entities * 0.6);
  const persons = entities - orgs;
  await db.raw(
    `INSERT INTO entities (entity_type, display_name, normalized_name, status, profile, source_key)
     SELECT 'organization', 'EMPRESA BENCH ' || g, 'EMPRESA BENCH ' || g,
            CASE WHEN g % 50 = 0 THEN 'BAIXADA' WHEN g % 97 = 0 THEN 'INAPTA' ELSE 'ATIVA' END,
            jsonb_build_object('incorporation_date', (date '2000-01-01' + (g % 9000))::text, 'capital_social', ((g % 1000) * 1000)::text || '.00'),
            'bench:org:' || g
     FROM generate_series(1, ?::int) g`,
    [orgs],
  );
  await db.raw(
    `INSERT INTO entities (entity_type, display_name, normalized_name, profile, source_key)
     SELECT 'person', 'PESSOA BENCH ' || g, 'PESSOA BENCH ' || g, jsonb_build_object('birth_date', (date '1950-01-01' + (g % 18000))::text), 'bench:person:' || g
     FROM generate_series(1, ?::int) g`,
    [persons],
  );
  await db.raw(
    `INSERT INTO relationships (source_entity_id, target_entity_id, relationship_type, relationship_role, qualification_code, valid_from, is_active, evidence_source, source_key)
     SELECT p.id, o.id, 'PARTNER_OF', 'Sócio-Administrador', '49', date '2010-01-01', true, 'bench', 'bench:rel:p:' || g
     FROM generate_series(1, ?::int) g
     JOIN entities o ON o.source_key = 'bench:org:' || g
     JOIN entities p ON p.source_key = 'bench:person:' || (((g::bigint * 31) % ?::int) + 1)`,
    [orgs, persons],
  );
  await db.raw(
    `INSERT INTO relationships (source_entity_id, target_entity_id, relationship_type, relationship_role, qualification_code, ownership_percentage, valid_from, is_active, evidence_source, source_key)
     SELECT owner.id, o.id, 'OWNS', 'Sócio Pessoa Jurídica', '22', 40, date '2012-01-01', true, 'bench', 'bench:rel:o:' || g
     FROM generate_series(1, ?::int) g
     JOIN entities o ON o.source_key = 'bench:org:' || g
     JOIN entities owner ON owner.source_key = 'bench:org:' || (((g::bigint * 7919) % ?::int) + 1)
     WHERE g % 3 = 0 AND owner.id <> o.id`,
    [orgs, orgs],
  );
  await db.raw(
    `INSERT INTO pep_records (entity_id, name, normalized_name, role_description, institution_name, start_date, end_date, pep_type, source_key)
     SELECT e.id, e.display_name, e.normalized_name, 'Vereador', 'Câmara Municipal', date '2017-01-01', CASE WHEN g % 200 = 0 THEN date '2022-12-31' END, 'elected_official', 'bench:pep:' || g
     FROM generate_series(100, ?::int, 100) g JOIN entities e ON e.source_key = 'bench:person:' || g`,
    [persons],
  );
  await db.raw(
    `INSERT INTO sanctions (entity_id, list_code, name, normalized_name, sanction_type, start_date, end_date, sanctioning_body, source_key)
     SELECT e.id, CASE WHEN g % 400 = 0 THEN 'cnep' ELSE 'ceis' END, e.display_name, e.normalized_name, 'Inidoneidade', date '2023-05-01', date '2030-05-01', 'CGU', 'bench:sanction:' || g
     FROM generate_series(200, ?::int, 200) g JOIN entities e ON e.source_key = 'bench:org:' || g`,
    [orgs],
  );
  await db.raw('ANALYZE');
  const [{ n: total }] = (await db.raw(`SELECT count(*)::int AS n FROM entities`)).rows;
  const [{ n: relationships }] = (await db.raw(`SELECT count(*)::int AS n FROM relationships`)).rows;
  const subjects = (await db('entities').where('source_key', 'like', 'bench:org:%').orderBy('id').pluck('id')) as number[];
  return { entities: total, relationships, subjects };
}

export default async function bench(args: string[]): Promise<Record<string, unknown>> {
  const entities = flag(args, 'entities', 100_000);
  const requests = flag(args, 'requests', 2_000);
  const dataDir = path.join(projectRoot, '.data', `bench-analyses-${process.pid}`);
  rmSync(dataDir, { recursive: true, force: true });
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
    log(`dataset: ${dataset.entities} entities, ${dataset.relationships} relationships in ${((performance.now() - t0) / 1000).toFixed(1)}s`);
    await upsertPlan(db, { code: 'bench', features: ['analyses', 'analyses_async'], quotas: { analyses: 10_000_000 } });
    const company = await createCompany(db, { name: 'Bench', planCode: 'bench' });
    const { apiKey } = await createApiKey(db, { companyUuid: company.uuid, scopes: ['analyses:read', 'analyses:write'] });

    log('(a) bare pipeline');
    await barePipeline(db, dataset.subjects, company.id, 50, 4);
    const pipelineC1 = await barePipeline(db, dataset.subjects, company.id, 300, 1);
    const pipelineC16 = await withCpu(dataDir, () => barePipeline(db, dataset.subjects, company.id, requests, 16));

    log('(b) empty workflow');
    const empty = await emptyWorkflows(dataDir, infra.env.TEMPORAL_ADDRESS, requests, 16);

    log('(c) sync POST /analyses: separate api and worker processes (API_EMBEDDED_ANALYSIS_WORKER=false)');
    const bundlePath = path.join(dataDir, 'workflow-bundle.js');
    await bundleWorkflowsToFile(bundlePath);
    const env = { ...infra.env, NODE_ENV: 'production', PORT: String(apiPort), WORKFLOW_BUNDLE_PATH: bundlePath, LOG_LEVEL: 'warn', DATABASE_POOL_MAX: '20' };
    const worker = startServiceProcess('worker', env, { echo: false, logFile: path.join(dataDir, 'worker.log') });
    children.push(worker);
    const measureApi = async (apiEnv: Record<string, string>, name: string) => {
      const api = startServiceProcess('api', { ...env, ...apiEnv }, { echo: false, logFile: path.join(dataDir, `${name}.log`) });
      try {
        const apiUrl = `http://127.0.0.1:${apiEnv.PORT ?? apiPort}`;
        await waitForReady(apiUrl, 120_000, api.exited);
        if (apiEnv.API_EMBEDDED_ANALYSIS_WORKER !== 'false') await waitForEmbeddedWorker(infra.env.TEMPORAL_ADDRESS, api.child.pid!);
        await httpAnalyses(apiUrl, apiKey, dataset.subjects, 100, 4); // warm-up (JIT, pools, worker cache)
        const c1 = await httpAnalyses(apiUrl, apiKey, dataset.subjects, 300, 1);
        const c16 = await withCpu(dataDir, () => httpAnalyses(apiUrl, apiKey, dataset.subjects, requests, 16));
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

    // The shipped configuration (api/server.ts: embedded analyses worker, eager start) is the
    // headline; separate api and worker processes are reported beside it.
    const ratio = eagerC16.per_second / empty.c16.per_second;
    const eagerRatio = eagerC16.per_second / empty.eager_c16.per_second;
    const separateRatio = httpC16.per_second / empty.c16.per_second;
    return {
      dataset: { entities: dataset.entities, relationships: dataset.relationships, subjects: dataset.subjects.length },
      temporal_store: temporalStore,
      temporal_tuning: temporalTuning,
      machine: { cpus: os.cpus().length, node: process.version, load_average_at_end: os.loadavg().map((l) => Number(l.toFixed(2))) },
      a_bare_pipeline: { c1: pipelineC1, c16: pipelineC16 },
      b_empty_workflow: empty,
      c_sync_http: { c1: eagerC1, c16: eagerC16, c1_breakdown: embedded.breakdown },
      c_sync_http_separate_worker_process: { c1: httpC1, c16: httpC16, c1_breakdown: separate.breakdown },
      c_over_b_throughput_ratio: Number(ratio.toFixed(3)),
      c_over_b_eager_throughput_ratio: Number(eagerRatio.toFixed(3)),
      c_separate_over_b_throughput_ratio: Number(separateRatio.toFixed(3)),
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
    if (!args.includes('--keep')) rmSync(dataDir, { recursive: true, force: true });
    rmSync(path.join('/dev/shm', `${path.basename(dataDir)}-temporal`), { recursive: true, force: true });
  }
}

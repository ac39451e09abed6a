import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { Client, Connection } from '@temporalio/client';
import iconv from 'iconv-lite';
import { monitorWorkflowContract, type MonitorWorkflowInput } from '../contracts/monitor-workflow-contract';
import { createDb } from '../db/create-db';
import { createCompany, upsertPlan } from '../db/repositories/tenancy/tenancy-repository';
import { SYSTEM_ACTOR } from '../domain/actor';
import { completeCnpj } from '../domain/documents/cnpj';
import { planFeatures, scopes } from '../domain/tenancy';
import { cguLine } from '../generator/file-formats';
import { importSanctions } from '../importers/cgu/import-sanctions';
import { startWorkflow } from '../infra/start-workflow';
import { getFreePort } from '../scripts/stack/ports';
import { removeStackData } from '../scripts/stack/postgres-location';
import { projectRoot, startInfrastructure } from '../scripts/stack/stack';
import { startChangeFanOut } from '../usecases/monitoring/start-change-fan-out';
import { issueApiKey } from '../usecases/tenancy/issue-api-key';
import { seedBenchDataset } from './support/analyses-dataset';
import { cpuPerSecondOver, treeCpuMs } from './support/cpu';
import { closedLoop, flag, type Latencies, summarize } from './support/load';
import { startBenchServices } from './support/bench-services';

/**
 * `npm run bench -- monitoring [--monitors 100000] [--affected-percent 1] [--idle-seconds 30]
 * [--sync 150] [--sync-concurrency 2] [--start-concurrency 16] [--max-backlog 400] [--keep]` (docs/monitoring.md, "Benchmark"):
 * on the real stack (api, worker, Temporal dev server, Postgres), with the bench dataset:
 *  - `--monitors` active monitors of one company. The affected ones (`--affected-percent`) are
 *    created through POST /monitors (a real baseline analysis each, their real networks indexed);
 *    the others are seeded as an idle monitor is after its baseline — the row, its entity index
 *    (the subject and its direct relations) and its workflow asleep on its review timer (started
 *    with the carried state of a continue-as-new) — because 100,000 baseline analyses alone would
 *    take this 2-core machine most of an hour and measure the analysis pipeline, not monitoring;
 *  - idle: the CPU of the whole stack per second with and without the monitors, and Temporal's
 *    storage (its SQLite file) per idle monitor;
 *  - a CEIS import (the real importer) sanctioning the affected subjects — chosen with no
 *    ownership link to another monitored company, so exactly they are affected — then the
 *    fan-out as the ops CLI starts it; the time from the import's end to the last alert; the
 *    alerts checked against the entity index (exactly the affected monitors, once each);
 *  - sync analyses of another company (POST /analyses): p95 quiet (`--sync` calls), and during
 *    the fan-out (the same load, from the import's end until the last alert).
 */
/** temporal.api.enums.v1: TaskQueueKind NORMAL, TaskQueueType WORKFLOW. */
const TASK_QUEUE_KIND_NORMAL = 1;
const TASK_QUEUE_TYPE_WORKFLOW = 1;

export default async function bench(args: string[]): Promise<Record<string, unknown>> {
  const monitorCount = flag(args, 'monitors', 100_000);
  const affectedPercent = flag(args, 'affected-percent', 1);
  const idleSeconds = flag(args, 'idle-seconds', 30);
  const syncCalls = flag(args, 'sync', 150);
  const syncConcurrency = flag(args, 'sync-concurrency', 2);
  const startConcurrency = flag(args, 'start-concurrency', 16);
  const maxBacklog = flag(args, 'max-backlog', 400);
  const affectedCount = Math.max(1, Math.round((monitorCount * affectedPercent) / 100));
  const dataDir = path.join(projectRoot, '.data', `bench-monitoring-${process.pid}`);
  removeStackData(dataDir);
  mkdirSync(dataDir, { recursive: true });
  const log = (m: string) => process.stderr.write(`[bench monitoring ${new Date().toISOString().slice(11, 19)}] ${m}\n`);
  const infra = await startInfrastructure({
    dataDir,
    pgPort: await getFreePort(),
    temporalPort: await getFreePort(),
    durable: false,
    echo: false,
  });
  const children: { stop: (ms?: number) => Promise<void> }[] = [];
  const db = createDb(infra.env.DATABASE_URL, { poolMax: 8 });
  const temporalDb = path.join(dataDir, 'temporal', 'temporal.db');
  const temporalBytes = () =>
    ['', '-wal'].reduce((sum, suffix) => sum + (existsSync(temporalDb + suffix) ? statSync(temporalDb + suffix).size : 0), 0);
  try {
    const quotas = { analyses: 100_000_000, monitors: 100_000_000, adverse_media: 0, reports: 0, watchlist_queries: 0 };
    await upsertPlan(db, { code: 'bench-monitoring', features: [...planFeatures], quotas, limits: { requests_per_second: 1_000_000 } });
    const watcher = await createCompany(db, { name: 'Monitoring bench', planCode: 'bench-monitoring' });
    const interactive = await createCompany(db, { name: 'Interactive bench', planCode: 'bench-monitoring' });
    const watcherKey = await issueApiKey({ db }, SYSTEM_ACTOR, { companyUuid: watcher.uuid, scopes: [...scopes], name: 'monitors' });
    const interactiveKey = await issueApiKey({ db }, SYSTEM_ACTOR, { companyUuid: interactive.uuid, scopes: [...scopes], name: 'sync' });

    // Enough organizations for the monitors and, beyond them, subjects for the interactive company.
    const entities = Math.max(20_000, Math.ceil((monitorCount * 1.25) / 0.6));
    log(`seeding ${entities} entities`);
    const dataset = await seedBenchDataset(db, entities);
    const monitored = dataset.subjects.slice(0, monitorCount);
    const others = dataset.subjects.slice(monitorCount);
    // The affected: spread over the monitored, with no ownership link to another organization
    // (so no other monitor's index holds them) and not sanctioned already (so the change shows).
    const eligible = (
      await db.raw(
        `SELECT e.id FROM unnest(?::bigint[]) AS e(id)
        WHERE NOT EXISTS (SELECT 1 FROM relationships r WHERE r.relationship_type = 'OWNS' AND (r.source_entity_id = e.id OR r.target_entity_id = e.id))
          AND NOT EXISTS (SELECT 1 FROM sanctions s WHERE s.entity_id = e.id)
        ORDER BY e.id`,
        [monitored],
      )
    ).rows.map((r: { id: string }) => Number(r.id)) as number[];
    const stride = Math.max(1, Math.floor(eligible.length / affectedCount));
    const affected = Array.from({ length: affectedCount }, (_, i) => eligible[i * stride]).filter((id) => id !== undefined);
    const affectedSet = new Set(affected);
    const cnpjOf = new Map(
      affected.map((id) => [
        id,
        completeCnpj(
          String(90_000_000_0000 + id)
            .padStart(12, '0')
            .slice(-12),
        ),
      ]),
    );
    await db('entity_documents').insert(affected.map((id) => ({ entity_id: id, document: cnpjOf.get(id)!, document_type: 'cnpj' })));

    const services = await startBenchServices(infra.env, dataDir);
    children.push(services);
    const { call } = services;
    const temporal = new Client({
      connection: await Connection.connect({ address: infra.env.TEMPORAL_ADDRESS }),
      namespace: infra.env.TEMPORAL_NAMESPACE,
    });
    const idleCpuOver = (seconds: number) => cpuPerSecondOver(dataDir, seconds);
    const busyOf = (cpu: Record<string, number>) => (cpu.worker ?? 0) + (cpu.temporal ?? 0) + (cpu.postgres ?? 0);
    const settle = async (baseline: Record<string, number>, maxSeconds: number) => {
      const deadline = Date.now() + maxSeconds * 1_000;
      let waited = 0;
      while (Date.now() < deadline) {
        waited += 3;
        if (busyOf(await idleCpuOver(3)) <= busyOf(baseline) * 1.5 + 30) break;
      }
      return waited;
    };
    const syncLoad = (label: string): Promise<Latencies> =>
      closedLoop(
        syncCalls,
        syncConcurrency,
        async (i) =>
          (await call(interactiveKey.apiKey, 'POST', '/analyses', { entity_id: others[(i * 7 + label.length * 1_000) % others.length] }))
            .status === 201,
        label,
      );

    log('warming up for 40 s');
    await new Promise((r) => setTimeout(r, 40_000));
    log(`idle for ${idleSeconds} s without monitors`);
    const idleWithout = await idleCpuOver(idleSeconds);
    const storageWithout = temporalBytes();

    // The affected monitors: through the API, each with its real baseline.
    log(`creating ${affected.length} monitors through POST /monitors (real baselines)`);
    const created = await closedLoop(
      affected.length,
      4,
      async (i) =>
        (await call(watcherKey.apiKey, 'POST', '/monitors', { entity_id: affected[i], client_reference: `affected-${i}` })).status === 201,
      'create',
    );
    const baselineStarted = performance.now();
    for (;;) {
      const [{ n }] = (
        await db.raw(`SELECT count(*)::int AS n FROM monitors WHERE company_id = ? AND last_analysis_uuid IS NOT NULL`, [watcher.id])
      ).rows;
      if (n >= affected.length) break;
      if (performance.now() - baselineStarted > 900_000) throw new Error(`baselines: ${n} of ${affected.length} after 15 minutes`);
      await new Promise((r) => setTimeout(r, 1_000));
    }
    const baselinesSeconds = Number(((performance.now() - baselineStarted) / 1_000).toFixed(1));

    // The idle monitors: rows, index (subject + direct relations) and workflows asleep on their review timers.
    const idleIds = monitored.filter((id) => !affectedSet.has(id));
    log(`seeding ${idleIds.length} idle monitors`);
    const reviewAt = new Date(Date.now() + 24 * 30 * 86_400_000);
    await db.raw(
      `INSERT INTO monitors (uuid, company_id, entity_id, status, workflow_id, baseline_analysis_uuid, last_analysis_uuid, last_score, last_risk_level, last_verdict_fingerprint, last_checked_at, next_review_at)
       SELECT u, ?, e, 'active', 'monitor-' || u, gen_random_uuid(), gen_random_uuid(), 5, 'low', 'bench-seeded', now(), ?
         FROM (SELECT gen_random_uuid() AS u, e FROM unnest(?::bigint[]) AS e) x`,
      [watcher.id, reviewAt, idleIds],
    );
    await db.raw(
      `INSERT INTO monitor_entities (entity_id, monitor_id)
       SELECT m.entity_id, m.id FROM monitors m WHERE m.company_id = ? AND m.last_verdict_fingerprint = 'bench-seeded'
       UNION SELECT r.source_entity_id, m.id FROM monitors m JOIN relationships r ON r.target_entity_id = m.entity_id WHERE m.company_id = ? AND m.last_verdict_fingerprint = 'bench-seeded'
       UNION SELECT r.target_entity_id, m.id FROM monitors m JOIN relationships r ON r.source_entity_id = m.entity_id WHERE m.company_id = ? AND m.last_verdict_fingerprint = 'bench-seeded'
       ON CONFLICT DO NOTHING`,
      [watcher.id, watcher.id, watcher.id],
    );
    await db.raw('ANALYZE monitors');
    await db.raw('ANALYZE monitor_entities');
    const seeded = (await db('monitors')
      .where({ company_id: watcher.id, last_verdict_fingerprint: 'bench-seeded' })
      .select('uuid', 'entity_id')) as { uuid: string; entity_id: string }[];
    log(`starting ${seeded.length} idle monitor workflows (${startConcurrency} at a time)`);
    const carried = { paused: false, pending: [], seenChangeKeys: [], nextReviewAtMs: reviewAt.getTime() };
    // A start past its deadline on the loaded machine is tried again (an already started one is found).
    let startRetries = 0;
    const startErrors: string[] = [];
    // Starts wait while the workflow queue holds more than --max-backlog first tasks (0: never).
    // Unpaced, 100,000 starts ran at 40/s while the worker took first tasks at 18-20/s, and
    // the queued tasks (64,000 after 41 minutes) were read back from the server's store, more
    // slowly than a task handed to a waiting poller (docs/monitoring.md, "Benchmark").
    const backlogGate = { waitedSeconds: 0, maxSeen: 0, checks: 0, reading: null as Promise<number> | null, value: 0, readAt: 0 };
    const workflowBacklog = (): Promise<number> => {
      if (Date.now() - backlogGate.readAt < 1_000) return Promise.resolve(backlogGate.value);
      backlogGate.reading ??= temporal.connection.workflowService
        .describeTaskQueue({
          namespace: infra.env.TEMPORAL_NAMESPACE,
          taskQueue: { name: monitorWorkflowContract.taskQueue, kind: TASK_QUEUE_KIND_NORMAL },
          taskQueueType: TASK_QUEUE_TYPE_WORKFLOW,
          reportStats: true,
        })
        .then(
          (r) => Number(r.stats?.approximateBacklogCount ?? 0),
          () => 0,
        )
        .then((n) => {
          backlogGate.value = n;
          backlogGate.readAt = Date.now();
          backlogGate.reading = null;
          backlogGate.checks++;
          backlogGate.maxSeen = Math.max(backlogGate.maxSeen, n);
          return n;
        });
      return backlogGate.reading;
    };
    const startsBegan = performance.now();
    const backlogLog = setInterval(() => log(`workflow task backlog ≈ ${backlogGate.value} (max seen ${backlogGate.maxSeen})`), 60_000);
    const starts = await closedLoop(
      seeded.length,
      startConcurrency,
      async (i) => {
        while (maxBacklog > 0 && (await workflowBacklog()) > maxBacklog) {
          backlogGate.waitedSeconds += 1 / startConcurrency;
          await new Promise((r) => setTimeout(r, 1_000));
        }
        const input: MonitorWorkflowInput = {
          monitorUuid: seeded[i].uuid,
          companyUuid: watcher.uuid,
          entityId: Number(seeded[i].entity_id),
          baselineAnalysisUuid: randomUUID(),
          carried,
        };
        for (let attempt = 1; ; attempt++) {
          try {
            await startWorkflow(temporal, monitorWorkflowContract, input);
            return true;
          } catch (error) {
            if (startErrors.length < 3) startErrors.push((error as Error).message);
            if (attempt >= 8) return false;
            startRetries++;
            await new Promise((r) => setTimeout(r, 500 * attempt));
          }
        }
      },
      'start',
    );
    clearInterval(backlogLog);
    log('waiting for the worker to put every monitor to sleep');
    const settledAfter = await settle(idleWithout, 1_800);
    const allAsleepSeconds = Math.round((performance.now() - startsBegan) / 1_000);
    log(`idle for ${idleSeconds} s with ${monitorCount} monitors`);
    const idleWith = await idleCpuOver(idleSeconds);
    const storageWith = temporalBytes();
    const sample = await temporal.workflow.getHandle(`monitor-${seeded[0].uuid}`).fetchHistory();
    const sampleEvents = sample.events?.length ?? 0;
    const sampleBytes = Buffer.byteLength(JSON.stringify(sample));

    log(`sync analyses of another company, quiet (${syncCalls} at ${syncConcurrency})`);
    const cpuBeforeQuiet = treeCpuMs(dataDir);
    const quiet = await syncLoad('quiet');
    const cpuOfQuiet = cpuDelta(cpuBeforeQuiet, treeCpuMs(dataDir));

    // The change: a CEIS download sanctioning the affected subjects, imported by the real importer.
    const file = path.join(dataDir, 'ceis.csv');
    const header = [
      'CADASTRO',
      'TIPO DE PESSOA',
      'CPF OU CNPJ DO SANCIONADO',
      'NOME DO SANCIONADO',
      'CATEGORIA DA SANÇÃO',
      'DATA INÍCIO SANÇÃO',
      'DATA FINAL SANÇÃO',
      'ÓRGÃO SANCIONADOR',
    ];
    const fmt = (c: string) => `${c.slice(0, 2)}.${c.slice(2, 5)}.${c.slice(5, 8)}/${c.slice(8, 12)}-${c.slice(12)}`;
    const rows = affected.map((id) => [
      'CEIS',
      'J',
      fmt(cnpjOf.get(id)!),
      `EMPRESA BENCH AFETADA ${id}`,
      'Inidoneidade',
      '01/01/2026',
      '',
      'CGU',
    ]);
    writeFileSync(file, iconv.encode([header, ...rows].map((r) => `${cguLine(r)}\r\n`).join(''), 'latin1'));
    log(`importing CEIS (${rows.length} sanctions)`);
    const imported = (await importSanctions(db, 'ceis', { file })) as { changes?: { source: string; version: string; entities: number } };
    if (!imported.changes) throw new Error('the import recorded no changes');
    const [{ at: importEnd }] = (await db.raw('SELECT now() AS at')).rows as { at: Date }[];
    await startChangeFanOut({ temporal }, SYSTEM_ACTOR, imported.changes);
    const expected = (
      await db.raw(
        `SELECT DISTINCT me.monitor_id FROM monitor_entities me JOIN entity_changes ec ON ec.entity_id = me.entity_id JOIN monitors m ON m.id = me.monitor_id
        WHERE ec.source = ? AND ec.version = ? AND m.company_id = ?`,
        [imported.changes.source, imported.changes.version, watcher.id],
      )
    ).rows.map((r: { monitor_id: string }) => Number(r.monitor_id)) as number[];
    log(`fan-out started: ${expected.length} monitors hold a changed entity; sync load during the fan-out`);
    const alertCount = async () =>
      Number((await db.raw('SELECT count(*)::int AS n FROM monitor_alerts WHERE company_id = ?', [watcher.id])).rows[0].n);
    // The same sync load, for as long as the fan-out runs (until its last alert).
    let fanOutDone = false;
    const samples: number[] = [];
    let duringErrors = 0;
    const fanOutStarted = performance.now();
    const cpuBeforeFanOut = treeCpuMs(dataDir);
    const during = Promise.all(
      Array.from({ length: syncConcurrency }, async (_, lane) => {
        for (let i = lane; !fanOutDone; i += syncConcurrency) {
          const t0 = performance.now();
          const ok = await call(interactiveKey.apiKey, 'POST', '/analyses', { entity_id: others[(i * 11 + 5_000) % others.length] }).then(
            (r) => r.status === 201,
            () => false,
          );
          if (ok) samples.push(performance.now() - t0);
          else duringErrors++;
        }
      }),
    );
    while ((await alertCount()) < expected.length && performance.now() - fanOutStarted < 1_200_000)
      await new Promise((r) => setTimeout(r, 250));
    fanOutDone = true;
    await during;
    const cpuOfFanOut = cpuDelta(cpuBeforeFanOut, treeCpuMs(dataDir));
    const duringFanOut = summarize(samples, (performance.now() - fanOutStarted) / 1_000, duringErrors);
    // Late or duplicate alerts would show within a few seconds more.
    await new Promise((r) => setTimeout(r, 10_000));
    const alerts = (
      await db.raw(`SELECT a.monitor_id, a.kind, a.created_at FROM monitor_alerts a WHERE a.company_id = ? ORDER BY a.created_at`, [
        watcher.id,
      ])
    ).rows as { monitor_id: string; kind: string; created_at: Date }[];
    const alerted = new Set(alerts.map((a) => Number(a.monitor_id)));
    const expectedSet = new Set(expected);
    const lastAlertAt = alerts.length ? alerts[alerts.length - 1].created_at : null;
    const firstAlertAt = alerts.length ? alerts[0].created_at : null;
    const analysesDuringFanOut = Number(
      (
        await db.raw(`SELECT count(*)::int AS n FROM analyses WHERE company_id = ? AND mode = 'monitoring' AND created_at >= ?`, [
          watcher.id,
          importEnd,
        ])
      ).rows[0].n,
    );
    const seconds = (a: Date | null) => (a ? Number(((a.getTime() - importEnd.getTime()) / 1_000).toFixed(1)) : null);
    const asleep = starts.count + affected.length;
    const idleAdded = ((idleWith.total ?? 0) - (idleWithout.total ?? 0)) / asleep;
    return {
      machine: { cpus: os.cpus().length, node: process.version, load_average_at_end: os.loadavg().map((l) => Number(l.toFixed(2))) },
      monitors: {
        total: monitorCount,
        affected: affected.length,
        created_through_api: created,
        baselines_seconds: baselinesSeconds,
        idle_seeded: seeded.length,
        idle_workflow_starts: {
          ...starts,
          retries: startRetries,
          first_errors: startErrors,
          max_backlog: maxBacklog,
          backlog_max_seen: backlogGate.maxSeen,
          backlog_reads: backlogGate.checks,
          seconds_waiting_for_backlog: Math.round(backlogGate.waitedSeconds),
          seconds_to_all_asleep: allAsleepSeconds,
        },
        settled_after_seconds: settledAfter,
      },
      dataset: {
        entities: dataset.entities,
        relationships: dataset.relationships,
        monitor_entities: Number((await db.raw('SELECT count(*)::int AS n FROM monitor_entities')).rows[0].n),
      },
      idle: {
        seconds: idleSeconds,
        cpu_ms_per_second_without_monitors: idleWithout,
        cpu_ms_per_second_with_monitors: idleWith,
        // What the idle monitors add to the stack's idle cost, per monitor workflow asleep (noise can make it negative).
        added_cpu_ms_per_second_per_monitor: Number(idleAdded.toFixed(6)),
        temporal_db_bytes_without: storageWithout,
        temporal_db_bytes_with: storageWith,
        monitor_workflows_asleep: asleep,
        temporal_bytes_per_idle_monitor: Math.round((storageWith - storageWithout) / asleep),
        sample_history: { events: sampleEvents, json_bytes: sampleBytes },
      },
      change: {
        source: imported.changes.source,
        version: imported.changes.version,
        entities_changed: imported.changes.entities,
        monitors_holding_a_change: expected.length,
        checks_run: analysesDuringFanOut,
        alerts: alerts.length,
        alerted_monitors: alerted.size,
        duplicates: alerts.length - alerted.size,
        missing: [...expectedSet].filter((id) => !alerted.has(id)).length,
        unexpected: [...alerted].filter((id) => !expectedSet.has(id)).length,
        exactly_the_affected:
          alerted.size === expectedSet.size && [...expectedSet].every((id) => alerted.has(id)) && alerts.length === alerted.size,
        kinds: alerts.reduce<Record<string, number>>((acc, a) => ({ ...acc, [a.kind]: (acc[a.kind] ?? 0) + 1 }), {}),
        seconds_from_import_end_to_first_alert: seconds(firstAlertAt),
        seconds_from_import_end_to_last_alert: seconds(lastAlertAt),
      },
      sync_analyses_of_another_company: {
        concurrency: syncConcurrency,
        quiet,
        during_fan_out: duringFanOut,
        p95_ratio: Number((duringFanOut.p95_ms / Math.max(1, quiet.p95_ms)).toFixed(2)),
      },
      // What a check costs the stack, by component: the fan-out phase's CPU less what its sync
      // analyses cost at the quiet phase's rate per analysis (an estimate: both share the stack).
      cpu_core_ms: {
        quiet_phase: cpuOfQuiet,
        per_sync_analysis_quiet: perUnit(cpuOfQuiet, quiet.count),
        fan_out_phase: cpuOfFanOut,
        per_check_estimated: perUnit(
          Object.fromEntries(
            Object.entries(cpuOfFanOut).map(([k, v]) => [k, v - ((cpuOfQuiet[k] ?? 0) / Math.max(1, quiet.count)) * duringFanOut.count]),
          ),
          Math.max(1, alerts.length),
        ),
      },
    };
  } finally {
    await db.destroy();
    for (const child of children.reverse()) await child.stop(20_000);
    await infra.stop();
    if (!args.includes('--keep')) removeStackData(dataDir);
  }
}

function cpuDelta(before: Record<string, number>, after: Record<string, number>): Record<string, number> {
  return Object.fromEntries(Object.keys(after).map((k) => [k, (after[k] ?? 0) - (before[k] ?? 0)]));
}

function perUnit(cpu: Record<string, number>, units: number): Record<string, number> {
  return Object.fromEntries(Object.entries(cpu).map(([k, v]) => [k, Number((v / Math.max(1, units)).toFixed(1))]));
}

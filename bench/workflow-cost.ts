import { randomUUID } from 'node:crypto';
import { readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { Client } from '@temporalio/client';
import { defineSearchAttributeKey, SearchAttributeType } from '@temporalio/common';
import { bundleWorkflowCode, NativeConnection, Worker } from '@temporalio/worker';
import { getFreePort } from '../scripts/stack/ports';
import { projectRoot } from '../scripts/stack/stack';
import { type BenchServerConfig, benchServerConfigs, startBenchTemporal } from './support/bench-temporal';
import { flag } from './support/load';

/**
 * `npm run bench -- workflow-cost [--workflows 1000] [--rounds 6] [--servers shipped,no-fairness,no-tuning]`:
 * CPU per workflow (Temporal dev server + this process's client and worker) of the service's
 * workflow shapes with no work in them — no database, no HTTP — on the dev server the other
 * benches use. Divided into the CPU the machine gives, it is the throughput ceiling of one workflow
 * per item before any work is done. `--servers` runs the same shapes on dev servers of different
 * configurations side by side (docs/throughput-ceiling.md, "Where the regression was"):
 * variants and servers alternate round by round so that the VM's drift hits them alike; the first
 * round is warm-up, the summary gives medians of the others.
 */
const keys = {
  company: defineSearchAttributeKey('CompanyUuid', SearchAttributeType.KEYWORD),
  entity: defineSearchAttributeKey('EntityId', SearchAttributeType.INT),
  analysis: defineSearchAttributeKey('AnalysisUuid', SearchAttributeType.KEYWORD),
  eventType: defineSearchAttributeKey('WebhookEventType', SearchAttributeType.KEYWORD),
  endpoint: defineSearchAttributeKey('WebhookEndpointUuid', SearchAttributeType.KEYWORD),
};

function processCpuMs(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

export default async function workflowCostBench(args: string[]): Promise<Record<string, unknown>> {
  const perRound = flag(args, 'workflows', 1000);
  const rounds = flag(args, 'rounds', 6);
  const concurrency = 16;
  const dataDir = path.join(projectRoot, '.data', `bench-workflow-cost-${process.pid}`);
  const configNames = (args.includes('--servers') ? args[args.indexOf('--servers') + 1] : 'shipped').split(',');
  const unknown = configNames.filter((name) => !(name in benchServerConfigs));
  if (unknown.length > 0)
    throw new Error(`--servers: unknown ${unknown.join(', ')} (known: ${Object.keys(benchServerConfigs).join(', ')})`);
  const { code } = await bundleWorkflowCode({ workflowsPath: path.join(__dirname, 'support', 'skeleton-workflows.ts'), logger: undefined });
  // The local activity tells the caller its run reached the point where the real one reports
  // (the sync-run board, a publisher's fire-and-forget start): no result long poll.
  const waiting = new Map<string, () => void>();
  const summary = {
    uuid: randomUUID(),
    entity_id: 4242,
    risk: { score: 57, risk_level: 'high', requires_review: true },
    signal_counts: { identified: 3, evaluated: 24 },
  };
  const activities = {
    reportOutcome: async (id: string) => {
      waiting.get(id)?.();
      return id.startsWith('analysis') ? summary : { status: 'succeeded', done: true };
    },
  };
  const stands: {
    name: string;
    config: BenchServerConfig;
    server: Awaited<ReturnType<typeof startBenchTemporal>>;
    connection: NativeConnection;
    client: Client;
    worker: Worker;
    running: Promise<void>;
  }[] = [];
  try {
    for (const name of configNames) {
      const config = benchServerConfigs[name];
      const server = await startBenchTemporal(await getFreePort(), { store: 'tmpfs', dataDir: `${dataDir}-${name}`, ...config });
      const connection = await NativeConnection.connect({ address: `127.0.0.1:${server.port}` });
      const worker = await Worker.create({
        connection,
        namespace: 'default',
        taskQueue: 'workflow-cost',
        workflowBundle: { code },
        activities,
        maxConcurrentWorkflowTaskExecutions: 100,
        maxConcurrentLocalActivityExecutions: 100,
      });
      stands.push({ name, config, server, connection, client: new Client({ connection }), worker, running: worker.run() });
    }
    const reported = (id: string, start: () => Promise<unknown>) =>
      new Promise<void>((resolve, reject) => {
        waiting.set(id, resolve);
        start().catch(reject);
      }).finally(() => waiting.delete(id));
    const variantsOf = (client: Client): Record<string, (id: string) => Promise<unknown>> => ({
      // (b) of the analyses bench, eager: start, one workflow task, result long poll.
      empty_workflow_eager: (id) =>
        client.workflow.execute('emptyWorkflow', { taskQueue: 'workflow-cost', workflowId: id, requestEagerStart: true }),
      // A webhook delivery as published by the worker: eager start with its three search attributes.
      delivery_skeleton: (id) =>
        reported(id, () =>
          client.workflow.start('deliverySkeleton', {
            taskQueue: 'workflow-cost',
            workflowId: id,
            args: [id],
            requestEagerStart: true,
            typedSearchAttributes: [
              { key: keys.company, value: randomUUID() },
              { key: keys.eventType, value: 'analysis.completed' },
              { key: keys.endpoint, value: randomUUID() },
            ],
          }),
        ),
      // A sync analysis as the api starts it: eager, three search attributes and the memo.
      analysis_skeleton: (id) =>
        reported(id, () =>
          client.workflow.start('analysisSkeleton', {
            taskQueue: 'workflow-cost',
            workflowId: id,
            args: [id],
            requestEagerStart: true,
            typedSearchAttributes: [
              { key: keys.company, value: randomUUID() },
              { key: keys.entity, value: 4242 },
              { key: keys.analysis, value: id },
            ],
            memo: { mode: 'sync', entity_id: 4242, as_of: '2026-11-22', source: null, company_uuid: randomUUID() },
          }),
        ),
    });
    const samples: Record<string, { temporal: number[]; client: number[]; per_second: number[] }> = {};
    for (let round = 0; round < rounds; round++) {
      for (const stand of stands) {
        for (const [variant, run] of Object.entries(variantsOf(stand.client))) {
          const prefix = variant.startsWith('analysis') ? 'analysis' : variant;
          const server0 = processCpuMs(stand.server.child.pid!);
          const client0 = process.cpuUsage();
          const t0 = performance.now();
          let next = 0;
          await Promise.all(
            Array.from({ length: concurrency }, async () => {
              while (next < perRound) {
                next++;
                await run(`${prefix}-${randomUUID()}`);
              }
            }),
          );
          const seconds = (performance.now() - t0) / 1000;
          const clientCpu = process.cpuUsage(client0);
          if (round === 0) continue;
          const s = (samples[`${stand.name}/${variant}`] ??= { temporal: [], client: [], per_second: [] });
          s.temporal.push((processCpuMs(stand.server.child.pid!) - server0) / perRound);
          s.client.push((clientCpu.user + clientCpu.system) / 1000 / perRound);
          s.per_second.push(perRound / seconds);
        }
      }
    }
    const cores = os.cpus().length;
    const measured = (s: { temporal: number[]; client: number[]; per_second: number[] }) => {
      const total = median(s.temporal.map((t, i) => t + s.client[i]));
      return {
        core_ms_per_workflow: {
          total: Number(total.toFixed(2)),
          temporal: Number(median(s.temporal).toFixed(2)),
          client_and_worker: Number(median(s.client).toFixed(2)),
        },
        per_second_c16: Number(median(s.per_second).toFixed(1)),
        // What all cores could do if they did nothing but orchestrate these workflows.
        ceiling_per_second_all_cores: Math.round((cores * 1000) / total),
        runs: s.temporal.map((t, i) => Number((t + s.client[i]).toFixed(2))),
      };
    };
    const servers = Object.fromEntries(
      stands.map((stand) => [
        stand.name,
        {
          settings: stand.config,
          variants: Object.fromEntries(
            Object.entries(samples)
              .filter(([key]) => key.startsWith(`${stand.name}/`))
              .map(([key, s]) => [key.slice(stand.name.length + 1), measured(s)]),
          ),
        },
      ]),
    );
    // Each configuration's dev-server CPU per workflow against the first one's, variant by variant.
    const [first] = stands;
    const temporalRatios = Object.fromEntries(
      stands
        .slice(1)
        .map((stand) => [
          `${stand.name}/${first.name}`,
          Object.fromEntries(
            Object.keys(servers[first.name].variants).map((variant) => [
              variant,
              Number(
                (
                  servers[stand.name].variants[variant].core_ms_per_workflow.temporal /
                  servers[first.name].variants[variant].core_ms_per_workflow.temporal
                ).toFixed(2),
              ),
            ]),
          ),
        ]),
    );
    return {
      bench: 'workflow-cost',
      machine: { cpus: cores, node: process.version, load_average_at_end: os.loadavg().map((l) => Number(l.toFixed(2))) },
      workflows_per_variant_and_round: perRound,
      measured_rounds: rounds - 1,
      concurrency,
      // The first configuration's figures where the single-server bench printed them.
      variants: servers[first.name].variants,
      servers,
      temporal_cpu_ratio: temporalRatios,
    };
  } finally {
    for (const stand of stands) {
      stand.worker.shutdown();
      await stand.running.catch(() => undefined);
      await stand.connection.close();
      await stand.server.stop(10_000);
      if (stand.server.fileDir) rmSync(stand.server.fileDir, { recursive: true, force: true });
      rmSync(`${dataDir}-${stand.name}`, { recursive: true, force: true });
    }
    rmSync(dataDir, { recursive: true, force: true });
  }
}

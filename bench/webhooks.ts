import { existsSync } from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { Client, Connection } from '@temporalio/client';
import { NativeConnection, Worker } from '@temporalio/worker';
import { createActivities } from '../activities';
import { loadConfig } from '../config/config';
import { createDb } from '../db/create-db';
import { createCompany, upsertPlan } from '../db/repositories/tenancy/tenancy-repository';
import { publishWebhookEvent } from '../usecases/webhooks/publish-webhook-event';
import { SYSTEM_ACTOR } from '../domain/actor';
import { DependencyUnavailableError } from '../domain/errors';
import { registerWebhookEndpoint } from '../usecases/webhooks/support/webhook-endpoint-fields';
import { getFreePort } from '../scripts/stack/ports';
import { removeStackData } from '../scripts/stack/postgres-location';
import { projectRoot, startInfrastructure, startServiceProcess } from '../scripts/stack/stack';
import { taskQueues } from '../contracts/task-queues';
import { createLogger } from '../infra/logger';
import { bundleWorkflowsToFile } from '../worker/bundle-workflows';
import { createServiceWorker, installTemporalRuntime } from '../worker/create-workers';
import { withCpu } from './support/cpu';
import { type ReceiverProcess, startReceiverProcess } from './support/receiver-process';
import { flag } from './support/load';
import { countProgress } from './support/step-progress';
import workflowCostBench from './workflow-cost';

/**
 * `npm run bench -- webhooks [--events 10000] [--failure-rate 0.3] [--workers 1] [--publisher worker] [--skeleton-rounds 3]`:
 * its own stack (Postgres, Temporal dev server, worker processes) on free ports; N events published
 * through the real publishing path to a local receiver that verifies every signature with
 * `standardwebhooks`; then again with the receiver failing a share of requests at random.
 * First, in the same run, `workflow-cost`'s delivery skeleton (the orchestration of a delivery with
 * nothing delivered: `--skeleton-rounds 0` skips it): a delivery's core-ms are compared with it,
 * a ratio that holds across this VM's changes of speed (docs/benchmarks.md, "Regression guard").
 */
function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

async function runPhase(input: {
  name: string;
  events: number;
  failureRate: number;
  publish: (i: number) => Promise<string[]>;
  receiver: ReceiverProcess;
  hookPath: string;
  timeoutMs: number;
}) {
  const { receiver, hookPath } = input;
  await receiver.failAtRate(hookPath, input.failureRate);
  const before = new Set((await receiver.deliveries(hookPath)).map((d) => d.id));
  const started = performance.now();
  const startedAt = Date.now();
  const uuids: string[] = [];
  let next = 0;
  const published = countProgress(`${input.name}: published`, input.events, 'events');
  await Promise.all(
    Array.from({ length: 32 }, async () => {
      while (next < input.events) {
        const i = next++;
        uuids.push(...(await input.publish(i)));
        published.add(1);
      }
    }),
  );
  published.done();
  const publishSeconds = (performance.now() - started) / 1000;
  const wanted = new Set(uuids);
  await receiver.watch(hookPath, [...wanted]);
  const delivered = countProgress(`${input.name}: acknowledged`, wanted.size, 'events');
  let reported = 0;
  const deadline = Date.now() + input.timeoutMs;
  for (;;) {
    const now = await receiver.acknowledgedWatched();
    delivered.add(now - reported);
    reported = now;
    if (now >= wanted.size || Date.now() > deadline) break;
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  delivered.done();
  const seconds = (performance.now() - started) / 1000;

  const deliveries = (await receiver.deliveries(hookPath)).filter((d) => wanted.has(d.id) && !before.has(d.id));
  const firstAck = new Map<string, number>();
  const acks = new Map<string, number>();
  for (const d of deliveries) {
    if (d.status < 200 || d.status >= 300) continue;
    acks.set(d.id, (acks.get(d.id) ?? 0) + 1);
    if (!firstAck.has(d.id)) firstAck.set(d.id, d.receivedAt - Date.parse(d.eventTimestamp ?? ''));
  }
  const latencies = [...firstAck.values()].sort((a, b) => a - b);
  const duplicates = [...wanted].filter((id) => (acks.get(id) ?? 0) > 1).length;
  const lastAck = Math.max(...deliveries.filter((d) => d.status < 300).map((d) => d.receivedAt));
  return {
    events: wanted.size,
    failure_rate: input.failureRate,
    publish_per_second: Math.round(wanted.size / publishSeconds),
    deliveries_per_second: Math.round(firstAck.size / ((lastAck - startedAt) / 1000)),
    wall_seconds: Math.round(seconds * 10) / 10,
    end_to_end_ms: { p50: percentile(latencies, 50), p99: percentile(latencies, 99), max: latencies[latencies.length - 1] },
    http_requests: deliveries.length,
    signature_failures: deliveries.filter((d) => !d.verified).length,
    delivered: firstAck.size,
    lost: wanted.size - firstAck.size,
    duplicates,
  };
}

export default async function webhooksBench(args: string[]): Promise<Record<string, unknown>> {
  const events = flag(args, 'events', 10_000);
  const failureRate = flag(args, 'failure-rate', 0.3);
  const workerCount = flag(args, 'workers', 1);
  const skeletonRounds = flag(args, 'skeleton-rounds', 3);
  // Before this bench's own stack exists, so that the two never share the machine.
  const skeleton =
    skeletonRounds > 0
      ? (
          (await workflowCostBench(['--workflows', '500', '--rounds', String(skeletonRounds + 1)])) as {
            variants: Record<
              string,
              { core_ms_per_workflow: { total: number }; ceiling_per_second_all_cores: number; per_second_c16: number }
            >;
          }
        ).variants.delivery_skeleton
      : undefined;
  // Production publishes from the worker process (the publishWebhookEvent activity), whose client
  // shares the webhooks worker's NativeConnection, so starts are eager. `--publisher worker`
  // reproduces that: this process then hosts one more webhooks worker and publishes through it.
  const inWorkerPublisher = args.includes('--publisher') && args[args.indexOf('--publisher') + 1] === 'worker';
  // Throw-away data on tmpfs when there is one: the dev server's SQLite fsyncs would otherwise
  // measure the VM's disk (≈60 workflow starts/s here) instead of the service (docs/webhooks.md).
  const scratch = existsSync('/dev/shm') && !args.includes('--on-disk') ? '/dev/shm' : path.join(projectRoot, '.data');
  const dataDir = path.join(scratch, `bench-webhooks-${process.pid}`);
  removeStackData(dataDir);
  const infra = await startInfrastructure({
    dataDir,
    pgPort: await getFreePort(),
    temporalPort: await getFreePort(),
    durable: false,
    echo: false,
  });
  const workers: { stop: (ms?: number) => Promise<void> }[] = [];
  const db = createDb(infra.env.DATABASE_URL, { poolMax: 40 });
  let receiver: ReceiverProcess | undefined;
  let temporal: Client | undefined;
  let publisherWorker: { worker: Worker; running: Promise<void>; connection: NativeConnection } | undefined;
  try {
    const bundlePath = path.join(dataDir, 'workflow-bundle.js');
    await bundleWorkflowsToFile(bundlePath);
    // Ten attempts: at a 30 % failure rate, losing an event needs 11 failures in a row (≈2e-6).
    const env = {
      ...infra.env,
      NODE_ENV: 'production',
      WORKFLOW_BUNDLE_PATH: bundlePath,
      WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true',
      WEBHOOK_RETRY_SCHEDULE: '200ms,500ms,1s,1s,2s,2s,3s,3s,5s,5s',
      LOG_LEVEL: 'warn',
      DATABASE_POOL_MAX: '30',
    };
    for (let i = 0; i < workerCount; i++)
      workers.push(startServiceProcess('worker', env, { echo: false, logFile: path.join(dataDir, `worker-${i}.log`) }));
    if (inWorkerPublisher) {
      await installTemporalRuntime();
      const config = loadConfig(env);
      const connection = await NativeConnection.connect({ address: infra.env.TEMPORAL_ADDRESS });
      temporal = new Client({ connection, namespace: infra.env.TEMPORAL_NAMESPACE });
      const activities = createActivities({ db, config, logger: createLogger({ name: 'bench-worker', level: 'warn' }), temporal });
      const worker = await createServiceWorker({ connection, config, activities, taskQueue: taskQueues.webhooks });
      publisherWorker = { worker, running: worker.run(), connection };
    } else {
      temporal = new Client({
        connection: await Connection.connect({ address: infra.env.TEMPORAL_ADDRESS }),
        namespace: infra.env.TEMPORAL_NAMESPACE,
      });
    }
    receiver = await startReceiverProcess();
    const planCode = `bench-${process.pid}`;
    await upsertPlan(db, {
      code: planCode,
      features: ['webhooks'],
      quotas: {},
      limits: { requests_per_second: 1_000_000, webhook_endpoints: 1_000_000 },
    });
    const company = await createCompany(db, { name: 'Webhook bench', planCode });
    const hookPath = '/bench';
    const { endpoint, secret } = await registerWebhookEndpoint(db, infra.env.WEBHOOK_ENCRYPTION_KEY, company.id, {
      name: 'bench',
      url: receiver.url(hookPath),
      subscribedEvents: ['analysis.completed'],
    });
    await receiver.setSecret(hookPath, secret);
    // Production publishes from an activity that Temporal retries with the same idempotency key;
    // a start refused past its 2 s deadline on a saturated server is retried here the same way.
    let publishRetries = 0;
    const publish = (phase: string) => async (i: number) => {
      for (let attempt = 1; ; attempt++) {
        try {
          return (
            await publishWebhookEvent({ db, temporal: temporal! }, SYSTEM_ACTOR, {
              companyId: company.id,
              type: 'analysis.completed',
              data: { analysis_uuid: `${phase}-${i}`, client_reference: `ref-${i}` },
              idempotencyKey: `${phase}-${i}`,
            })
          ).eventUuids;
        } catch (error) {
          if (!(error instanceof DependencyUnavailableError) || attempt >= 10) throw error;
          publishRetries++;
          await new Promise((resolve) => setTimeout(resolve, 200 * attempt));
        }
      }
    };

    // Warm-up: worker start, workflow cache, connection pools.
    await runPhase({ name: 'warm-up', events: 200, failureRate: 0, publish: publish('warm'), receiver, hookPath, timeoutMs: 120_000 });
    // CPU per event and component (bench_client = this process: the publisher and, with
    // `--publisher worker`, the in-process webhooks worker; receiver = the customer's endpoint,
    // left out of a delivery's cost).
    const healthy = await withCpu(dataDir, async () => ({
      count: events,
      ...(await runPhase({
        name: 'healthy receiver',
        events,
        failureRate: 0,
        publish: publish('ok'),
        receiver: receiver!,
        hookPath,
        timeoutMs: 900_000,
      })),
    }));
    const flaky = await withCpu(dataDir, async () => ({
      count: events,
      ...(await runPhase({
        name: 'flaky receiver',
        events,
        failureRate,
        publish: publish('flaky'),
        receiver: receiver!,
        hookPath,
        timeoutMs: 900_000,
      })),
    }));
    const deliveryCoreMs = Number((healthy.cpu_ms_per_item.total - healthy.cpu_ms_per_item.receiver).toFixed(2));
    const againstSkeleton = skeleton && {
      delivery_core_ms: deliveryCoreMs,
      receiver_core_ms_left_out: healthy.cpu_ms_per_item.receiver,
      skeleton_core_ms: skeleton.core_ms_per_workflow.total,
      core_ms_ratio: Number((deliveryCoreMs / skeleton.core_ms_per_workflow.total).toFixed(3)),
      deliveries_per_second: healthy.deliveries_per_second,
      skeleton_per_second_c16: skeleton.per_second_c16,
      skeleton_ceiling_per_second_all_cores: skeleton.ceiling_per_second_all_cores,
    };
    const statuses = await db('webhook_events')
      .where({ endpoint_id: endpoint.id })
      .groupBy('status')
      .select('status', db.raw('count(*)::int as n'));
    return {
      bench: 'webhooks',
      machine: {
        cpus: (await import('node:os')).cpus().length,
        load_average_at_end: (await import('node:os')).loadavg().map((l) => Number(l.toFixed(2))),
        worker_processes: workerCount,
        publisher: inWorkerPublisher ? 'in-worker (eager start, +1 webhooks worker)' : 'plain client',
      },
      healthy_receiver: healthy,
      flaky_receiver: flaky,
      event_statuses: Object.fromEntries(statuses.map((r: any) => [r.status, r.n])),
      publish_retries: publishRetries,
      ...(againstSkeleton ? { against_delivery_skeleton: againstSkeleton } : {}),
      // The figures the regression guard compares with the committed baseline (scripts/bench.ts).
      guard: {
        ...(againstSkeleton ? { core_ms_over_delivery_skeleton: { value: againstSkeleton.core_ms_ratio, better: 'lower' as const } } : {}),
        end_to_end_p99_ms: { value: healthy.end_to_end_ms.p99, better: 'lower' },
        lost: { value: healthy.lost + flaky.lost, better: 'lower' },
        duplicates: { value: healthy.duplicates + flaky.duplicates, better: 'lower' },
      },
      target: { deliveries_per_second: 200, lost: 0 },
    };
  } finally {
    if (publisherWorker) {
      publisherWorker.worker.shutdown();
      await publisherWorker.running.catch(() => undefined);
    }
    await receiver?.stop();
    await temporal?.connection.close();
    for (const w of workers) await w.stop(20_000);
    await db.destroy();
    await infra.stop();
    removeStackData(dataDir);
  }
}

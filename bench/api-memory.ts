import { readFileSync } from 'node:fs';
import os from 'node:os';
import { startFairnessStack } from './support/fairness-stack';
import { benchTenant, http } from './support/fairness-tenants';
import { closedLoop, flag } from './support/load';

/**
 * `npm run bench -- api-memory [--sync 1000] [--passes 3] [--entities 5000]` (docs/batches.md,
 * "Memory"): the api's resident size as shipped, idle and after each of `passes` rounds of `sync` sync
 * analyses at c=16, with its V8 heap from its own `/metrics`, and each round's throughput (so that
 * a memory setting's cost in speed shows in the same run). `SERVICE_NODE_ARGS` and the environment
 * (e.g. `MALLOC_ARENA_MAX`) reach the api and worker processes, `API_NODE_ARGS` and
 * `WORKER_NODE_ARGS` one of them, so settings compare side by side.
 */
export default async function apiMemoryBench(args: string[]): Promise<Record<string, unknown>> {
  const [syncCount, rounds] = [flag(args, 'sync', 1000), flag(args, 'passes', 3)];
  const { apiUrl, apiPid, db, subjects, stop } = await startFairnessStack({ fairness: true, entities: flag(args, 'entities', 5000) });
  try {
    const tenant = await benchTenant(db, 'api-memory', 0);
    const read = async () => ({ rss_mb: residentMb(apiPid), ...heapMb(await (await fetch(`${apiUrl}/metrics`)).text()) });
    const idle = await read();
    const after = [];
    for (let round = 0; round < rounds; round++) {
      const run = await closedLoop(
        syncCount,
        16,
        async (i) =>
          (await http(apiUrl, tenant.apiKey, 'POST', '/analyses', { entity_id: subjects[(round + i * 7919) % subjects.length] })).status ===
          201,
      );
      after.push({ analyses: (round + 1) * syncCount, per_second: run.per_second, errors: run.errors, ...(await read()) });
    }
    return {
      bench: 'api-memory',
      settings: {
        sync: syncCount,
        rounds,
        service_node_args: process.env.SERVICE_NODE_ARGS ?? '',
        api_node_args: process.env.API_NODE_ARGS ?? '',
        worker_node_args: process.env.WORKER_NODE_ARGS ?? '',
        malloc_arena_max: process.env.MALLOC_ARENA_MAX ?? '(shipped: 2)',
      },
      machine: { cpus: os.cpus().length, load_average_at_end: os.loadavg().map((l) => Number(l.toFixed(2))) },
      idle,
      after,
    };
  } finally {
    await stop();
  }
}

function residentMb(pid: number): number {
  const kb = Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]);
  return Math.round((kb / 1024) * 10) / 10;
}

/** The main thread's heap from the Prometheus exposition (prom-client's default metrics), in MB. */
function heapMb(exposition: string): Record<string, number> {
  const value = (name: string) => {
    const line = exposition.split('\n').find((l) => l.startsWith(`${name} `));
    return line ? Math.round((Number(line.split(' ')[1]) / 1048576) * 10) / 10 : NaN;
  };
  return {
    heap_total_mb: value('nodejs_heap_size_total_bytes'),
    heap_used_mb: value('nodejs_heap_size_used_bytes'),
    external_mb: value('nodejs_external_memory_bytes'),
  };
}

import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { Connection } from '@temporalio/client';
import { customSearchAttributes } from '../../contracts/search-attributes';
import { taskQueues } from '../../contracts/task-queues';
import { taskQueueFairnessSettings } from '../../contracts/work-priority';
import { isPortOpen } from '../../scripts/stack/ports';
import { startProcess, waitFor } from '../../scripts/stack/processes';
import { devServerFeatureArgs, devServerTuningArgs, temporalCliPath } from '../../scripts/stack/temporal';

/**
 * Resolves once a worker of process `pid` polls the analyses queue: the api's embedded worker
 * starts in the background after the api is ready, and eager start needs it running.
 */
export async function waitForEmbeddedWorker(address: string, pid: number): Promise<void> {
  const connection = await Connection.connect({ address });
  try {
    await waitFor(
      'the embedded analyses worker',
      async () => {
        const { pollers } = await connection.workflowService.describeTaskQueue({
          namespace: 'default',
          taskQueue: { name: taskQueues.analyses },
          taskQueueType: 1, // TASK_QUEUE_TYPE_WORKFLOW
        });
        return pollers?.some((p) => p.identity?.startsWith(`${pid}@`)) ? true : undefined;
      },
      120_000,
      250,
    );
  } finally {
    await connection.close();
  }
}

/** What a bench's dev server runs with, beyond its store (bench/workflow-cost.ts `--servers`). */
export type BenchServerConfig = { tuning: boolean; features?: boolean; featureSettings?: Record<string, boolean | number> };

/**
 * The configurations `npm run bench -- workflow-cost --servers …` compares: `shipped` is what npm
 * start and npm test run; the others leave one part out, to measure what it costs the server.
 */
export const benchServerConfigs: Record<string, BenchServerConfig> = {
  shipped: { tuning: true, features: true },
  'no-fairness': { tuning: true, features: false },
  'priority-only': { tuning: true, features: true, featureSettings: { ...taskQueueFairnessSettings, 'matching.enableFairness': false } },
  'no-tuning': { tuning: false, features: true },
};

/**
 * `--temporal-store memory` runs the same dev server without its SQLite file, `tmpfs` with it on
 * /dev/shm, and
 * `--temporal-tuning off` without the settings of scripts/stack/temporal.ts (devServerTuningArgs),
 * to show what each costs. The defaults (`file`, `on`) are exactly what npm start and npm test run.
 * `features: false` leaves out Task Queue Priority and Fairness (the fairness bench's comparison);
 * `featureSettings` replaces them with other values.
 */
export async function startBenchTemporal(port: number, options: { store: string; dataDir: string } & BenchServerConfig) {
  const args = ['server', 'start-dev', '--ip', '127.0.0.1', '--port', String(port), '--headless', '--log-level', 'warn'];
  // `tmpfs`: the same SQLite file and settings as `file`, on /dev/shm (no disk I/O at all).
  const fileDir =
    options.store === 'file'
      ? path.join(options.dataDir, 'temporal')
      : options.store === 'tmpfs'
        ? path.join('/dev/shm', `${path.basename(options.dataDir)}-temporal`)
        : undefined;
  if (fileDir) {
    mkdirSync(fileDir, { recursive: true });
    args.push('--db-filename', path.join(fileDir, 'temporal.db'));
  }
  for (const [name, type] of Object.entries(customSearchAttributes)) args.push('--search-attribute', `${name}=${type}`);
  if (options.featureSettings) args.push(...devServerFeatureArgs(options.featureSettings));
  else if (options.features !== false) args.push(...devServerFeatureArgs());
  if (options.tuning) args.push(...devServerTuningArgs({ file: fileDir !== undefined }));
  const server = startProcess({ name: 'temporal', command: temporalCliPath(), args, echo: false });
  await waitFor('the Temporal dev server', async () => ((await isPortOpen(port)) ? true : undefined), 60_000, 250);
  await new Promise((r) => setTimeout(r, 1_000));
  return Object.assign(server, { port, fileDir });
}

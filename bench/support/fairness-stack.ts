import { rmSync } from 'node:fs';
import path from 'node:path';
import type { Knex } from 'knex';
import { createDb } from '../../db/create-db';
import { getFreePort } from '../../scripts/stack/ports';
import { removeStackData } from '../../scripts/stack/postgres-location';
import { startInfrastructure, startServiceProcess, waitForReady } from '../../scripts/stack/stack';
import { bundleWorkflowsToFile } from '../../worker/bundle-workflows';
import { seedBenchDataset } from './analyses-dataset';
import { startBenchTemporal, waitForEmbeddedWorker } from './bench-temporal';

export type FairnessStack = { apiUrl: string; apiPid: number; db: Knex; subjects: number[]; dataDir: string; stop: () => Promise<void> };

/**
 * The fairness bench's own stack, as npm start runs it but throw-away on tmpfs: the dev server
 * (with or without Task Queue Priority and Fairness), Postgres with a small entity dataset, one
 * worker process (200 delivery slots, as shipped) and one api with its embedded analyses worker.
 */
export async function startFairnessStack(options: {
  fairness: boolean;
  entities?: number;
  env?: Record<string, string>;
}): Promise<FairnessStack> {
  const dataDir = path.join('/dev/shm', `bench-fairness-${process.pid}`);
  removeStackData(dataDir);
  const [pgPort, temporalPort, apiPort] = [await getFreePort(), await getFreePort(), await getFreePort()];
  const children: { stop: (ms?: number) => Promise<void> }[] = [
    await startBenchTemporal(temporalPort, { store: 'tmpfs', tuning: true, dataDir, features: options.fairness }),
  ];
  process.env.TEMPORAL_ADDRESS = `127.0.0.1:${temporalPort}`;
  const infra = await startInfrastructure({ dataDir, pgPort, temporalPort, durable: false, echo: false });
  const db = createDb(infra.env.DATABASE_URL, { poolMax: 10 });
  const stop = async () => {
    await db.destroy();
    for (const child of children.reverse()) await child.stop(20_000);
    await infra.stop();
    removeStackData(dataDir);
    rmSync(path.join('/dev/shm', `${path.basename(dataDir)}-temporal`), { recursive: true, force: true });
  };
  try {
    const { subjects } = await seedBenchDataset(db, options.entities ?? 2000);
    const bundlePath = path.join(dataDir, 'workflow-bundle.js');
    await bundleWorkflowsToFile(bundlePath);
    // The worker's metrics on a free port: a running npm start holds the default one.
    const env = {
      ...infra.env,
      NODE_ENV: 'production',
      PORT: String(apiPort),
      WORKER_METRICS_PORT: '0',
      WORKFLOW_BUNDLE_PATH: bundlePath,
      WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true',
      LOG_LEVEL: 'warn',
      ...options.env,
    };
    children.push(startServiceProcess('worker', env, { echo: false, logFile: path.join(dataDir, 'worker.log') }));
    const api = startServiceProcess('api', env, { echo: false, logFile: path.join(dataDir, 'api.log') });
    children.push(api);
    const apiUrl = `http://127.0.0.1:${apiPort}`;
    await waitForReady(apiUrl, 120_000, api.exited);
    await waitForEmbeddedWorker(infra.env.TEMPORAL_ADDRESS, api.child.pid!);
    return { apiUrl, apiPid: api.child.pid!, db, subjects, dataDir, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

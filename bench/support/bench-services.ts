import path from 'node:path';
import { getFreePort } from '../../scripts/stack/ports';
import { localMachineSettings, startServiceProcess, waitForReady } from '../../scripts/stack/stack';
import { bundleWorkflowsToFile } from '../../worker/bundle-workflows';

export type BenchCall = (apiKey: string, method: string, pathName: string, body?: unknown) => Promise<{ status: number; body: any }>;

export type BenchServices = {
  apiUrl: string;
  /** The environment both processes got (the infrastructure's, the port, the bundle). */
  env: Record<string, string>;
  /** One JSON request as a client makes it. */
  call: BenchCall;
  /** Stops the api, then the worker. */
  stop: () => Promise<void>;
};

/**
 * The api and worker processes of a bench, on the bench's own infrastructure (Postgres and the
 * Temporal dev server it started): the workflows bundled into `dataDir` as `npm start` bundles them,
 * the api on a free port, both logging into `dataDir`; answers once the api is ready. `NODE_ENV`
 * `production` unless a bench needs the test-only routes (docs/benchmarks.md).
 */
export async function startBenchServices(
  infraEnv: Record<string, string>,
  dataDir: string,
  options: { nodeEnv?: 'production' | 'test'; worker?: boolean } = {},
): Promise<BenchServices> {
  const bundlePath = path.join(dataDir, 'workflow-bundle.js');
  await bundleWorkflowsToFile(bundlePath);
  const port = await getFreePort();
  const env = {
    ...infraEnv,
    ...localMachineSettings(),
    NODE_ENV: options.nodeEnv ?? 'production',
    PORT: String(port),
    WORKFLOW_BUNDLE_PATH: bundlePath,
    LOG_LEVEL: 'warn',
  };
  const worker =
    options.worker === false ? undefined : startServiceProcess('worker', env, { echo: false, logFile: path.join(dataDir, 'worker.log') });
  const api = startServiceProcess('api', env, { echo: false, logFile: path.join(dataDir, 'api.log') });
  const stop = async () => {
    await api.stop(20_000);
    await worker?.stop(20_000);
  };
  const apiUrl = `http://127.0.0.1:${port}`;
  try {
    await waitForReady(apiUrl, 120_000, api.exited);
  } catch (error) {
    await stop();
    throw error;
  }
  const call: BenchCall = async (apiKey, method, pathName, body) => {
    const response = await fetch(`${apiUrl}${pathName}`, {
      method,
      headers: { 'X-API-Key': apiKey, 'Content-Type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    return { status: response.status, body: text ? JSON.parse(text) : undefined };
  };
  return { apiUrl, env, call, stop };
}

import type { SyncRunDeps } from '../usecases/analyses/await-sync-run';

/** Everything a route handler may use; built once per process by api/server.ts or a test. */
export type AppDeps = SyncRunDeps & {
  /** The Temporal SDK's Prometheus exposition of this process (its embedded worker's runtime), appended to /metrics. */
  temporalSdkMetricsUrl?: string;
};

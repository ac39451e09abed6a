import type { UsecaseDeps } from '../usecases/support/usecase-deps';

/** Everything a route handler may use; built once per process by api/server.ts or a test. */
export type AppDeps = UsecaseDeps & {
  /** The Temporal SDK's Prometheus exposition of this process (its embedded worker's runtime), appended to /metrics. */
  temporalSdkMetricsUrl?: string;
};

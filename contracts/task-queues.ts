/** One task queue per kind of work, so that each can be scaled on its own (docs/architecture.md). */
export const taskQueues = {
  analyses: 'analyses',
  webhooks: 'webhooks',
  screenings: 'screenings',
  reports: 'reports',
  cases: 'cases',
  /**
   * A monitor's check (the analysis of a re-analysis or review): its own queue, served by a worker
   * that runs few at a time (MONITOR_CHECK_CONCURRENCY), so that a fan-out over thousands of
   * monitors cannot take the CPU that interactive analyses need (docs/monitoring.md, "Priority").
   */
  monitorChecks: 'monitor-checks',
} as const;
export type TaskQueue = (typeof taskQueues)[keyof typeof taskQueues];

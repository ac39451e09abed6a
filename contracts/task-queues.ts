/** One task queue per kind of work, so that each can be scaled on its own (docs/architecture.md). */
export const taskQueues = {
  analyses: 'analyses',
  webhooks: 'webhooks',
  screenings: 'screenings',
  reports: 'reports',
  cases: 'cases',
} as const;
export type TaskQueue = (typeof taskQueues)[keyof typeof taskQueues];

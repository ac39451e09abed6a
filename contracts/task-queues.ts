/** One task queue per kind of work, so that each can be scaled on its own (DESIGN.md §1). */
export const taskQueues = {
  analyses: 'analyses',
  webhooks: 'webhooks',
  screenings: 'screenings',
} as const;
export type TaskQueue = (typeof taskQueues)[keyof typeof taskQueues];

import type { Priority } from '@temporalio/common';

/**
 * How urgent a piece of work is, on Temporal's own Task Queue Priority: when a queue has a
 * backlog, matching hands out lower priority keys first. Interactive work has a person waiting
 * for it (a sync analysis, a test event, a single retry, a graph expansion, a report); bulk work
 * is whatever one request can multiply (fan-out deliveries of a publication, bulk redelivery).
 * The server's default levels are 1–5 with 3 for unset keys, so `normal` equals "no priority".
 */
export const priorityKeys = { interactive: 1, normal: 3, bulk: 5 } as const;
export type PriorityClass = keyof typeof priorityKeys;

/** Fairness keys are limited to 64 bytes by the server; a company uuid is 36. */
const MAX_FAIRNESS_KEY_BYTES = 64;

/**
 * The Priority of a workflow start: its class, and the company as the fairness key, so that
 * within one priority level each company gets an equal share of dispatch however deep another
 * company's backlog is. Activities and timers' workflow tasks inherit both from the workflow
 * (an unset field of an activity's Priority means "the workflow's"), so workflows set none.
 */
export function workPriority(priorityClass: PriorityClass, companyUuid: string): Priority {
  if (!companyUuid || new TextEncoder().encode(companyUuid).length > MAX_FAIRNESS_KEY_BYTES) {
    throw new Error(`fairness key must be 1–${MAX_FAIRNESS_KEY_BYTES} bytes (a company uuid)`);
  }
  return { priorityKey: priorityKeys[priorityClass], fairnessKey: companyUuid };
}

/**
 * The Temporal server settings that turn Priority and Fairness on (dynamic configuration): the
 * priority-aware matcher, and fair dispatch by fairness key on top of it. Both are decided within
 * one partition of a task queue, and a task lands in a random one of four by default: a test
 * event in partition 2 waited while the freed pollers took bulk tasks from the others (3–12 s
 * behind a 4-slot flood instead of ≤ 3 s, test/integration/tenant-fairness.test.ts). One
 * partition makes the order exact; it serves thousands of tasks a second, far above this
 * service's load. The local dev server gets these as `--dynamic-config-value`
 * (scripts/stack/temporal.ts), the production server from deploy/temporal/dynamic-config.yaml
 * (docker-compose.yml); a test holds both to this list.
 */
export const taskQueueFairnessSettings: Record<string, boolean | number> = {
  'matching.useNewMatcher': true,
  'matching.enableFairness': true,
  'matching.numTaskqueueReadPartitions': 1,
  'matching.numTaskqueueWritePartitions': 1,
};

import { z } from 'zod';
import { DEFAULT_UBO_THRESHOLD_PERCENT } from '../domain/snapshot-facts/ubo-threshold';

/** How analyses run: ownership threshold, graph bounds and the tests-only step delay. */
export const analysisSettings = {
  /**
   * Tests only (honoured when NODE_ENV=test, refused otherwise): async analyses and screenings
   * started by this process wait this long (a Temporal timer) in the middle of their run, so that
   * a test can cancel a run that is really in flight (docs/workflows.md).
   */
  TEST_WORKFLOW_STEP_DELAY_MS: z.coerce.number().int().min(0).max(600_000).optional(),
  UBO_THRESHOLD_PERCENT: z.coerce.number().min(0).max(100).default(DEFAULT_UBO_THRESHOLD_PERCENT),
  GRAPH_MAX_DEPTH: z.coerce.number().int().min(1).max(10).default(4),
  GRAPH_MAX_NODES: z.coerce.number().int().min(10).default(20_000),
  /**
   * Monitor checks one worker process runs at once (the `monitor-checks` queue: docs/monitoring.md,
   * "Priority"). Small on purpose: a fan-out's checks then wait in Temporal's queue instead of
   * taking the CPU of interactive analyses; each worker process adds this many.
   */
  /**
   * Rows of one portfolio batch analysed at once (docs/batches.md): the batch's workflow keeps this
   * many row activities in flight, at bulk priority.
   */
  ANALYSIS_BATCH_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(4),
  MONITOR_CHECK_CONCURRENCY: z.coerce.number().int().min(1).max(200).default(2),
  /**
   * At most this many monitor checks start per second across every worker of the namespace
   * (Temporal's task-queue rate limit on `monitor-checks`); unset, no limit. The operator's lever
   * when a fan-out must take less than a concurrency of 1 from interactive analyses: its checks
   * wait longer in Temporal's queue instead (docs/monitoring.md, "Priority").
   */
  MONITOR_CHECKS_PER_SECOND: z.coerce.number().positive().max(10_000).optional(),
};

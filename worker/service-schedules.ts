import type { Client } from '@temporalio/client';
import type { Config } from '../config/config';
import {
  idempotencyPurgeRunTimeout,
  idempotencyPurgeScheduleId,
  idempotencyPurgeWorkflowContract,
} from '../contracts/idempotency-purge-workflow-contract';
import type { Logger } from '../infra/logger';
import { ensureWorkflowSchedule, type WorkflowSchedule } from '../infra/workflow-schedule';

/** The service's own recurring work: Temporal Schedules, not timers inside a process (docs/workflows.md). */
export function serviceSchedules(config: Pick<Config, 'IDEMPOTENCY_PURGE_INTERVAL'>): WorkflowSchedule<any>[] {
  return [
    {
      scheduleId: idempotencyPurgeScheduleId,
      contract: idempotencyPurgeWorkflowContract,
      input: {},
      everyMs: config.IDEMPOTENCY_PURGE_INTERVAL,
      runTimeout: idempotencyPurgeRunTimeout,
    },
  ];
}

/** Every worker process makes sure the Schedules exist before it reports itself running. */
export async function ensureServiceSchedules(
  temporal: Client,
  config: Pick<Config, 'IDEMPOTENCY_PURGE_INTERVAL'>,
  logger: Logger,
): Promise<void> {
  for (const schedule of serviceSchedules(config)) {
    const { outcome, differences } = await ensureWorkflowSchedule(temporal, schedule);
    logger.info({ schedule_id: schedule.scheduleId, outcome, differences, every_ms: schedule.everyMs }, 'schedule ensured');
  }
}

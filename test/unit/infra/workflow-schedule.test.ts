import { type IdempotencyPurgeInput, idempotencyPurgeWorkflowContract } from '../../../contracts/idempotency-purge-workflow-contract';
import { scheduleDifferences, scheduleOptionsOf, type WorkflowSchedule } from '../../../infra/workflow-schedule';

const schedule: WorkflowSchedule<IdempotencyPurgeInput> = {
  scheduleId: 'housekeeping-probe',
  contract: idempotencyPurgeWorkflowContract,
  input: {},
  everyMs: 3_600_000,
  runTimeout: '30m',
};

/** An existing Schedule as describe() returns it: intervals in milliseconds with their offset, args decoded. */
const described = {
  spec: { intervals: [{ every: 3_600_000, offset: 0 }], calendars: [] },
  action: {
    type: 'startWorkflow' as const,
    workflowType: 'purgeExpiredIdempotencyKeysWorkflow',
    taskQueue: 'reports',
    workflowId: 'housekeeping-idempotency-purge',
    args: [{}],
  },
};

describe('workflow schedules', () => {
  it('starts the contract’s workflow on its queue, under its id, every interval, skipping overlaps', () => {
    expect(scheduleOptionsOf(schedule)).toEqual({
      scheduleId: 'housekeeping-probe',
      spec: { intervals: [{ every: 3_600_000 }] },
      action: {
        type: 'startWorkflow',
        workflowType: 'purgeExpiredIdempotencyKeysWorkflow',
        taskQueue: 'reports',
        workflowId: 'housekeeping-idempotency-purge',
        args: [{}],
        typedSearchAttributes: [],
        workflowExecutionTimeout: '30m',
      },
      policies: { overlap: 'SKIP' },
    });
  });

  it.each([
    ['the same Schedule', described, []],
    [
      'the same Schedule, its zero offset left out as describe() does',
      { ...described, spec: { intervals: [{ every: 3_600_000, offset: undefined }] } },
      [],
    ],
    ['another interval', { ...described, spec: { intervals: [{ every: 900_000, offset: 0 }] } }, ['interval']],
    ['an offset', { ...described, spec: { intervals: [{ every: 3_600_000, offset: 60_000 }] } }, ['interval']],
    [
      'a calendar beside the interval',
      { ...described, spec: { intervals: [{ every: 3_600_000, offset: 0 }], calendars: [{ hour: [{ start: 3, end: 3, step: 1 }] }] } },
      ['interval'],
    ],
    ['no interval', { ...described, spec: {} }, ['interval']],
    [
      'another workflow on another queue',
      { ...described, action: { ...described.action, workflowType: 'oldPurgeWorkflow', taskQueue: 'webhooks' } },
      ['workflowType', 'taskQueue'],
    ],
    [
      'another id and input',
      { ...described, action: { ...described.action, workflowId: 'purge', args: [{ batchSize: 10 }] } },
      ['workflowId', 'args'],
    ],
  ])('%s: differs in %j', (_name, existing, differences) => {
    expect(scheduleDifferences(existing as never, schedule)).toEqual(differences);
  });
});

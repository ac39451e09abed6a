import { presentRun, recoveryStep, resourceOfRun } from '../../../../api/presenters/workflow-run-presenter';
import type { WorkflowRun } from '../../../../infra/workflow-runs';

const run = (workflowType: string, resourceUuid: string | null): WorkflowRun => ({
  workflowId: `id-${resourceUuid}`,
  runId: 'run-1',
  workflowType,
  status: 'running',
  startedAt: '2026-11-23T10:00:00.000Z',
  closedAt: null,
  companyUuid: 'c-1',
  resourceUuid,
  memo: {},
});

describe('a workflow run as the API shows it', () => {
  const steps = new Map([['analysis:a-1', 'scoring']]);
  it.each([
    ['an analysis with a recorded step', run('analysisWorkflow', 'a-1'), 'analysis', 'scoring'],
    ['an analysis without one', run('analysisWorkflow', 'a-2'), 'analysis', null],
    ['a workflow type no kind names', run('retiredWorkflow', 'a-1'), null, null],
  ])('%s', (_case, r, kind, step) => {
    expect(resourceOfRun(r)).toEqual({ kind, uuid: r.resourceUuid });
    expect(presentRun(r, steps)).toEqual({
      workflow_id: r.workflowId,
      kind,
      resource_uuid: r.resourceUuid,
      status: 'running',
      started_at: '2026-11-23T10:00:00.000Z',
      closed_at: null,
      current_step: step,
    });
  });
});

describe("a webhook recover's progress as its current step", () => {
  it.each([
    ['no answer (the run did not respond in time)', null, null],
    ['running', { retried: 120, skippedCount: 3, skipped: [], done: false }, 'retried 120, skipped 3'],
    ['done', { retried: 402, skippedCount: 0, skipped: [], done: true }, 'done: retried 402, skipped 0'],
    ['nothing to do', { retried: 0, skippedCount: 0, skipped: [], done: true }, 'done: retried 0, skipped 0'],
  ] as const)('%s', (_name, progress, step) => {
    expect(recoveryStep(progress === null ? null : { ...progress, skipped: [...progress.skipped] })).toBe(step);
  });
});

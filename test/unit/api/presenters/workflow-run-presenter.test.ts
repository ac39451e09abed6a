import { presentRun, resourceOfRun } from '../../../../api/presenters/workflow-run-presenter';
import type { WorkflowRun } from '../../../../infra/workflow-runs';

const run = (workflowType: string, resourceUuid: string | null): WorkflowRun => ({
  workflowId: `id-${resourceUuid}`, runId: 'run-1', workflowType, status: 'running', startedAt: '2026-11-23T10:00:00.000Z', closedAt: null, companyUuid: 'c-1', resourceUuid, memo: {},
});

describe('a workflow run as the API shows it', () => {
  const steps = new Map([['analysis:a-1', 'scoring']]);
  it.each([
    ['an analysis with a recorded step', run('analysisWorkflow', 'a-1'), 'analysis', 'scoring'],
    ['an analysis without one', run('analysisWorkflow', 'a-2'), 'analysis', null],
    ['a workflow type no kind names', run('retiredWorkflow', 'a-1'), null, null],
  ])('%s', (_case, r, kind, step) => {
    expect(resourceOfRun(r)).toEqual({ kind, uuid: r.resourceUuid });
    expect(presentRun(r, steps)).toEqual({ workflow_id: r.workflowId, kind, resource_uuid: r.resourceUuid, status: 'running', started_at: '2026-11-23T10:00:00.000Z', closed_at: null, current_step: step });
  });
});

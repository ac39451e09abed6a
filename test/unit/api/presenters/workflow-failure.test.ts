import { publicFailure } from '../../../../api/presenters/workflow-failure';

describe('publicFailure: what a customer may read of a run’s failure', () => {
  it.each([
    ['running', null, null],
    ['completed', null, null],
    ['canceled', null, { type: 'canceled', message: 'the workflow was canceled' }],
    [
      'terminated',
      { type: null, message: 'reason typed by an operator' },
      { type: 'terminated', message: 'the workflow was terminated by an operator' },
    ],
    ['timed_out', { type: 'TimedOut', message: null }, { type: 'TimedOut', message: 'the workflow timed out' }],
    [
      'failed',
      { type: 'analysis_step_failed', message: 'analysis failed at scoring: connect ECONNREFUSED 10.0.0.5:5432' },
      { type: 'analysis_step_failed', message: 'a step of the analysis failed; creating a new analysis is safe' },
    ],
    [
      'failed',
      { type: 'WebhookDeliveryFailed', message: 'webhook delivery failed at attempt 5 (last status code 500)' },
      { type: 'WebhookDeliveryFailed', message: 'webhook delivery failed at attempt 5 (last status code 500)' },
    ],
    [
      'failed',
      { type: 'SomethingInternal', message: 'stack at /srv/app.ts:1' },
      { type: 'SomethingInternal', message: 'the workflow failed' },
    ],
    ['failed', null, { type: 'failed', message: 'the workflow failed' }],
  ] as const)('%s with %j → %j', (status, failure, expected) => {
    expect(publicFailure(status, failure)).toEqual(expected);
  });
});

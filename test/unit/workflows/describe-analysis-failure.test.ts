import { ActivityFailure, ApplicationFailure, CancelledFailure, RetryState } from '@temporalio/common';
import { describeAnalysisFailure } from '../../../workflows/describe-analysis-failure';

const fromActivity = (cause: Error) =>
  new ActivityFailure('activity failed', 'runAnalysis', '1', RetryState.NON_RETRYABLE_FAILURE, 'worker', cause);

describe('describeAnalysisFailure', () => {
  it.each([
    ['a cancellation', new CancelledFailure('cancelled'), { code: 'cancelled', message: 'the analysis was cancelled' }],
    ['a cancelled activity', fromActivity(new CancelledFailure('cancelled')), { code: 'cancelled', message: 'the analysis was cancelled' }],
    [
      'bad data in a step runAnalysis names',
      fromActivity(
        ApplicationFailure.create({
          message: 'scoring: rule crashed',
          type: 'DeterministicAnalysisError',
          nonRetryable: true,
          details: [{ step: 'scoring' }],
        }),
      ),
      { code: 'analysis_data_error', message: 'scoring: rule crashed', step: 'scoring' },
    ],
    [
      'an infrastructure failure in the finalize step',
      fromActivity(ApplicationFailure.create({ message: 'connection refused', type: 'Error', details: [{ step: 'finalize' }] })),
      { code: 'analysis_step_failed', message: 'connection refused', step: 'finalize' },
    ],
    [
      'an application failure without a step',
      ApplicationFailure.create({ message: 'boom', type: 'Error' }),
      { code: 'analysis_step_failed', message: 'boom', step: undefined },
    ],
    ['a plain error', new Error('unexpected'), { code: 'analysis_step_failed', message: 'unexpected' }],
    ['something that is not an error', 'a string', { code: 'analysis_step_failed', message: 'analysis step failed' }],
  ])('%s', (_what, error, expected) => {
    expect(describeAnalysisFailure(error)).toEqual(expected);
  });
});

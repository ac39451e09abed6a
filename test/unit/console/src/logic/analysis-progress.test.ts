import { analysisProgress, isTerminal, pollDelayMs } from '../../../../../console/src/logic/analysis-progress';

describe('the progress of an asynchronous analysis', () => {
  it.each([
    ['queued', 'queued', ['current', 'pending', 'pending', 'pending', 'pending', 'pending']],
    ['running', 'scoring', ['done', 'done', 'current', 'pending', 'pending', 'pending']],
    ['completed', 'completed', ['done', 'done', 'done', 'done', 'done', 'done']],
    ['failed', 'failed', ['done', 'failed', 'pending', 'pending', 'pending', 'pending']],
  ])('%s at %s', (status, step, states) => {
    expect(analysisProgress(status, step).map((s) => s.state)).toEqual(states);
  });

  it('stops on a terminal status and backs off up to 5 s', () => {
    expect(['completed', 'failed', 'canceled'].every(isTerminal)).toBe(true);
    expect(isTerminal('running')).toBe(false);
    expect([0, 1, 2, 10].map(pollDelayMs)).toEqual([400, 800, 1600, 5000]);
  });
});

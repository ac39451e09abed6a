import { formatDuration, formatProgressBar, progressFigures } from '../../../domain/progress-figures';

describe('progress figures: how far, how fast, when done', () => {
  it.each([
    ['nothing done yet', 0, 1000, 5_000, { percent: 0, perSecond: 0, etaSeconds: null }],
    ['a fifth in 4 s', 200, 1000, 4_000, { percent: 20, perSecond: 50, etaSeconds: 16 }],
    ['all done', 1000, 1000, 10_000, { percent: 100, perSecond: 100, etaSeconds: 0 }],
    ['no total known', 300, 0, 3_000, { percent: null, perSecond: 100, etaSeconds: null }],
    ['more done than announced', 1100, 1000, 11_000, { percent: 100, perSecond: 100, etaSeconds: 0 }],
    ['no time elapsed', 10, 100, 0, { percent: 10, perSecond: 0, etaSeconds: null }],
    ['all done within the same millisecond', 1000, 1000, 0, { percent: 100, perSecond: 0, etaSeconds: 0 }],
    ['a third, one decimal', 1, 3, 1_000, { percent: 33.3, perSecond: 1, etaSeconds: 2 }],
  ])('%s', (_name, done, total, elapsedMs, expected) => {
    expect(progressFigures(done, total, elapsedMs)).toMatchObject(expected);
  });

  it.each([
    [null, '--:--'],
    [Number.POSITIVE_INFINITY, '--:--'],
    [0, '0:00'],
    [7, '0:07'],
    [245, '4:05'],
    [3723, '1:02:03'],
    [59.6, '1:00'],
  ])('formatDuration(%p) is %p', (seconds, text) => {
    expect(formatDuration(seconds)).toBe(text);
  });

  it.each([
    ['a fifth', progressFigures(200, 1000, 4_000), '[######........................]  20% verify 200/1000 analyses 50.0/s ETA 0:16'],
    ['no total', progressFigures(300, 0, 3_000), '[..............................]   ?% verify 300 analyses 100.0/s ETA --:--'],
    ['done', progressFigures(1000, 1000, 10_000), '[##############################] 100% verify 1000/1000 analyses 100.0/s ETA 0:00'],
  ])('the bar: %s', (_name, figures, line) => {
    expect(formatProgressBar('verify', 'analyses', figures)).toBe(line);
  });
});

import { markOnce, PERF_MARKS, startMark } from '../../../../../console/src/logic/perf-marks';

/** A stand-in for the browser's performance timeline: only what the marks need. */
function timeline() {
  const marks: string[] = [];
  const measures: [string, string, string][] = [];
  return {
    marks,
    measures,
    perf: {
      mark: (name: string) => void marks.push(name),
      measure: (name: string, start?: string, end?: string) => void measures.push([name, start!, end!]),
      getEntriesByName: (name: string) => marks.filter((m) => m === name).map(() => ({})),
      clearMarks: (name?: string) => void marks.splice(0, marks.length, ...marks.filter((m) => m !== name)),
    } as never,
  };
}

describe('the timing marks of the console', () => {
  it('measures time to interactive once, from the request to the first frame', () => {
    const t = timeline();
    startMark(PERF_MARKS.graphRequested, t.perf);
    markOnce(PERF_MARKS.graphInteractive, false, t.perf);
    markOnce(PERF_MARKS.graphInteractive, false, t.perf);
    expect(t.measures).toEqual([['console:graph-tti', PERF_MARKS.graphRequested, PERF_MARKS.graphInteractive]]);
  });

  it('measures every expansion redraw and its whole round trip', () => {
    const t = timeline();
    for (let i = 0; i < 2; i++) {
      startMark(PERF_MARKS.expandRequested, t.perf);
      startMark(PERF_MARKS.expandReceived, t.perf);
      markOnce(PERF_MARKS.expandRedrawn, true, t.perf);
    }
    expect(t.measures.map((m) => m[0])).toEqual([
      'console:expand-redraw',
      'console:expand-total',
      'console:expand-redraw',
      'console:expand-total',
    ]);
  });

  it('measures nothing without its start mark', () => {
    const t = timeline();
    markOnce(PERF_MARKS.expandRedrawn, true, t.perf);
    expect(t.measures).toEqual([]);
  });
});

/**
 * The timing marks the console sets with the browser's own `performance` API, read by the
 * browser tests and `npm run bench -- console`:
 *   graph-tti     graph view opened → graph drawn and clickable (fetch, model, layout, first frame)
 *   graph-fetch   graph view opened → graph JSON received and parsed (the API's share)
 *   graph-draw    graph JSON received → drawn and clickable (the console's share)
 *   expand-redraw expansion answer received → the added nodes drawn
 *   expand-total  expand clicked → the added nodes drawn (includes the API round trips)
 */
export const PERF_MARKS = {
  graphRequested: 'console:graph-requested',
  graphReceived: 'console:graph-received',
  graphInteractive: 'console:graph-interactive',
  expandRequested: 'console:expand-requested',
  expandReceived: 'console:expand-received',
  expandRedrawn: 'console:expand-redrawn',
} as const;

export const PERF_MEASURES = {
  graphTti: ['console:graph-tti', PERF_MARKS.graphRequested, PERF_MARKS.graphInteractive],
  graphFetch: ['console:graph-fetch', PERF_MARKS.graphRequested, PERF_MARKS.graphReceived],
  graphDraw: ['console:graph-draw', PERF_MARKS.graphReceived, PERF_MARKS.graphInteractive],
  expandRedraw: ['console:expand-redraw', PERF_MARKS.expandReceived, PERF_MARKS.expandRedrawn],
  expandTotal: ['console:expand-total', PERF_MARKS.expandRequested, PERF_MARKS.expandRedrawn],
} as const;

/** The part of the `performance` API the marks use (typed here: the unit tests run it under Node). */
type Perf = {
  mark(name: string): unknown;
  measure(name: string, start?: string, end?: string): unknown;
  getEntriesByName(name: string, type?: string): unknown[];
  clearMarks(name?: string): void;
};

/** Sets a mark the first time (or again when `repeat`), then records every measure whose two marks now exist. */
export function markOnce(name: string, repeat = false, perf: Perf = performance): void {
  if (!repeat && perf.getEntriesByName(name, 'mark').length) return;
  perf.mark(name);
  for (const [measure, start, end] of Object.values(PERF_MEASURES)) {
    if (end !== name) continue;
    if (perf.getEntriesByName(start, 'mark').length) perf.measure(measure, start, end);
  }
}

export function startMark(name: string, perf: Perf = performance): void {
  perf.clearMarks(name);
  perf.mark(name);
}

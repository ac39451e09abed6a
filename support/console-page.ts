import type { Page } from 'playwright-core';

/**
 * Reading the analyst console from Playwright, shared by the browser tests and the console
 * bench. Predicates run in the page as functions: a string predicate would need eval, which the
 * console's Content-Security-Policy forbids.
 */
export function nodeCountAbove(before: number): boolean {
  const canvas = (globalThis as any).document.querySelector('[data-testid=graph-canvas]');
  return Number(canvas?.dataset.nodeCount) > before;
}

export function measureCountAbove(args: [string, number]): boolean {
  return performance.getEntriesByName(args[0]).length > args[1];
}

/** The latest duration of one of the console's performance measures (console/src/logic/perf-marks.ts); -1 when absent. */
export async function lastMeasure(page: Page, name: string): Promise<number> {
  return page.evaluate((measure) => {
    const all = performance.getEntriesByName(measure);
    return all.length ? all[all.length - 1].duration : -1;
  }, name);
}

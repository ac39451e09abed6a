import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type ConsoleMessage, type Page } from 'playwright-core';
import { chromiumArgs, chromiumPath } from '../../scripts/stack/chromium';

/** A fresh headless Chromium (Playwright gives each launch its own temporary profile). */
export async function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: chromiumPath(), headless: true, args: chromiumArgs });
}

export type PageProblem = { text: string; url: string };

/** Collects console errors and uncaught page errors: a browser test fails on any it does not expect. */
export function watchPageProblems(page: Page): PageProblem[] {
  const problems: PageProblem[] = [];
  page.on('console', (message: ConsoleMessage) => {
    if (message.type() === 'error') problems.push({ text: `console: ${message.text()}`, url: message.location().url });
  });
  page.on('pageerror', (error) => problems.push({ text: `pageerror: ${error.message}`, url: '' }));
  return problems;
}

/**
 * Chromium logs every 4xx answer to fetch as a console error ("Failed to load resource"). A case
 * that provokes them on purpose (a revoked key: 401, a spent quota: 429) names their paths: those
 * answers, and only those, are expected.
 */
export function unexpectedProblems(problems: PageProblem[], expectedPaths: string[]): string[] {
  return problems
    .filter(
      (p) =>
        !(p.text.startsWith('console: Failed to load resource') && expectedPaths.some((e) => new URL(p.url || 'http://x/').pathname === e)),
    )
    .map((p) => `${p.text} ${p.url}`.trim());
}

export const screenshotDir = path.join(__dirname, '..', '..', '.data', 'screenshots');

export async function saveScreenshot(page: Page, name: string): Promise<string> {
  mkdirSync(screenshotDir, { recursive: true });
  const file = path.join(screenshotDir, `${name}.png`);
  await page.screenshot({ path: file });
  return file;
}

import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { loadDemoData, type DemoSubject } from '../../scripts/stack/demo-data';
import { launchChromium, watchPageProblems, type PageProblem } from './browser';
import { apiUrl } from './stack';
import { createTestTenant, testDb, type TestTenant } from './tenants';

/**
 * One analyst's session for the browser tests: the demo dataset of `npm start` loaded through
 * the real importers into the test database (idempotent), a fresh company and key, and a
 * Chromium page at 1280×800 whose console errors are collected.
 */
export type ConsoleSession = { browser: Browser; page: Page; problems: PageProblem[]; tenant: TestTenant; showcase: DemoSubject; consoleUrl: string };

export async function openConsoleSession(): Promise<ConsoleSession> {
  const dataDir = path.join(process.env.TEST_DATA_DIR ?? path.join(__dirname, '..', '..', '.data', 'browser'), 'browser-demo');
  const subjects = await loadDemoData(testDb(), dataDir);
  const tenant = await createTestTenant();
  const browser = await launchChromium();
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 }, locale: 'en-GB' });
  page.setDefaultTimeout(30_000);
  const problems = watchPageProblems(page);
  return { browser, page, problems, tenant, showcase: subjects[0], consoleUrl: `${apiUrl()}/console` };
}

/** Signs in through the form, as an analyst does. */
export async function signIn(session: ConsoleSession): Promise<void> {
  const { page } = session;
  await page.goto(`${session.consoleUrl}/`);
  await page.fill('#api-key', session.tenant.apiKey);
  await page.press('#api-key', 'Enter');
  await page.waitForSelector('[data-testid=company-name]');
}

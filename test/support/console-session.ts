import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { createDb } from '../../db/create-db';
import { loadDemoData, type DemoSubject } from '../../scripts/stack/demo-data';
import type { DevPerson } from '../../support/dev-identity-provider/dev-people';
import { launchChromium, watchPageProblems, type PageProblem } from './browser';
import { privilegedDatabaseUrls } from './database-roles';
import { registerTestPerson } from './sign-in';
import { apiUrl } from './stack';
import { createTestTenant, type TestTenant } from './tenants';

/**
 * One person's console session for the browser tests: the demo dataset of `npm start` loaded
 * through the real importers into the test database (idempotent), a fresh company (with a key the
 * tests use to check what the console shows), a person of that company at the development
 * identity provider, and a Chromium page at 1280×800 whose console errors are collected.
 * The person is an officer and an admin unless told otherwise: the whole console (runs, reports,
 * webhooks) is theirs to use.
 */
export type ConsoleSession = {
  browser: Browser;
  page: Page;
  problems: PageProblem[];
  tenant: TestTenant;
  person: DevPerson;
  showcase: DemoSubject;
  consoleUrl: string;
};

export async function openConsoleSession(options: { roles?: string[]; name?: string } = {}): Promise<ConsoleSession> {
  const dataDir = path.join(process.env.TEST_DATA_DIR ?? path.join(__dirname, '..', '..', '.data', 'browser'), 'browser-demo');
  // Loaded as the schema owner, as `npm start` and `ops import` do (docs/operations.md, "Database roles").
  // Three connections at least: an import holds its session's two while it records its run on a third
  // (importers/support/import-session.ts); with two, a browser file run on a fresh stack waited forever.
  const owner = createDb(privilegedDatabaseUrls().ownerUrl, { poolMax: 3, applicationName: 'jest-demo-data' });
  let subjects: DemoSubject[];
  try {
    subjects = await loadDemoData(owner, dataDir);
  } finally {
    await owner.destroy();
  }
  const tenant = await createTestTenant();
  const person = await registerTestPerson(tenant.companyUuid, options.roles ?? ['officer', 'admin'], options.name ?? 'Olivia Officer');
  const browser = await launchChromium();
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 }, locale: 'en-GB' });
  page.setDefaultTimeout(30_000);
  const problems = watchPageProblems(page);
  return { browser, page, problems, tenant, person, showcase: subjects[0], consoleUrl: `${apiUrl()}/console` };
}

/**
 * Signs in as a person does: the console's "Sign in", the identity provider's login form, and back
 * to the console (docs/sign-in.md). Starts from the sign-in view when the page is on it already.
 */
export async function signIn(
  session: Pick<ConsoleSession, 'page' | 'consoleUrl'>,
  person: Pick<DevPerson, 'username' | 'password'>,
): Promise<void> {
  const { page } = session;
  if (
    !(await page
      .locator('[data-testid=sign-in]')
      .isVisible()
      .catch(() => false))
  )
    await page.goto(`${session.consoleUrl}/`);
  await page.click('[data-testid=sign-in]');
  await page.fill('#username', person.username);
  await page.fill('#password', person.password);
  await page.click('button[type=submit]');
  await page.waitForSelector('[data-testid=company-name]');
}

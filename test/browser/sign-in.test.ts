import { saveScreenshot, unexpectedProblems } from '../support/browser';
import { openConsoleSession, signIn, type ConsoleSession } from '../support/console-session';
import { registerTestPerson } from '../support/sign-in';
import { closeTestDb } from '../support/tenants';

/**
 * Signing in to the console through the real development identity provider (docs/sign-in.md), in
 * Chromium: an analyst signs in, sees the console under their name and role, and signs out; an
 * auditor, who may read but not write, is refused a run.
 */
let session: ConsoleSession;

beforeAll(async () => {
  session = await openConsoleSession({ roles: ['analyst'], name: 'Ana Analyst' });
}, 180_000);

afterAll(async () => {
  await session?.browser.close();
  await closeTestDb();
});

describe('signing in to the console', () => {
  it('an analyst signs in at the identity provider, sees the console, signs out and is signed out', async () => {
    const { page } = session;
    await page.goto(`${session.consoleUrl}/`);
    await page.waitForSelector('[data-testid=sign-in]');
    await page.click('[data-testid=sign-in]');
    // the identity provider's own page
    await page.waitForSelector('#username');
    expect(new URL(page.url()).origin).toBe(new URL(process.env.OIDC_ISSUER_URL!).origin);
    await page.fill('#username', session.person.username);
    await page.fill('#password', session.person.password);
    await page.click('button[type=submit]');
    await page.waitForSelector('[data-testid=company-name]');
    expect(page.url()).toBe(`${session.consoleUrl}/`);
    expect(await page.textContent('[data-testid=person-name]')).toBe('Ana Analyst');
    expect(await page.textContent('[data-testid=person-role]')).toBe('Role: analyst');
    await page.waitForSelector('p.empty, [data-testid=analyses-table]');
    await saveScreenshot(page, 'console-signed-in');

    await page.click('[data-testid=sign-out]');
    await page.waitForSelector('[data-testid=signed-out]');
    expect((await page.context().cookies()).find((c) => c.name === 'era_session')).toBeUndefined();
    // a reload stays signed out: the session is over at the server too
    await page.reload();
    await page.waitForSelector('[data-testid=sign-in]');
    expect(await page.locator('[data-testid=company-name]').count()).toBe(0);
    // GET /auth/session answers 401 while nobody is signed in: expected
    expect(unexpectedProblems(session.problems, ['/auth/session'])).toEqual([]);
  });

  it('a wrong password stays at the identity provider', async () => {
    const { page } = session;
    await page.goto(`${session.consoleUrl}/`);
    await page.click('[data-testid=sign-in]');
    await page.fill('#username', session.person.username);
    await page.fill('#password', 'not the password');
    await page.click('button[type=submit]');
    expect(await page.textContent('[role=alert]')).toContain('Unknown username or wrong password');
  });

  it('an auditor reads the console but is refused a run', async () => {
    const { page } = session;
    session.problems.length = 0;
    await signIn(session, await registerTestPerson(session.tenant.companyUuid, ['auditor'], 'Aurora Auditor'));
    expect(await page.textContent('[data-testid=person-role]')).toBe('Role: auditor');
    await page.waitForSelector('p.empty, [data-testid=analyses-table]');
    await page.click('nav >> text=Run an analysis');
    await page.fill('[data-testid=sync-subject]', session.showcase.document);
    await page.click('[data-testid=run-sync]');
    expect(await page.textContent('[data-failure=forbidden]')).toContain('Your role');
    await saveScreenshot(page, 'console-auditor-refused');
    // the refused run's 403, and GET /auth/session's 401 before sign-in, are expected
    expect(unexpectedProblems(session.problems, ['/auth/session', '/analyses'])).toEqual([]);
  });
});

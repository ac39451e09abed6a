import { saveScreenshot, unexpectedProblems } from '../support/browser';
import { openConsoleSession, signIn, type ConsoleSession } from '../support/console-session';
import { request } from '../support/http';
import { registerTestPerson } from '../support/sign-in';
import { closeTestDb } from '../support/tenants';

/**
 * The case of a review-worthy verdict, worked in the console through the real sign-in
 * (docs/people-and-cases.md): an analyst runs the showcase analysis, takes the case the service
 * opened, notes and decides it; the same analyst cannot approve it; an officer approves it; an
 * auditor reads the steps in the verified audit trail — in English and in Portuguese.
 */
let session: ConsoleSession;

beforeAll(async () => {
  session = await openConsoleSession({ roles: ['analyst'], name: 'Ana Analyst' });
}, 180_000);

afterAll(async () => {
  await session?.browser.close();
  await closeTestDb();
});

async function signOut() {
  await session.page.click('[data-testid=sign-out]');
  await session.page.waitForSelector('[data-testid=signed-out]');
}

describe('a case in the console', () => {
  let caseUuid: string;

  it('an analyst runs a review-worthy analysis, takes its case, notes it and decides report_to_coaf', async () => {
    const { page, showcase } = session;
    await signIn(session, session.person);
    await page.click('nav >> text=Run an analysis');
    await page.fill('[data-testid=sync-subject]', showcase.document);
    await page.click('[data-testid=run-sync]');
    await page.waitForSelector('[data-testid=score]');
    const analysisUuid = /analyses\/([0-9a-f-]{36})/.exec(page.url())![1];
    // The service opens the case once the verdict is committed: a moment after the answer.
    const deadline = Date.now() + 30_000;
    let opened: any;
    while (!opened && Date.now() < deadline) {
      opened = (await request('GET', '/cases?limit=200', { apiKey: session.tenant.apiKey })).body.items.find(
        (c: any) => c.analysis_uuid === analysisUuid,
      );
      if (!opened) await new Promise((r) => setTimeout(r, 200));
    }
    expect(opened).toBeDefined();
    caseUuid = opened.uuid;

    await page.click('nav >> text=Cases');
    await page.click('[data-testid=queue-unassigned]');
    await page.click(`[data-testid=cases-table] a[href$="/cases/${caseUuid}"]`);
    await page.waitForSelector('[data-testid=case]');
    await page.click('[data-testid=assign-me]');
    await page.waitForSelector('[data-testid=case-assignee] >> text=Ana Analyst');
    await page.fill('[data-testid=note-text]', 'Four-layer chain checked against the registry.');
    await page.click('[data-testid=add-note]');
    await page.waitForSelector('[data-testid=case-notes] >> text=Four-layer chain checked against the registry.');
    await page.selectOption('[data-testid=decision-outcome]', 'report_to_coaf');
    await page.fill('[data-testid=decision-rationale]', 'A sanctioned owner and a PEP partner behind the chain.');
    await page.click('[data-testid=decide]');
    await page.waitForSelector('[data-testid=case][data-status=pending_approval]');
    // Four eyes: the decider is told another officer must approve, and offered no approval.
    expect(await page.locator('[data-testid=approve]').count()).toBe(0);
    expect(await page.textContent('[data-testid=awaiting-officer]')).toContain('officer role');
    await saveScreenshot(page, 'console-case-decided');
    await page.click('nav >> text=Cases');
    await page.click('[data-testid=queue-mine]');
    await page.waitForSelector(`[data-testid=cases-table] a[href$="/cases/${caseUuid}"]`);
    expect(unexpectedProblems(session.problems, ['/auth/session'])).toEqual([]);
    await signOut();
  });

  it('an officer approves it: the case closes with the COAF deadline and its draft', async () => {
    const { page } = session;
    const officer = await registerTestPerson(session.tenant.companyUuid, ['officer'], 'Otávio Officer');
    await signIn(session, officer);
    await page.goto(`${session.consoleUrl}/cases/${caseUuid}`);
    await page.waitForSelector('[data-testid=approval-form]');
    await page.fill('[data-testid=approval-comment]', 'Agreed; communicate today.');
    await page.click('[data-testid=approve]');
    await page.waitForSelector('[data-testid=case][data-status=closed]');
    expect(await page.textContent('[data-testid=case-approved-by]')).toContain('Otávio Officer');
    expect(await page.textContent('[data-testid=case-coaf-deadline]')).toContain('communication due');
    const stored = (await request('GET', `/cases/${caseUuid}`, { apiKey: session.tenant.apiKey })).body;
    expect(stored).toMatchObject({
      status: 'closed',
      decision: {
        outcome: 'report_to_coaf',
        decided_by: { type: 'user', name: 'Ana Analyst' },
        approved_by: { type: 'user', name: 'Otávio Officer' },
      },
      coaf_clock: 'running',
    });
    await saveScreenshot(page, 'console-case-approved');
    await signOut();
  });

  it('an auditor reads every step in the verified audit trail, in Portuguese', async () => {
    const { page } = session;
    const auditor = await registerTestPerson(session.tenant.companyUuid, ['auditor'], 'Aurora Auditor');
    await signIn(session, auditor);
    await page.selectOption('[data-testid=language]', 'pt');
    await page.click('nav >> text=Trilha de auditoria');
    await page.waitForSelector('[data-testid=audit-verification][data-valid=true]');
    expect(await page.textContent('[data-testid=audit-verification]')).toContain('A cadeia confere');
    // The verification and the list load independently (console/src/views/audit-view.tsx): the
    // table may still be loading when the verification shows (a fresh-clone run read no rows).
    await page.waitForSelector('[data-testid=audit-table] tbody tr:has-text("case.approved")');
    const rows = await page.locator('[data-testid=audit-table] tbody tr').allTextContents();
    for (const action of ['case.opened', 'case.assigned', 'case.noted', 'case.decided', 'case.approved'])
      expect(rows.some((r) => r.includes(action))).toBe(true);
    expect(rows.some((r) => r.includes('Ana Analyst') && r.includes('case.decided'))).toBe(true);
    expect(rows.some((r) => r.includes('Otávio Officer') && r.includes('case.approved'))).toBe(true);
    await saveScreenshot(page, 'console-audit-trail-pt');
    await page.selectOption('[data-testid=language]', 'en');
    expect(unexpectedProblems(session.problems, ['/auth/session'])).toEqual([]);
  });
});

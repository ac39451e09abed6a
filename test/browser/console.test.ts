import { nodeCountAbove } from '../../support/console-page';
import { saveScreenshot, unexpectedProblems } from '../support/browser';
import { openConsoleSession, signIn, type ConsoleSession } from '../support/console-session';
import { request } from '../support/http';
import { setSessionExpiry } from '../../db/repositories/people/session-repository';
import { hashToken } from '../../domain/sessions';
import { registerTestPerson } from '../support/sign-in';
import { closeTestDb, createTestTenant, testDb } from '../support/tenants';
import { randomBytes, randomInt } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createEntity } from '../../support/entity-fixtures';
import { runOps } from '../support/cli';

/** An EU Financial Sanctions File of one listed person, generated now (newer than any earlier import of the list). */
function euListOf(person: { first: string; last: string; birth: string }, generated: string): string {
  const id = randomInt(100_000, 999_999);
  return `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<export xmlns="http://eu.europa.ec/fpi/fsd/export" generationDate="${generated}" globalFileId="${id}">
  <sanctionEntity designationDetails="" unitedNationId="" euReferenceNumber="EU.${id}.01" logicalId="${id}" designationDate="2020-05-04">
    <regulation regulationType="amendment" organisationType="council" publicationDate="2020-05-04" entryIntoForceDate="2020-05-04" numberTitle="1/2020 (OJ L 1)" programme="RUS" logicalId="${id + 1}"/>
    <subjectType code="person" classificationCode="P"/>
    <nameAlias firstName="${person.first}" middleName="" lastName="${person.last}" wholeName="${person.first} ${person.last}" function="" gender="F" title="" nameLanguage="" strong="true" regulationLanguage="en" logicalId="${id + 2}"/>
    <birthdate circa="false" calendarType="GREGORIAN" city="" zipCode="" birthdate="${person.birth}" dayOfMonth="" monthOfYear="" year="" region="" place="" countryIsoCode="" countryDescription="" regulationLanguage="en" logicalId="${id + 3}"/>
  </sanctionEntity>
</export>
`;
}

/**
 * The analyst console in Debian's Chromium against the real stack: sign in through the development
 * identity provider as a person of a fresh company, run the showcase analysis, read its verdict,
 * open its graph, light a signal, expand a node, manage webhooks, list, verify, resend, report.
 * The cases share one signed-in page and run in order; each checks the console errors of its own
 * steps, and the case that ends the session and spends a quota runs last, with a company of its own.
 */
let session: ConsoleSession;
let analysisUuid = '';
let webhookEndpointUuid = '';
const expectNoConsoleErrors = (expected: string[] = []) => expect(unexpectedProblems(session.problems, expected)).toEqual([]);

beforeAll(async () => {
  session = await openConsoleSession();
}, 180_000);

beforeEach(() => {
  session.problems.length = 0;
});

afterAll(async () => {
  await session?.browser.close();
  await closeTestDb();
});

describe('the analyst console', () => {
  it('signs in through the identity provider and shows the person, their role, the company, the plan and the quota used', async () => {
    await signIn(session, session.person);
    const { page, tenant } = session;
    expect(await page.textContent('[data-testid=person-name]')).toBe('Olivia Officer');
    expect(await page.textContent('[data-testid=person-role]')).toBe('Role: officer, admin');
    expect(await page.textContent('[data-testid=company-name]')).toBe(`Test company ${tenant.planCode}`);
    expect(await page.textContent('[data-testid=account-summary]')).toContain(`Plan ${tenant.planCode}`);
    expect(await page.textContent('[data-testid=account-summary]')).toContain('Analyses this month: 0 of 1,000');
    // the session cookie is HttpOnly: the page cannot read it
    expect(await page.evaluate('document.cookie')).toBe('');
    expect((await page.context().cookies()).find((c) => c.name === 'era_session')).toMatchObject({
      httpOnly: true,
      sameSite: 'Lax',
      path: '/',
    });
    await saveScreenshot(page, 'console-analyses');
    // before sign-in, GET /auth/session answers 401: expected
    expectNoConsoleErrors(['/auth/session']);
  });

  it('runs the showcase analysis and shows its verdict: score, flags, pillars, signals, versions', async () => {
    const { page, showcase } = session;
    await page.click('nav >> text=Run an analysis');
    await page.fill('[data-testid=sync-subject]', showcase.document);
    await page.click('[data-testid=run-sync]');
    await page.waitForSelector('[data-testid=score]');
    analysisUuid = /analyses\/([0-9a-f-]{36})/.exec(page.url())![1];
    const stored = (await request('GET', `/api/analyses/${analysisUuid}`, { apiKey: session.tenant.apiKey })).body;
    expect(await page.textContent('[data-testid=score]')).toBe(String(stored.risk.score));
    expect(await page.getAttribute('[data-flag=review_required]', 'data-on')).toBe(String(stored.risk.review_required));
    expect(await page.locator('[data-testid=pillar-chart] svg g').count()).toBe(stored.risk.pillar_breakdown.length);
    await page.waitForSelector('[data-testid=signals] [data-signal]');
    expect(await page.textContent('[data-testid=versions]')).toContain(stored.versions.verdict_fingerprint);
    expect(await page.textContent('[data-testid=account-summary]')).toContain('Analyses this month: 1 of 1,000');
    await saveScreenshot(page, 'console-verdict');
    expectNoConsoleErrors();
  });

  it('opens the graph, lights a signal, and expands a node at the edge of the enrichment into new nodes', async () => {
    const { page } = session;
    await page.click('text=Open the graph');
    const canvas = page.locator('[data-testid=graph-canvas][data-ready=true]');
    await canvas.waitFor();
    const graph = (await request('GET', `/analyses/${analysisUuid}/graph`, { apiKey: session.tenant.apiKey })).body.graph;
    expect(await canvas.getAttribute('data-node-count')).toBe(String(graph.nodes.length));
    expect(await page.textContent('[data-testid=truncation]')).toContain(graph.limitations[0].message);
    const tti = await page.evaluate(() => performance.getEntriesByName('console:graph-tti')[0]?.duration);
    expect(tti).toBeGreaterThan(0);

    const code = 'SANCTION_ACTIVE_NETWORK';
    await page.check(`[data-testid=signal-picker] input[value=${code}]`);
    await page.waitForSelector(`[data-testid=graph-canvas][data-highlight=${code}]`);
    expect(Number(await canvas.getAttribute('data-highlight-nodes'))).toBeGreaterThan(1);
    await saveScreenshot(page, 'console-graph-highlight');

    const boundary = graph.limitations.find((l: { code: string }) => l.code === 'snapshot_depth_limit').details.boundary_entity_ids[0];
    const name = graph.nodes.find((n: { key: string }) => n.key === `entity:${boundary}`).display_name;
    await page.fill('[data-testid=node-search]', name.slice(0, 12));
    await page.click(`[data-node-key="entity:${boundary}"]`);
    await page.waitForSelector('[data-testid=node-details]');
    for (const box of await page.locator('[data-testid=node-details] input[data-domain]').all()) await box.check();
    await page.click('[data-testid=expand]');
    await page.waitForSelector('[data-testid=expand-result]');
    await page.waitForFunction(nodeCountAbove, graph.nodes.length);
    const redraw = await page.evaluate(() => performance.getEntriesByName('console:expand-redraw')[0]?.duration);
    expect(redraw).toBeGreaterThan(0);
    console.log(
      `console graph: ${graph.nodes.length} nodes interactive in ${tti!.toFixed(0)} ms; expansion redrawn in ${redraw!.toFixed(0)} ms`,
    );
    await saveScreenshot(page, 'console-graph-expanded');
    expectNoConsoleErrors();
  });

  it('queues an analysis by entity id and follows it until completed', async () => {
    const { page, showcase } = session;
    await page.click('nav >> text=Run an analysis');
    await page.fill('[data-testid=async-entity]', String(showcase.entity_ids[0]));
    await page.click('[data-testid=run-async]');
    await page.waitForSelector('[data-testid=async-progress][data-status=completed]', { timeout: 60_000 });
    await page.click('text=Open the verdict');
    await page.waitForSelector('[data-testid=score]');
    expectNoConsoleErrors();
  });

  it('lists the webhook endpoints and sends a test event that appears among the events', async () => {
    const { page, tenant } = session;
    const created = await request('POST', '/webhooks/endpoints', {
      apiKey: tenant.apiKey,
      body: { name: 'Case system', url: 'http://127.0.0.1:9/hooks', subscribed_events: ['analysis.completed'] },
    });
    expect(created.status).toBe(201);
    webhookEndpointUuid = created.body.uuid;
    await page.click('nav >> text=Webhooks');
    const row = page.locator(`[data-endpoint="${created.body.uuid}"]`);
    await row.waitFor();
    expect(await row.textContent()).toContain('Case system');
    await row.locator('text=Send a test event').click();
    await page.waitForSelector('[data-testid=webhook-events] [data-event]');
    // Nothing listens on port 9: the delivery fails after the test stack's short retry schedule, then the console retries it.
    const failed = await waitForEvent(created.body.uuid, 'failed');
    await page.click('[data-testid=webhook-events] >> text=Refresh');
    await page.locator(`[data-event="${failed}"] >> text=Retry`).click();
    await page.waitForSelector('[data-testid=webhook-events] >> text=A new delivery is scheduled.');
    await saveScreenshot(page, 'console-webhooks');
    expectNoConsoleErrors();
  }, 90_000);

  it('speaks Portuguese when asked', async () => {
    const { page } = session;
    await page.selectOption('[data-testid=language]', 'pt');
    await page.waitForSelector('nav >> text=Análises');
    expect(await page.getAttribute('html', 'lang')).toBe('pt-BR');
    await page.selectOption('[data-testid=language]', 'en');
    expectNoConsoleErrors();
  });
});

async function waitForEvent(endpointUuid: string, status: string): Promise<string> {
  for (let i = 0; i < 60; i++) {
    const page = (
      await request('GET', `/webhooks/webhook-events?endpoint_uuid=${endpointUuid}&status=${status}`, { apiKey: session.tenant.apiKey })
    ).body;
    const [event] = page.items;
    if (event) return event.uuid;
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  throw new Error(`no ${status} event for endpoint ${endpointUuid}`);
}

describe('the console on the lists, replay, resend and reports endpoints', () => {
  it('lists analyses with the filters of GET /analyses', async () => {
    const { page } = session;
    await page.click('nav >> text=Analyses');
    await page.selectOption('[data-filter=status]', 'completed');
    await page.click('text=Apply filters');
    await page.waitForSelector(`[data-testid=analyses-table] a[href$="${analysisUuid}"]`);
    expectNoConsoleErrors();
  });

  it('verifies the verdict by replaying its snapshot', async () => {
    const { page } = session;
    await page.goto(`${session.consoleUrl}/analyses/${analysisUuid}`);
    await page.click('[data-testid=verify]');
    expect(await page.getAttribute('[data-testid=verify-result]', 'data-match')).toBe('true');
    expectNoConsoleErrors();
  });

  it('resends a delivered or failed webhook event', async () => {
    const { page } = session;
    // The event retried above is in flight again until its new run fails: wait for a final state, then show it.
    const failed = await waitForEvent(webhookEndpointUuid, 'failed');
    const attemptsBefore = (await request('GET', `/webhooks/webhook-events/${failed}`, { apiKey: session.tenant.apiKey })).body
      .attempt_count;
    await page.click('nav >> text=Webhooks');
    await page.click('[data-testid=webhook-events] >> text=Refresh');
    await page.locator(`[data-event="${failed}"] >> text=Resend`).click();
    await page.waitForSelector('[data-testid=webhook-events] >> text=The event is sent again.');
    // A new delivery run of the same event: its attempts continue past the ones before.
    for (
      let i = 0;
      i < 30 &&
      (await request('GET', `/webhooks/webhook-events/${failed}`, { apiKey: session.tenant.apiKey })).body.attempt_count <= attemptsBefore;
      i++
    )
      await page.waitForTimeout(500);
    expect(
      (await request('GET', `/webhooks/webhook-events/${failed}`, { apiKey: session.tenant.apiKey })).body.attempt_count,
    ).toBeGreaterThan(attemptsBefore);
    expectNoConsoleErrors();
  }, 90_000);

  it('creates a report of the analysis and shows its sections', async () => {
    const { page } = session;
    await page.click('nav >> text=Reports');
    await page.fill('[data-testid=report-analysis]', analysisUuid);
    await page.click('text=Create report');
    await page.waitForSelector('.report-section');
    const uuid = /reports\/([0-9a-f-]{36})/.exec(page.url())![1];
    const stored = (await request('GET', `/reports/${uuid}`, { apiKey: session.tenant.apiKey })).body;
    expect(stored).toMatchObject({ analysis_uuid: analysisUuid, status: 'draft' });
    expect(await page.locator('.report-section').count()).toBe(stored.sections.length);
    await saveScreenshot(page, 'console-report');
    expectNoConsoleErrors();
  });
});

describe('the console when the session or the quota ends (last: it leaves the page signed in elsewhere)', () => {
  it("shows list freshness, matches a name the store does not hold, and shows a verdict's watchlist match with its features and explanation", async () => {
    const { page } = session;
    const last = [...randomBytes(8)]
      .map((b) => 'bcdfgklmnprstvz'[b % 15])
      .join('')
      .replace(/^./, (c) => c.toUpperCase());
    const person = { first: 'Marta Ilinichna', last, birth: '1970-02-03' };
    const dir = mkdtempSync(path.join(os.tmpdir(), 'console-screening-'));
    const generated = new Date().toISOString();
    try {
      writeFileSync(path.join(dir, 'eu.xml'), euListOf(person, generated));
      const imported = await runOps(['import', 'watchlist', '--list', 'eu_fsf', '--file', path.join(dir, 'eu.xml'), '--json']);
      expect(imported.json).toMatchObject({ outcome: 'imported' });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }

    await page.click('nav >> text=Screening');
    const euRow = page.locator('[data-testid=watchlist-freshness] tr[data-list=eu_fsf]');
    await euRow.waitFor();
    expect(await euRow.getAttribute('data-stale')).toBe('false');
    expect(await euRow.textContent()).toContain(generated);
    await page.fill('[data-testid=screening-name]', `${person.first} ${person.last}`);
    await page.fill('[data-testid=screening-birth-date]', person.birth);
    await page.click('[data-testid=screening-submit]');
    const card = page.locator('[data-testid=screening-results] [data-testid=watchlist-match]').first();
    await card.waitFor();
    expect(await card.getAttribute('data-match')).toBe('true');
    expect(await card.locator('tr[data-feature=birth_date]').textContent()).toContain('1.0000');
    expect(await card.locator('[data-testid=watchlist-explanation] li').count()).toBeGreaterThan(0);
    await saveScreenshot(page, 'console-screening');

    // The same person in the store: a verdict whose signal shows the match, its features and explanation.
    const subject = await createEntity(testDb(), {
      type: 'person',
      name: `${person.first} ${person.last}`,
      profile: { birth_date: person.birth },
    });
    await page.click('nav >> text=Run an analysis');
    await page.fill('[data-testid=sync-subject]', subject.document!);
    await page.click('[data-testid=run-sync]');
    await page.waitForSelector('[data-testid=score]');
    const signal = page.locator('[data-testid=signals] [data-signal=SANCTION_FOREIGN_SUBJECT]');
    await signal.locator('summary').first().click();
    const inVerdict = signal.locator('[data-testid=watchlist-match]').first();
    await inVerdict.waitFor();
    expect(await inVerdict.textContent()).toContain('eu_fsf');
    expect(await inVerdict.locator('tr[data-feature=birth_date]').textContent()).toContain('1.0000');
    expect(await inVerdict.locator('[data-testid=watchlist-explanation] li').count()).toBeGreaterThan(0);
    await saveScreenshot(page, 'console-verdict-watchlist');
    expectNoConsoleErrors();
  });

  it('goes back to sign-in when the session expires, and says so when the quota is spent', async () => {
    const { page } = session;
    await page.click('nav >> text=Analyses');
    await page.waitForSelector('[data-testid=analyses-table]');
    const cookie = (await page.context().cookies()).find((c) => c.name === 'era_session')!;
    expect(await setSessionExpiry(testDb(), hashToken(cookie.value), new Date(Date.now() - 1000))).toBe(1);
    await page.click('nav >> text=Reports'); // the expired session's calls answer 401
    await page.waitForSelector('[data-testid=sign-in]');
    expect(await page.textContent('[role=alert]')).toContain('Your session ended');

    const spent = await createTestTenant({ quotas: { analyses: 0 } });
    await signIn(session, await registerTestPerson(spent.companyUuid, ['analyst']));
    await page.click('nav >> text=Run an analysis');
    await page.fill('[data-testid=sync-subject]', session.showcase.document);
    await page.click('[data-testid=run-sync]');
    expect(await page.textContent('[data-failure=quota]')).toContain('quota is spent');
    await saveScreenshot(page, 'console-quota-spent');

    await page.click('[data-testid=sign-out]');
    await page.waitForSelector('[data-testid=signed-out]');
    await signIn(session, session.person);
    // The expired session's calls (the page it was on) answer 401, the spent quota's run 429: expected.
    expectNoConsoleErrors([
      '/auth/session',
      '/account',
      '/analyses',
      '/reports',
      '/webhooks/endpoints',
      '/webhooks/event-types',
      '/webhooks/webhook-events',
    ]);
  });
});

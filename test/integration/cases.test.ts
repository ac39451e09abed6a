import { randomUUID } from 'node:crypto';
import { caseWorkflowContract } from '../../contracts/case-workflow-contract';
import { SYSTEM_ACTOR } from '../../domain/actor';
import { createCleanCompany, createRiskyCompany } from '../../support/entity-fixtures';
import { EXAMPLE_CODES_CSV_PATH, exampleOccurrence } from '../../support/siscoaf-example';
import { startWebhookReceiver, type WebhookReceiver } from '../../support/webhook-receiver';
import { issueApiKey } from '../../usecases/tenancy/issue-api-key';
import { runOps } from '../support/cli';
import { registerTestPerson, sessionRequest, type SignedIn, signInPerson } from '../support/sign-in';
import { createCaseWithClocks } from '../support/case-fixtures';
import { request } from '../support/http';
import { testTemporalClient } from '../support/stack';
import { closeTestDb, createTestTenant, type TestTenant, testDb } from '../support/tenants';

jest.setTimeout(120_000);

async function eventually<T>(read: () => Promise<T>, done: (value: T) => boolean, what: string, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}: ${JSON.stringify(value)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('cases: opened by the service, decided under four eyes, clocks on Temporal timers', () => {
  let tenant: TestTenant;
  let other: TestTenant;
  let officerKey: { apiKey: string; keyUuid: string };
  let officerUuid: string;
  let receiver: WebhookReceiver;
  beforeAll(async () => {
    [tenant, other] = await Promise.all([createTestTenant(), createTestTenant()]);
    // Only a person approves (docs/people-and-cases.md, "Four eyes"): the officer's personal key.
    const officer = await signInPerson(await registerTestPerson(tenant.companyUuid, ['officer'], 'Olga Officer'));
    officerUuid = (await sessionRequest(officer, 'GET', '/auth/session')).body.person.uuid;
    officerKey = await issueApiKey({ db: testDb() }, SYSTEM_ACTOR, {
      companyUuid: tenant.companyUuid,
      name: 'officer key',
      scopes: ['cases:read', 'cases:write', 'cases:approve', 'reports:read', 'reports:write'],
      personUuid: officerUuid,
    });
    receiver = await startWebhookReceiver();
    const endpoint = await request('POST', '/webhooks/endpoints', {
      apiKey: tenant.apiKey,
      body: { name: 'cases', url: receiver.url('/cases'), subscribed_events: ['case.opened', 'case.decided', 'case.overdue'] },
    });
    receiver.setSecret('/cases', endpoint.body.secret);
  });
  afterAll(async () => {
    await receiver.close();
    await closeTestDb();
  });

  const call = (method: string, path: string, body?: unknown, apiKey = tenant.apiKey) => request(method, path, { apiKey, body });
  const caseOf = (analysisUuid: string): Promise<any> =>
    eventually<any>(
      async () => (await call('GET', '/cases?limit=200')).body.items.find((c: any) => c.analysis_uuid === analysisUuid),
      Boolean,
      `a case for ${analysisUuid}`,
    );
  const deliveriesOf = (type: string, caseUuid: string) =>
    receiver.deliveries('/cases').filter((d) => d.payload?.type === type && d.payload?.data?.case_uuid === caseUuid);

  it('opens a case by itself for a review-worthy verdict, none for a clean one, and announces case.opened', async () => {
    const { subject } = await createRiskyCompany(testDb());
    const analysis = await call('POST', '/analyses', { entity_id: subject.id });
    expect(analysis.status).toBe(201);
    const opened = await caseOf(analysis.body.uuid);
    expect(opened).toMatchObject({
      status: 'open',
      priority: analysis.body.risk.risk_level === 'critical' ? 'urgent' : 'high',
      risk_level: analysis.body.risk.risk_level,
      reason: 'escalation_required',
      subject: { entity_id: subject.id, name: subject.name },
      opened_by: { type: 'system' },
      assignee: null,
      decision: null,
      overdue: false,
    });
    expect(Date.parse(opened.due_at)).toBeGreaterThan(Date.parse(opened.created_at));
    await receiver.waitFor(() => deliveriesOf('case.opened', opened.uuid).length > 0, 30_000, 'case.opened');
    expect(deliveriesOf('case.opened', opened.uuid)[0].payload.data).toMatchObject({
      case_uuid: opened.uuid,
      analysis_uuid: analysis.body.uuid,
      reason: 'escalation_required',
      due_at: opened.due_at,
    });

    const clean = await call('POST', '/analyses', { entity_id: (await createCleanCompany(testDb())).subject.id });
    expect(clean.status).toBe(201);
    // The risky one's case exists by now; the clean one has had as long.
    await new Promise((r) => setTimeout(r, 1_000));
    expect((await call('GET', '/cases?limit=200')).body.items.filter((c: any) => c.analysis_uuid === clean.body.uuid)).toEqual([]);
    // The analyses list filters on the flags that open cases.
    const flagged = (await call('GET', '/analyses?escalation_required=true&limit=200')).body.items.map((a: any) => a.uuid);
    expect(flagged).toContain(analysis.body.uuid);
    expect(flagged).not.toContain(clean.body.uuid);
    expect((await call('GET', '/analyses?review_required=false&limit=200')).body.items.map((a: any) => a.uuid)).toContain(clean.body.uuid);
    // A second case by hand while one is in progress: 409 naming it.
    const again = await call('POST', '/cases', { analysis_uuid: analysis.body.uuid, reason: 'a second look' });
    expect(again.status).toBe(409);
    expect(again.body.detail).toContain(opened.uuid);
  });

  it('is decided by one actor and approved by a person: 403 for the deciding key, 409 out of turn, 422 without rationale', async () => {
    const { subject } = await createRiskyCompany(testDb());
    const analysis = await call('POST', '/analyses', { entity_id: subject.id });
    const opened = await caseOf(analysis.body.uuid);
    const path = `/cases/${opened.uuid}`;

    expect((await call('POST', `${path}/approval`, { approve: true }, officerKey.apiKey)).status).toBe(409);
    expect((await call('POST', `${path}/assign`, { assignee_id: randomUUID() })).status).toBe(422);
    expect((await call('POST', `${path}/assign`, { assignee_id: other.keyUuid })).status).toBe(422);
    const assigned = await call('POST', `${path}/assign`, { assignee_id: tenant.keyUuid });
    expect(assigned.status).toBe(200);
    expect(assigned.body).toMatchObject({ status: 'in_review', assignee: { type: 'api_key', id: tenant.keyUuid } });
    expect((await call('GET', `/cases?assignee=me&status=in_review`)).body.items.map((c: any) => c.uuid)).toContain(opened.uuid);

    const noted = await call('POST', `${path}/notes`, { text: 'Ownership chain checked.' });
    expect(noted.body.notes).toEqual([
      expect.objectContaining({ text: 'Ownership chain checked.', author: expect.objectContaining({ id: tenant.keyUuid }) }),
    ]);
    expect((await call('POST', `${path}/decision`, { outcome: 'reject' })).status).toBe(422);
    expect((await call('POST', `${path}/decision`, { outcome: 'reject', rationale: '  ' })).status).toBe(422);

    const decided = await call('POST', `${path}/decision`, { outcome: 'reject', rationale: 'A sanctioned owner behind the chain.' });
    expect(decided.status).toBe(200);
    expect(decided.body).toMatchObject({
      status: 'pending_approval',
      decision: { outcome: 'reject', decided_by: { type: 'api_key', id: tenant.keyUuid }, approved_by: null },
    });
    expect((await call('POST', `${path}/decision`, { outcome: 'approve', rationale: 'again' })).status).toBe(409);

    // The deciding key is a company key: no person, so no approval (the approvals by a person's own keys: case-four-eyes.test.ts).
    const self = await call('POST', `${path}/approval`, { approve: true });
    expect(self.status).toBe(403);
    expect(self.body).toEqual({ detail: 'person_required' });

    const approved = await call('POST', `${path}/approval`, { approve: true, comment: 'Agreed.' }, officerKey.apiKey);
    expect(approved.status).toBe(200);
    expect(approved.body).toMatchObject({
      status: 'closed',
      closed_at: expect.any(String),
      decision: {
        outcome: 'reject',
        approved_by: { type: 'user', id: officerUuid, name: 'Olga Officer', via_key: officerKey.keyUuid },
        approval_comment: 'Agreed.',
      },
      coaf_clock: null,
    });
    // Closed: every action is 409 (its workflow has ended or is ending).
    expect((await call('POST', `${path}/notes`, { text: 'late' })).status).toBe(409);
    await receiver.waitFor(() => deliveriesOf('case.decided', opened.uuid).length >= 2, 30_000, 'two case.decided');

    // Every step is in the company's verified chain, by the actor who took it.
    const events = (await call('GET', `/audit-events?resource_uuid=${opened.uuid}&limit=50`)).body.items.reverse();
    expect(events.map((e: any) => [e.action, e.actor.type])).toEqual([
      ['case.opened', 'system'],
      ['case.assigned', 'api_key'],
      ['case.noted', 'api_key'],
      ['case.decided', 'api_key'],
      ['case.approved', 'user'],
    ]);
    expect(events[4].actor).toEqual({ type: 'user', id: officerUuid, name: 'Olga Officer', via_key: officerKey.keyUuid });
    expect((await call('GET', '/audit-events/verify')).body).toMatchObject({ valid: true });
    // Another company's person or key sees none of it.
    expect((await call('GET', path, undefined, other.apiKey)).status).toBe(404);
    expect((await call('POST', `${path}/notes`, { text: 'x' }, other.apiKey)).status).toBe(404);
  });

  it('returns a refused decision to review, and an approved report_to_coaf starts the COAF clock that filing its coaf_cos stops', async () => {
    const { subject } = await createRiskyCompany(testDb());
    const analysis = await call('POST', '/analyses', { entity_id: subject.id });
    const opened = await caseOf(analysis.body.uuid);
    const path = `/cases/${opened.uuid}`;
    await call('POST', `${path}/decision`, { outcome: 'report_to_coaf', rationale: 'Concealed ownership.' });
    const returned = await call(
      'POST',
      `${path}/approval`,
      { approve: false, comment: 'Name the Carta Circular situation.' },
      officerKey.apiKey,
    );
    expect(returned.body).toMatchObject({ status: 'in_review', decision: null });
    await call('POST', `${path}/decision`, { outcome: 'report_to_coaf', rationale: 'Concealed ownership (Carta Circular 4.001).' });
    const approvedAt = Date.now();
    const approved = await call('POST', `${path}/approval`, { approve: true }, officerKey.apiKey);
    expect(approved.body).toMatchObject({ status: 'closed', coaf_clock: 'running', report_uuid: expect.any(String) });
    // The end of a business day in São Paulo (23:59:59.999 at UTC−3), one to five days on.
    expect(approved.body.coaf_deadline_at).toMatch(/T02:59:59\.999Z$/);
    expect(Date.parse(approved.body.coaf_deadline_at) - approvedAt).toBeGreaterThan(0);
    expect(Date.parse(approved.body.coaf_deadline_at) - approvedAt).toBeLessThan(6 * 86_400_000);
    const report = await call('GET', `/reports/${approved.body.report_uuid}`);
    expect(report.status).toBe(200);
    expect(report.body).toMatchObject({ type: 'coaf_cos', status: 'draft', analysis_uuid: analysis.body.uuid });

    // The officer completes the draft as for any COS (docs/reports.md): institution, code tables, occurrence data.
    await runOps(['company', 'update', '--company', tenant.companyUuid, '--cnpj', '11.222.333/0001-81', '--json']);
    await runOps(['regulatory', 'codes', 'import', '--company', tenant.companyUuid, '--file', EXAMPLE_CODES_CSV_PATH, '--json']);
    expect((await call('PUT', `/reports/${report.body.uuid}/occurrence`, exampleOccurrence(report.body.subject.document))).status).toBe(
      200,
    );
    expect((await call('POST', `/reports/${report.body.uuid}/finalize`)).status).toBe(200);
    expect(
      (await call('POST', `/reports/${report.body.uuid}/filing`, { protocol: 'SISCOAF-1', filed_at: new Date().toISOString() })).status,
    ).toBe(200);
    expect((await call('GET', path)).body).toMatchObject({ coaf_clock: 'filed', overdue: false });
    // The clock stopped: the case's workflow ends.
    const handle = (await testTemporalClient()).workflow.getHandle(
      caseWorkflowContract.workflowId({ companyUuid: tenant.companyUuid, caseUuid: opened.uuid }),
    );
    await expect(handle.result()).resolves.toMatchObject({ status: 'closed', coafClock: 'filed' });
  });

  it('holds people to their roles: an auditor may read but not decide, an analyst may decide but not approve, the decider never approves', async () => {
    const { subject } = await createRiskyCompany(testDb());
    const analysis = await call('POST', '/analyses', { entity_id: subject.id });
    const opened = await caseOf(analysis.body.uuid);
    const path = `/cases/${opened.uuid}`;
    const [auditor, analyst, officer] = await Promise.all([
      signInPerson(await registerTestPerson(tenant.companyUuid, ['auditor'], 'Aurora Auditor')),
      signInPerson(await registerTestPerson(tenant.companyUuid, ['analyst'], 'Ana Analyst')),
      signInPerson(await registerTestPerson(tenant.companyUuid, ['officer'], 'Otávio Officer')),
    ]);
    const as = (who: SignedIn, method: string, p: string, body?: unknown) => sessionRequest(who, method, p, { csrf: who.csrf, body });
    expect((await as(auditor, 'GET', path)).status).toBe(200);
    expect((await as(auditor, 'POST', `${path}/decision`, { outcome: 'reject', rationale: 'no' })).status).toBe(403);
    // Without the session's CSRF token a write is refused, whoever asks.
    expect((await sessionRequest(analyst, 'POST', `${path}/notes`, { body: { text: 'x' } })).status).toBe(403);
    const decided = await as(analyst, 'POST', `${path}/decision`, {
      outcome: 'approve_with_edd',
      rationale: 'Enhanced due diligence on the PEP partner.',
    });
    expect(decided.status).toBe(200);
    expect(decided.body.decision.decided_by).toEqual({ type: 'user', id: expect.any(String), name: 'Ana Analyst' });
    expect((await as(analyst, 'POST', `${path}/approval`, { approve: true })).status).toBe(403);
    const people = (await call('GET', '/people')).body.items.map((p: any) => [p.name, p.roles]);
    expect(people).toEqual(
      expect.arrayContaining([
        ['Ana Analyst', ['analyst']],
        ['Otávio Officer', ['officer']],
        ['Aurora Auditor', ['auditor']],
      ]),
    );
    const approved = await as(officer, 'POST', `${path}/approval`, { approve: true });
    expect(approved.body).toMatchObject({ status: 'closed', decision: { approved_by: { type: 'user', name: 'Otávio Officer' } } });
    // A forged session is 401.
    expect((await sessionRequest({ session: 'forged' }, 'GET', path)).status).toBe(401);
  });

  it('marks a case overdue when its service level runs out, with case.overdue', async () => {
    const uuid = await createCaseWithClocks(tenant, { dueAt: new Date(Date.now() - 1_000) });
    const overdue = await eventually(
      async () => (await call('GET', `/cases/${uuid}`)).body,
      (c) => c.overdue === true,
      'overdue',
    );
    expect(overdue.overdue_at).toEqual(expect.any(String));
    await receiver.waitFor(() => deliveriesOf('case.overdue', uuid).length > 0, 30_000, 'case.overdue');
    expect(deliveriesOf('case.overdue', uuid)[0].payload.data).toMatchObject({ case_uuid: uuid, clock: 'service_level' });
    expect((await call('GET', '/cases?overdue=true&limit=200')).body.items.map((c: any) => c.uuid)).toContain(uuid);
  });

  it('marks the case overdue when its COAF clock runs out before the communication is filed, with case.overdue', async () => {
    const { subject } = await createRiskyCompany(testDb());
    const analysis = await call('POST', '/analyses', { entity_id: subject.id });
    const opened = await caseOf(analysis.body.uuid);
    await call('POST', `/cases/${opened.uuid}/decision`, { outcome: 'report_to_coaf', rationale: 'Concealed ownership.' });
    const approved = await call('POST', `/cases/${opened.uuid}/approval`, { approve: true }, officerKey.apiKey);
    expect(approved.body).toMatchObject({ status: 'closed', coaf_clock: 'running' });
    // The deadline moved into the past (the test's own clock), and the workflow told: its timer rings at once.
    await testDb()('cases')
      .where({ uuid: opened.uuid })
      .update({ coaf_deadline_at: new Date(Date.now() - 1_000) });
    await (
      await testTemporalClient()
    ).workflow
      .getHandle(caseWorkflowContract.workflowId({ companyUuid: tenant.companyUuid, caseUuid: opened.uuid }))
      .signal('clocksChanged');
    const overdue = await eventually(
      async () => (await call('GET', `/cases/${opened.uuid}`)).body,
      (c) => c.coaf_clock === 'overdue',
      'the COAF clock run out',
    );
    expect(overdue).toMatchObject({ overdue: true, status: 'closed', report_uuid: approved.body.report_uuid });
    await receiver.waitFor(() => deliveriesOf('case.overdue', opened.uuid).length > 0, 30_000, 'case.overdue (coaf)');
    expect(deliveriesOf('case.overdue', opened.uuid)[0].payload.data).toMatchObject({
      clock: 'coaf',
      report_uuid: approved.body.report_uuid,
    });
    // Every clock stopped: the workflow ended.
    await expect(
      (await testTemporalClient()).workflow
        .getHandle(caseWorkflowContract.workflowId({ companyUuid: tenant.companyUuid, caseUuid: opened.uuid }))
        .result(),
    ).resolves.toMatchObject({ coafClock: 'overdue' });
  });

  it("opens a case by hand on a completed analysis (404 for another company's), and lists the people cases go to", async () => {
    const { subject } = await createCleanCompany(testDb());
    const analysis = await call('POST', '/analyses', { entity_id: subject.id });
    expect((await call('POST', '/cases', { analysis_uuid: analysis.body.uuid, reason: 'look' }, other.apiKey)).status).toBe(404);
    const opened = await call('POST', '/cases', { analysis_uuid: analysis.body.uuid, reason: 'Unusual credit line.' });
    expect(opened.status).toBe(201);
    expect(opened.body).toMatchObject({
      status: 'open',
      reason: 'Unusual credit line.',
      opened_by: { type: 'api_key', id: tenant.keyUuid },
      priority: 'low',
    });
    expect(opened.headers.get('location')).toBe(`/cases/${opened.body.uuid}`);
    // A low risk approved on one pair of eyes closes.
    const closed = await call('POST', `/cases/${opened.body.uuid}/decision`, { outcome: 'approve', rationale: 'Nothing found.' });
    expect(closed.body).toMatchObject({ status: 'closed', decision: { outcome: 'approve', approved_by: null } });
    const people = await call('GET', '/people', undefined, other.apiKey);
    expect(people.status).toBe(200);
    // Nobody of the other company has signed in: its list is empty, whoever signed in here.
    expect(people.body).toEqual({ items: [], next_cursor: null });
  });
});

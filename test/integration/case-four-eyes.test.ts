import { SYSTEM_ACTOR } from '../../domain/actor';
import { createRiskyCompany } from '../../support/entity-fixtures';
import { issueApiKey } from '../../usecases/tenancy/issue-api-key';
import { runOps } from '../support/cli';
import { request } from '../support/http';
import { registerTestPerson, sessionRequest, type SignedIn, signInOverHttp, signInPerson } from '../support/sign-in';
import { closeTestDb, createTestTenant, type TestTenant, testDb } from '../support/tenants';
import { waitFor } from '../support/wait-for';

jest.setTimeout(120_000);

/**
 * Four eyes are two people (docs/people-and-cases.md, "Four eyes"): only a person with the officer
 * role approves a case decision — signed in, or through their personal key — and one person is one
 * pair of eyes however they come in; a company key may decide but never approve.
 */
const caseScopes = ['cases:read', 'cases:write', 'cases:approve'];

describe('four eyes are two people', () => {
  let tenant: TestTenant;
  let ana: { person: Awaited<ReturnType<typeof registerTestPerson>>; signedIn: SignedIn; uuid: string };
  let bruno: { signedIn: SignedIn; uuid: string };
  beforeAll(async () => {
    tenant = await createTestTenant();
    const signUp = async (name: string) => {
      const person = await registerTestPerson(tenant.companyUuid, ['officer'], name);
      const signedIn = await signInPerson(person);
      const uuid: string = (await sessionRequest(signedIn, 'GET', '/auth/session')).body.person.uuid;
      return { person, signedIn, uuid };
    };
    [ana, bruno] = await Promise.all([signUp('Ana Officer'), signUp('Bruno Officer')]);
  });
  afterAll(closeTestDb);

  const call = (method: string, path: string, body?: unknown, apiKey = tenant.apiKey) => request(method, path, { apiKey, body });
  const as = (who: SignedIn, method: string, path: string, body?: unknown) => sessionRequest(who, method, path, { csrf: who.csrf, body });
  const personalKey = async (personUuid: string, name: string) =>
    issueApiKey({ db: testDb() }, SYSTEM_ACTOR, { companyUuid: tenant.companyUuid, scopes: caseScopes, name, personUuid });
  const pendingCase = async (decide: (path: string) => Promise<{ status: number; body: any }>): Promise<string> => {
    const { subject } = await createRiskyCompany(testDb());
    const analysis = await call('POST', '/analyses', { entity_id: subject.id });
    expect(analysis.status).toBe(201);
    const opened = await waitFor<any>(
      'the case',
      async () => (await call('GET', '/cases?limit=200')).body.items.find((c: any) => c.analysis_uuid === analysis.body.uuid),
      30_000,
      100,
    );
    const path = `/cases/${opened.uuid}`;
    const decided = await decide(path);
    expect(decided.status).toBe(200);
    expect(decided.body.status).toBe('pending_approval');
    return path;
  };

  it('a company key may decide but not approve: 403 person_required, for the decider and for another company key', async () => {
    const otherCompanyKey = await issueApiKey({ db: testDb() }, SYSTEM_ACTOR, {
      companyUuid: tenant.companyUuid,
      scopes: caseScopes,
      name: 'second company key',
    });
    const path = await pendingCase((p) => call('POST', `${p}/decision`, { outcome: 'reject', rationale: 'A sanctioned owner.' }));
    for (const apiKey of [tenant.apiKey, otherCompanyKey.apiKey]) {
      for (const approve of [true, false]) {
        const refused = await call('POST', `${path}/approval`, { approve }, apiKey);
        expect(refused.status).toBe(403);
        expect(refused.body).toEqual({ detail: 'person_required' });
      }
    }
    expect((await call('GET', path)).body).toMatchObject({ status: 'pending_approval', decision: { approved_by: null } });
    // A person approves the company key's decision.
    const approved = await as(bruno.signedIn, 'POST', `${path}/approval`, { approve: true });
    expect(approved.status).toBe(200);
    expect(approved.body).toMatchObject({
      status: 'closed',
      decision: {
        decided_by: { type: 'api_key', id: tenant.keyUuid },
        approved_by: { type: 'user', id: bruno.uuid, name: 'Bruno Officer' },
      },
    });
  });

  it('a person and their own keys are one pair of eyes (403 four_eyes_required); another officer approves', async () => {
    const [anaKey, anaSecondKey] = await Promise.all([personalKey(ana.uuid, 'ana integration'), personalKey(ana.uuid, 'ana second')]);
    const path = await pendingCase((p) =>
      call('POST', `${p}/decision`, { outcome: 'report_to_coaf', rationale: 'Concealed ownership.' }, anaKey.apiKey),
    );
    const decision = (await call('GET', path)).body.decision;
    expect(decision.decided_by).toEqual({ type: 'user', id: ana.uuid, name: 'Ana Officer', via_key: anaKey.keyUuid });

    // A personal key's uuid names its person as an assignee too.
    const assigned = await call('POST', `${path}/assign`, { assignee_id: anaKey.keyUuid });
    expect(assigned.body.assignee).toEqual({ type: 'user', id: ana.uuid, name: 'Ana Officer' });

    const bySession = await as(ana.signedIn, 'POST', `${path}/approval`, { approve: true });
    expect(bySession.status).toBe(403);
    expect(bySession.body).toEqual({ detail: 'four_eyes_required' });
    for (const key of [anaKey, anaSecondKey]) {
      const byKey = await call('POST', `${path}/approval`, { approve: true }, key.apiKey);
      expect(byKey.status).toBe(403);
      expect(byKey.body).toEqual({ detail: 'four_eyes_required' });
    }

    const approved = await as(bruno.signedIn, 'POST', `${path}/approval`, { approve: true, comment: 'Agreed.' });
    expect(approved.status).toBe(200);
    expect(approved.body).toMatchObject({
      status: 'closed',
      coaf_clock: 'running',
      decision: { approved_by: { type: 'user', id: bruno.uuid, name: 'Bruno Officer' }, approval_comment: 'Agreed.' },
    });
    expect(approved.body.decision.approved_by.via_key).toBeUndefined();

    // The audit trail names the person and the key they came through.
    const events = (await call('GET', `/audit-events?resource_uuid=${path.split('/')[2]}&limit=50`)).body.items;
    expect(events.find((e: any) => e.action === 'case.decided').actor).toEqual({
      type: 'user',
      id: ana.uuid,
      name: 'Ana Officer',
      via_key: anaKey.keyUuid,
    });
    expect(events.find((e: any) => e.action === 'case.approved').actor).toEqual({ type: 'user', id: bruno.uuid, name: 'Bruno Officer' });
    expect((await call('GET', '/audit-events/verify')).body).toMatchObject({ valid: true });
  });

  it("an officer's personal key approves another person's decision; an analyst's key holds no more than the analyst", async () => {
    const brunoKey = await personalKey(bruno.uuid, 'bruno approvals');
    const path = await pendingCase((p) =>
      as(ana.signedIn, 'POST', `${p}/decision`, { outcome: 'approve_with_edd', rationale: 'EDD on the PEP partner.' }),
    );
    const approved = await call('POST', `${path}/approval`, { approve: true }, brunoKey.apiKey);
    expect(approved.status).toBe(200);
    expect(approved.body.decision.approved_by).toEqual({ type: 'user', id: bruno.uuid, name: 'Bruno Officer', via_key: brunoKey.keyUuid });

    // A key made for an analyst cannot be given the officer's approval.
    const analyst = await registerTestPerson(tenant.companyUuid, ['analyst'], 'Alice Analyst');
    const analystSession = await signInPerson(analyst);
    const analystUuid: string = (await sessionRequest(analystSession, 'GET', '/auth/session')).body.person.uuid;
    await expect(personalKey(analystUuid, 'too wide')).rejects.toThrow(/do not hold: cases:approve/);
  });

  it("a deactivated person's keys and sessions admit nothing (401), they sign in no more, and GET /people says so", async () => {
    const carla = await registerTestPerson(tenant.companyUuid, ['officer'], 'Carla Leaving');
    const carlaSession = await signInPerson(carla);
    const carlaUuid: string = (await sessionRequest(carlaSession, 'GET', '/auth/session')).body.person.uuid;
    const carlaKey = await personalKey(carlaUuid, 'carla key');
    expect((await call('GET', '/cases?limit=1', undefined, carlaKey.apiKey)).status).toBe(200);
    const before = (await call('GET', '/people')).body.items.find((p: any) => p.id === carlaUuid);
    expect(before).toMatchObject({ name: 'Carla Leaving', roles: ['officer'], active: true, deactivated_at: null });

    const done = await runOps(['people', 'deactivate', '--person', carlaUuid, '--json']);
    expect(done.code).toBe(0);
    expect(done.json).toMatchObject({ person_uuid: carlaUuid, keys_revoked: [carlaKey.keyUuid], sessions_ended: 1 });

    const byKey = await call('GET', '/cases?limit=1', undefined, carlaKey.apiKey);
    expect(byKey.status).toBe(401);
    expect((await sessionRequest(carlaSession, 'GET', '/cases?limit=1')).status).toBe(401);
    expect((await signInOverHttp(carla)).callback.status).toBe(403);
    const after = (await call('GET', '/people')).body.items.find((p: any) => p.id === carlaUuid);
    expect(after).toMatchObject({ active: false, deactivated_at: done.json.deactivated_at });
    // Cases go to people who are here.
    const path = await pendingCase((p) => call('POST', `${p}/decision`, { outcome: 'reject', rationale: 'Sanctioned owner.' }));
    expect((await call('POST', `${path}/assign`, { assignee_id: carlaUuid })).status).toBe(422);
    // The operator's act is in the company's chain.
    const events = (await call('GET', `/audit-events?resource_uuid=${carlaUuid}&limit=10`)).body.items;
    expect(events.map((e: any) => [e.action, e.actor.type, e.changes.keys_revoked])).toEqual([
      ['person.deactivated', 'operator', [carlaKey.keyUuid]],
    ]);
  });
});

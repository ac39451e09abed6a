import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { allRoutes } from '../../api/create-app';
import { GOLDEN_FIXTURES, loadGoldenFixture, type GoldenFixture } from '../support/golden-fixtures';
import { request } from '../support/http';
import { closeTestDb, createTestTenant, type TestTenant, testDb } from '../support/tenants';

/**
 * docs/api-conventions.md, "Examples are recorded": the golden subjects of the engine, loaded into the
 * entity store, analysed over the real stack; every answer of the analyses routes must validate
 * against the schema its route documents (the strict read form: api/resources/analyses/analysis-verdict-schemas.ts),
 * and the recorded examples of the reference must still have the shape of such an answer.
 * `UPDATE_EXAMPLES=1 npm test -- test/integration/analysis-read-form-schemas.test.ts` records them again
 * (api/resources/analyses/analysis-recorded-examples.json).
 */
const examplesFile = path.join(__dirname, '..', '..', 'api', 'resources', 'analyses', 'analysis-recorded-examples.json');
const update = process.env.UPDATE_EXAMPLES === '1';

/** The schema a route documents for a status. */
function documented(operationId: string, status: number) {
  const route = allRoutes().find((r) => r.operationId === operationId);
  const schema = route?.responses[status]?.schema;
  if (!schema) throw new Error(`${operationId} documents no ${status} body`);
  return schema;
}

function conforms(operationId: string, response: { status: number; body: unknown }, status = 200): void {
  expect([operationId, response.status]).toEqual([operationId, status]);
  const parsed = documented(operationId, status).safeParse(response.body);
  expect([operationId, parsed.success ? 'conforms' : parsed.error.issues.slice(0, 5)]).toEqual([operationId, 'conforms']);
}

/** Every object key path of a JSON value, array positions collapsed to `[]`: the shape, not the values. */
function keyPaths(value: unknown, at = '$', into = new Set<string>()): Set<string> {
  if (Array.isArray(value)) value.forEach((v) => keyPaths(v, `${at}[]`, into));
  else if (value && typeof value === 'object') {
    for (const [key, v] of Object.entries(value)) {
      into.add(`${at}.${key}`);
      // Evidence content and metadata, the snapshot and event details are open by design: their keys are data.
      if (!['content', 'metadata', 'snapshot', 'details', 'profile'].includes(key)) keyPaths(v, `${at}.${key}`, into);
    }
  }
  return into;
}

async function waitForCompletion(apiKey: string, uuid: string): Promise<any> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const read = await request('GET', `/api/analyses/${uuid}`, { apiKey });
    if (['completed', 'failed'].includes(read.body?.status) || Date.now() > deadline) return read;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('real answers of the analyses routes for the golden subjects validate against the strict schemas', () => {
  let tenant: TestTenant;
  const subjects = {} as Record<GoldenFixture, number>;
  const recorded: Record<string, unknown> = {};
  beforeAll(async () => {
    tenant = await createTestTenant();
    for (const name of GOLDEN_FIXTURES) subjects[name] = (await loadGoldenFixture(testDb(), name)).subjectId;
  });
  afterAll(async () => {
    if (update) writeFileSync(examplesFile, `${JSON.stringify(recorded, null, 2)}\n`);
    await closeTestDb();
  });
  const get = (path: string) => request('GET', path, { apiKey: tenant.apiKey });

  it.each(GOLDEN_FIXTURES)(
    '%s: sync POST /analyses, GET /api/analyses/{uuid} (and its alias), its signals and explanation',
    async (name) => {
      const body = { entity_id: subjects[name], source: 'onboarding' };
      const created = await request('POST', '/analyses', { apiKey: tenant.apiKey, body });
      conforms('createAnalysis', created, 201);
      const uuid = created.body.uuid;
      const read = await get(`/api/analyses/${uuid}`);
      conforms('getAnalysis', read);
      conforms('getAnalysisAlias', await get(`/analyses/${uuid}`));
      expect(read.body).toMatchObject({
        status: 'completed',
        risk: { score: created.body.risk.score, risk_level: created.body.risk.risk_level },
        subject: { entity_id: subjects[name] },
      });
      // The read form of the subject is the sync answer's without entity_type and the enumerated fields.
      expect(created.body.subject).toMatchObject(read.body.subject);
      expect(Object.keys(read.body.signal_counts.by_pillar).sort()).toEqual(
        read.body.risk.pillar_breakdown.map((p: any) => p.pillar).sort(),
      );
      const signals = await get(`/analyses/${uuid}/signals`);
      conforms('listAnalysisSignals', signals);
      const explanation = await get(`/analyses/${uuid}/explanation`);
      conforms('getAnalysisExplanation', explanation);
      if (name === 'sanctioned-company-pep-partner') {
        // The richest verdict (floors, escalations, aggravants) gives the examples of the verdict routes.
        const events = await get(`/analyses/${uuid}/events`);
        conforms('listAnalysisEvents', events);
        const snapshot = await get(`/analyses/${uuid}/snapshot`);
        conforms('getAnalysisSnapshot', snapshot);
        const graph = await get(`/analyses/${uuid}/graph`);
        conforms('getAnalysisGraph', graph);
        const verification = await request('POST', `/analyses/${uuid}/verify`, { apiKey: tenant.apiKey });
        conforms('verifyAnalysis', verification);
        expect(verification.body.match).toBe(true);
        const page = await get(`/analyses?entity_id=${subjects[name]}&limit=1`);
        conforms('listAnalyses', page);
        Object.assign(recorded, {
          syncAnalysisRequest: body,
          syncAnalysisResponse: created.body,
          analysisOrganization: read.body,
          analysisSignals: signals.body,
          analysisExplanation: explanation.body,
          analysisEvents: events.body,
          analysisSnapshot: snapshot.body,
          analysisGraph: graph.body,
          analysisVerification: verification.body,
          analysisPage: page.body,
        });
      }
    },
  );

  it('person-pep-grace: async POST /api/analyses, then the read form of a person', async () => {
    const body = {
      entity_id: subjects['person-pep-grace'],
      client_reference: 'case-2026-0042',
      source: 'periodic-review',
      webhook_endpoint_uuid: null,
    };
    const accepted = await request('POST', '/api/analyses', { apiKey: tenant.apiKey, body });
    conforms('createAnalysisAsync', accepted, 202);
    const read = await waitForCompletion(tenant.apiKey, accepted.body.analysis_uuid);
    conforms('getAnalysis', read);
    expect(read.body).toMatchObject({
      status: 'completed',
      mode: 'async',
      subject: { entity_id: subjects['person-pep-grace'], legal_name: null, ubo_count: null },
    });
    Object.assign(recorded, { asyncAnalysisRequest: body, asyncAnalysisResponse: accepted.body, analysisPerson: read.body });
  });

  it('the recorded examples of the reference have the shape of these answers', () => {
    if (update) return;
    const examples = JSON.parse(readFileSync(examplesFile, 'utf8'));
    for (const [name, fresh] of Object.entries(recorded)) {
      expect([name, [...keyPaths(examples[name])].sort()]).toEqual([name, [...keyPaths(fresh)].sort()]);
    }
  });
});

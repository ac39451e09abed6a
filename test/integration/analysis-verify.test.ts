import { createRuleCatalogRegistry, ruleCatalogRegistry, ruleCatalogs, SCORING_ENGINE_VERSION } from '../../domain/rules';
import type { RuleCatalog } from '../../domain/rules';
import { verifyAnalysis } from '../../usecases/analyses/verify-analysis';
import { operatorActor } from '../../domain/actor';
import { runOps } from '../support/cli';
import { createPoisonedEntity, createRiskyCompany } from '../../support/entity-fixtures';
import { request } from '../support/http';
import { closeTestDb, createTestKey, createTestTenant, type TestTenant, testDb } from '../support/tenants';

jest.setTimeout(120_000);

/** The catalog analyses are scored with now. */
const current = ruleCatalogRegistry.current;
/** A next catalog version as a release would ship it: one rule's base points changed, a new version. */
const catalogV2: RuleCatalog = {
  ...current,
  rules_version: '2099.01.1',
  signals: current.signals.map((s) => (s.code === 'SANCTION_ACTIVE_SUBJECT_CEIS' ? { ...s, base_points: s.base_points - 10 } : s)),
};

describe('POST /analyses/{uuid}/verify and ops analyses verify: any verdict replays byte for byte', () => {
  let tenant: TestTenant;
  let other: TestTenant;
  let uuid: string;
  const verify = (id: string, apiKey = tenant.apiKey) => request('POST', `/analyses/${id}/verify`, { apiKey });
  beforeAll(async () => {
    [tenant, other] = await Promise.all([createTestTenant(), createTestTenant()]);
    const { subject } = await createRiskyCompany(testDb());
    uuid = (await request('POST', '/analyses', { apiKey: tenant.apiKey, body: { entity_id: subject.id } })).body.uuid;
  });
  afterAll(closeTestDb);

  it('re-scores the stored snapshot into the stored verdict: every fingerprint and byte equal', async () => {
    const response = await verify(uuid);
    expect(response.status).toBe(200);
    const row = await testDb()('analyses')
      .where({ uuid })
      .first('snapshot_hash', 'input_fingerprint', 'engine_fingerprint', 'verdict_fingerprint');
    expect(response.body).toEqual({
      analysis_uuid: uuid,
      match: true,
      rules_version: current.rules_version,
      scoring_engine_version: { stored: SCORING_ENGINE_VERSION, running: SCORING_ENGINE_VERSION },
      engine_version_changed: false,
      stored: row,
      recomputed: row,
      differences: [],
      differences_truncated: false,
      note: null,
    });
  });

  it('still verifies a verdict of the current catalog after a newer version is registered', async () => {
    const withV2 = createRuleCatalogRegistry([...ruleCatalogs, catalogV2]);
    expect(withV2.current.rules_version).toBe('2099.01.1');
    const result = await verifyAnalysis({ db: testDb(), catalogs: withV2 }, operatorActor('verify-test'), {
      uuid,
      companyId: tenant.companyId,
    });
    expect(result).toMatchObject({ match: true, rules_version: current.rules_version, differences: [] });
    // Not vacuous: replayed under v2 the same snapshot would be another verdict (v2 changes a rule this subject fires).
    const onlyV2 = createRuleCatalogRegistry([{ ...catalogV2, rules_version: current.rules_version }]);
    expect(
      (await verifyAnalysis({ db: testDb(), catalogs: onlyV2 }, operatorActor('verify-test'), { uuid, companyId: tenant.companyId })).match,
    ).toBe(false);
  });

  it('finds one changed byte of a stored verdict in Postgres and names its JSON path', async () => {
    const { subject } = await createRiskyCompany(testDb());
    const tampered = (await request('POST', '/analyses', { apiKey: tenant.apiKey, body: { entity_id: subject.id } })).body.uuid;
    const stored = await testDb()('analyses').where({ uuid: tampered }).first('verdict');
    const text: string = stored.verdict.explanation[0].text;
    const changed = `${text.slice(0, -1)}${text.endsWith('.') ? ',' : '.'}`;
    await testDb().raw(`UPDATE analyses SET verdict = jsonb_set(verdict, '{explanation,0,text}', to_jsonb(?::text)) WHERE uuid = ?`, [
      changed,
      tampered,
    ]);
    const response = await verify(tampered);
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ match: false, engine_version_changed: false, differences: ['$.verdict.explanation[0].text'] });
    expect(response.body.recomputed).toEqual(response.body.stored);
    const ops = await runOps(['analyses', 'verify', '--uuid', tampered, '--json']);
    expect(ops.code).toBe(0);
    expect(ops.json).toMatchObject({ analysis_uuid: tampered, match: false, differences: ['$.verdict.explanation[0].text'] });
  });

  it('verifies offline with the ops CLI since a date, naming the mismatches', async () => {
    const since = new Date(Date.now() - 1000).toISOString();
    const { subject } = await createRiskyCompany(testDb());
    const fresh = (await request('POST', '/analyses', { apiKey: tenant.apiKey, body: { entity_id: subject.id } })).body.uuid;
    await testDb().raw(
      `UPDATE analyses SET verdict = jsonb_set(verdict, '{risk,score}', to_jsonb((verdict->'risk'->>'score')::int + 1)) WHERE uuid = ?`,
      [fresh],
    );
    const ops = await runOps(['analyses', 'verify', '--since', since, '--json']);
    expect(ops.code).toBe(0);
    expect(ops.json).toMatchObject({ since: new Date(since).toISOString(), all_match: false });
    expect(ops.json.checked).toBeGreaterThanOrEqual(1);
    const progress = ops.stderr
      .split('\n')
      .filter((l: string) => l.startsWith('{'))
      .map((l: string) => JSON.parse(l))
      .find((l: any) => l.msg === 'verify progress done');
    expect(progress).toMatchObject({ kind: 'verify', done: ops.json.checked, total: ops.json.checked, percent: 100, eta_s: 0 });
    expect(ops.json.mismatches.find((m: any) => m.analysis_uuid === fresh)).toMatchObject({
      match: false,
      differences: ['$.verdict.risk.score'],
    });
    expect((await runOps(['analyses', 'verify', '--json'])).code).toBe(2);
  });

  it('answers 409 for an analysis without a verdict, 404 for another company, 403 without analyses:read', async () => {
    const poisoned = await createPoisonedEntity(testDb());
    const failed = (await request('POST', '/api/analyses', { apiKey: tenant.apiKey, body: { entity_id: poisoned.id } })).body.analysis_uuid;
    const deadline = Date.now() + 30_000;
    while ((await request('GET', `/api/analyses/${failed}`, { apiKey: tenant.apiKey })).body.status !== 'failed' && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 100));
    const notCompleted = await verify(failed);
    expect(notCompleted.status).toBe(409);
    expect(notCompleted.body.detail).toMatch(/failed/);
    const foreign = await verify(uuid, other.apiKey);
    const missing = await verify('00000000-0000-4000-8000-000000000000', other.apiKey);
    expect([foreign.status, foreign.body]).toEqual([404, missing.body]);
    expect((await verify(uuid, await createTestKey(tenant, ['analyses:write']))).status).toBe(403);
  });
});

import { createPoisonedEntity } from '../../support/entity-fixtures';
import { request } from '../support/http';
import { ageAnalysis, completedAnalysis, draftReport, quotaUsed } from '../support/report-fixtures';
import { closeTestDb, createTestKey, createTestTenant, TestTenant, testDb } from '../support/tenants';

jest.setTimeout(120_000);

describe('POST /reports and the report reads', () => {
  let tenant: TestTenant;
  let other: TestTenant;
  let analysisUuid: string;
  const post = (body: unknown, apiKey = tenant.apiKey, headers: Record<string, string> = {}) =>
    request('POST', '/reports', { apiKey, body, headers });

  beforeAll(async () => {
    [tenant, other] = await Promise.all([createTestTenant(), createTestTenant()]);
    analysisUuid = await completedAnalysis(tenant.apiKey);
  });
  afterAll(closeTestDb);

  it('shows the 24-hour window on the analysis read form', async () => {
    const read = (await request('GET', `/api/analyses/${analysisUuid}`, { apiKey: tenant.apiKey })).body;
    expect(read.versions.regulatory_catalog_version).toBe('2026.12.2');
    expect(read.window).toEqual({
      anchor_at: read.completed_at,
      expires_at: new Date(Date.parse(read.completed_at) + 24 * 3_600_000).toISOString(),
    });
  });

  it('creates a coaf_cos draft with every section of the manifest, through the report workflow', async () => {
    const before = await quotaUsed(tenant.companyId, 'reports');
    const response = await post({ analysis_uuid: analysisUuid, type: 'coaf_cos' });
    expect(response.status).toBe(201);
    const report = response.body;
    expect(response.headers.get('location')).toBe(`/reports/${report.uuid}`);
    expect(report).toMatchObject({
      type: 'coaf_cos',
      regulator: 'coaf',
      status: 'draft',
      analysis_uuid: analysisUuid,
      content_sha256: null,
      filing: null,
      voided: null,
    });
    expect(report.versions).toMatchObject({
      regulatory_manifest_version: '2026.12.2',
      rules_version: '2026.12.2',
      report_template_version: 'report-template.v3',
      operational_model: 'embedded-template-writer',
      operational_prompt_version: 'pt-BR.templates.v2',
    });
    expect(report.sections.map((s: any) => s.key)).toEqual([
      'instituicao_comunicante',
      'identificacao',
      'classificacao_risco',
      'beneficiarios_finais',
      'pessoas_expostas',
      'sancoes_midia',
      'sinais',
      'envolvidos',
      'enquadramentos',
      'det',
    ]);
    const det = report.sections.find((s: any) => s.key === 'det');
    expect(det.provenance).toMatchObject({
      operational_model: 'embedded-template-writer',
      author: { kind: 'writer' },
      input_sha256: expect.stringMatching(/^[0-9a-f]{64}$/),
      output_sha256: expect.stringMatching(/^[0-9a-f]{64}$/),
    });
    const read = (await request('GET', `/api/analyses/${analysisUuid}`, { apiKey: tenant.apiKey })).body;
    expect(report.window).toEqual({ anchor_at: read.window.anchor_at, expires_at: read.window.expires_at, open: true });
    expect(await quotaUsed(tenant.companyId, 'reports')).toBe(before + 1);
    expect((await request('GET', `/reports/${report.uuid}`, { apiKey: tenant.apiKey })).body).toEqual(report);
    const workflow = await testDb()('reports').where({ uuid: report.uuid }).first('workflow_id');
    expect(workflow.workflow_id).toBe(`report-${report.uuid}`);
  });

  it('creates a bcb_dossie with its qualification and two narratives', async () => {
    const report = await draftReport(tenant.apiKey, analysisUuid, 'bcb_dossie');
    expect(report).toMatchObject({ type: 'bcb_dossie', regulator: 'bcb' });
    expect(report.sections.filter((s: any) => s.kind === 'narrative').map((s: any) => s.key)).toEqual(['analise', 'conclusao']);
    expect(report.sections.find((s: any) => s.key === 'conclusao').content).toContain('dez anos');
  });

  it.each([
    ['an unknown analysis', () => ({ analysis_uuid: '00000000-0000-4000-8000-000000000000', type: 'coaf_cos' }), 404],
    ['an unknown type', () => ({ analysis_uuid: analysisUuid, type: 'cvm_report' }), 422],
    ['an unknown property', () => ({ analysis_uuid: analysisUuid, type: 'coaf_cos', extra: 1 }), 422],
    ['another language', () => ({ analysis_uuid: analysisUuid, type: 'coaf_cos', language: 'en' }), 422],
  ])('answers %s with %s and takes no quota', async (_name, body, status) => {
    const before = await quotaUsed(tenant.companyId, 'reports');
    expect((await post(body())).status).toBe(status);
    expect(await quotaUsed(tenant.companyId, 'reports')).toBe(before);
  });

  it("answers 404 for another company's analysis", async () => {
    expect((await post({ analysis_uuid: analysisUuid, type: 'coaf_cos' }, other.apiKey)).status).toBe(404);
  });

  it('answers 422 for an analysis that did not complete', async () => {
    const poisoned = await createPoisonedEntity(testDb());
    const accepted = await request('POST', '/api/analyses', { apiKey: tenant.apiKey, body: { entity_id: poisoned.id } });
    const deadline = Date.now() + 30_000;
    while (
      (await request('GET', `/api/analyses/${accepted.body.analysis_uuid}`, { apiKey: tenant.apiKey })).body.status !== 'failed' &&
      Date.now() < deadline
    )
      await new Promise((r) => setTimeout(r, 200));
    const response = await post({ analysis_uuid: accepted.body.analysis_uuid, type: 'bcb_dossie' });
    expect(response.status).toBe(422);
    expect(response.body.detail[0]).toMatchObject({ loc: ['body', 'analysis_uuid'], type: 'analysis_not_completed' });
  });

  it('answers 422 once the 24-hour window has passed, telling to run a new analysis', async () => {
    const aged = await completedAnalysis(tenant.apiKey);
    await ageAnalysis(aged, 25);
    const read = (await request('GET', `/api/analyses/${aged}`, { apiKey: tenant.apiKey })).body;
    expect(Date.parse(read.window.expires_at)).toBeLessThan(Date.now());
    const response = await post({ analysis_uuid: aged, type: 'coaf_cos' });
    expect(response.status).toBe(422);
    expect(response.body.detail[0]).toMatchObject({ type: 'report_window_closed', msg: expect.stringContaining('run a new analysis') });
  });

  it('answers 500 when the workflow fails: nothing persisted, the quota unit given back, repeating is safe', async () => {
    const broken = await completedAnalysis(tenant.apiKey);
    // A verdict whose signals are not a list cannot be rendered: the generation fails for good.
    await testDb().raw(`UPDATE analyses SET verdict = jsonb_set(verdict, '{signals}', '"broken"') WHERE uuid = ?`, [broken]);
    const before = await quotaUsed(tenant.companyId, 'reports');
    for (let i = 0; i < 2; i++) {
      const response = await post({ analysis_uuid: broken, type: 'coaf_cos' });
      expect(response.status).toBe(500);
      expect(response.body).toEqual({ detail: 'report generation failed; nothing was persisted and repeating the call is safe' });
    }
    expect(await testDb()('reports').where({ analysis_uuid: broken }).count('* as n').first()).toEqual({ n: 0 });
    expect(await quotaUsed(tenant.companyId, 'reports')).toBe(before);
  });

  it('honours Idempotency-Key: the same key and body give the same report once; another body is 422', async () => {
    const key = `report-${Date.now()}`;
    const before = await quotaUsed(tenant.companyId, 'reports');
    const [a, b] = await Promise.all([
      post({ analysis_uuid: analysisUuid, type: 'coaf_cos' }, tenant.apiKey, { 'Idempotency-Key': key }),
      post({ analysis_uuid: analysisUuid, type: 'coaf_cos' }, tenant.apiKey, { 'Idempotency-Key': key }),
    ]);
    expect([a.status, b.status]).toEqual([201, 201]);
    expect(a.body.uuid).toBe(b.body.uuid);
    const c = await post({ analysis_uuid: analysisUuid, type: 'coaf_cos' }, tenant.apiKey, { 'Idempotency-Key': key });
    expect(c.body.uuid).toBe(a.body.uuid);
    expect(c.headers.get('idempotent-replayed')).toBe('true');
    expect(await quotaUsed(tenant.companyId, 'reports')).toBe(before + 1);
    expect((await post({ analysis_uuid: analysisUuid, type: 'bcb_dossie' }, tenant.apiKey, { 'Idempotency-Key': key })).status).toBe(422);
  });

  it('is billable: 403 without the plan feature, 429 when the quota is spent, scopes enforced', async () => {
    const noFeature = await createTestTenant({ features: ['analyses'] });
    const a = await completedAnalysis(noFeature.apiKey);
    expect((await post({ analysis_uuid: a, type: 'coaf_cos' }, noFeature.apiKey)).body).toEqual({ detail: 'feature_not_in_plan' });
    const oneReport = await createTestTenant({ quotas: { analyses: 10, reports: 1 } });
    const b = await completedAnalysis(oneReport.apiKey);
    expect((await post({ analysis_uuid: b, type: 'coaf_cos' }, oneReport.apiKey)).status).toBe(201);
    expect((await post({ analysis_uuid: b, type: 'coaf_cos' }, oneReport.apiKey)).body).toEqual({ detail: 'quota_exceeded' });
    const readOnly = await createTestKey(tenant, ['reports:read']);
    expect((await post({ analysis_uuid: analysisUuid, type: 'coaf_cos' }, readOnly)).status).toBe(403);
    expect((await request('GET', '/reports', { apiKey: readOnly })).status).toBe(200);
    expect((await request('GET', '/reports')).status).toBe(401);
  });

  it('lists reports newest first with filters and a cursor; unknown parameters are 422', async () => {
    // Its own reports on an analysis of its own: the test passes in any order.
    const listed = await completedAnalysis(tenant.apiKey);
    const created: string[] = [];
    for (const type of ['coaf_cos', 'bcb_dossie', 'coaf_cos'] as const) created.push((await draftReport(tenant.apiKey, listed, type)).uuid);
    const all = (await request('GET', `/reports?analysis_uuid=${listed}`, { apiKey: tenant.apiKey })).body;
    expect(all.items.map((r: any) => r.uuid)).toEqual([...created].reverse());
    expect(all.items.every((r: any) => r.analysis_uuid === listed)).toBe(true);
    const first = (await request('GET', `/reports?analysis_uuid=${listed}&limit=1`, { apiKey: tenant.apiKey })).body;
    expect(first.items[0].uuid).toBe(all.items[0].uuid);
    const second = (await request('GET', `/reports?analysis_uuid=${listed}&limit=1&cursor=${first.next_cursor}`, { apiKey: tenant.apiKey }))
      .body;
    expect(second.items[0].uuid).toBe(all.items[1].uuid);
    expect(
      (await request('GET', '/reports?type=bcb_dossie', { apiKey: tenant.apiKey })).body.items.every((r: any) => r.type === 'bcb_dossie'),
    ).toBe(true);
    expect((await request('GET', '/reports?colour=red', { apiKey: tenant.apiKey })).status).toBe(422);
    expect((await request('GET', '/reports', { apiKey: other.apiKey })).body.items).toEqual([]);
  });

  it('serves the regulatory manifests to any valid key', async () => {
    const versions = await request('GET', '/regulatory-manifests/versions', { apiKey: other.apiKey });
    expect(versions.body).toMatchObject({
      current: '2026.12.2',
      versions: [
        { version: '2026.11.1', current: false, compatible_rules_versions: ['2026.11.1'], report_types: ['coaf_cos', 'bcb_dossie'] },
        { version: '2026.12.1', current: false, compatible_rules_versions: ['2026.12.1'], report_types: ['coaf_cos', 'bcb_dossie'] },
        { version: '2026.12.2', current: true, compatible_rules_versions: ['2026.12.2'], report_types: ['coaf_cos', 'bcb_dossie'] },
      ],
    });
    const current = await request('GET', '/regulatory-manifests/versions/current', { apiKey: other.apiKey });
    expect(current.body.manifest.coaf.enquadramentos.length).toBeGreaterThan(0);
    expect(current.body.content_hash).toBe(versions.body.versions[2].content_hash);
    expect((await request('GET', '/regulatory-manifests/versions/2026.11.1', { apiKey: other.apiKey })).body.version).toBe('2026.11.1');
    expect((await request('GET', '/regulatory-manifests/versions/1999.1.1', { apiKey: other.apiKey })).status).toBe(404);
    expect((await request('GET', '/regulatory-manifests/versions')).status).toBe(401);
  });
});

import { readFileSync } from 'node:fs';
import { startWebhookReceiver, type WebhookReceiver } from '../../support/webhook-receiver';
import { runOps } from '../support/cli';
import { request } from '../support/http';
import { parseXml } from '../support/parse-xml';
import { pdfText } from '../support/pdf-text';
import { ageAnalysis, completedAnalysis, draftReport } from '../support/report-fixtures';
import { closeTestDb, createTestTenant, TestTenant, testDb } from '../support/tenants';
import { apiUrl } from '../support/stack';

jest.setTimeout(180_000);

async function download(apiKey: string, uuid: string, format: string, ifNoneMatch?: string): Promise<{ status: number; type: string | null; etag: string | null; bytes: Buffer }> {
  const headers: Record<string, string> = { 'X-API-Key': apiKey, ...(ifNoneMatch ? { 'If-None-Match': ifNoneMatch } : {}) };
  const response = await fetch(`${apiUrl()}/reports/${uuid}/document?format=${format}`, { headers });
  return { status: response.status, type: response.headers.get('content-type'), etag: response.headers.get('etag'), bytes: Buffer.from(await response.arrayBuffer()) };
}

describe('a report from draft to filed: sections, revisions, finalize, documents, filing, void', () => {
  let tenant: TestTenant;
  let other: TestTenant;
  let receiver: WebhookReceiver;
  let analysisUuid: string;
  let cos: any;
  let dossie: any;
  let finalizedEtag: string;
  const call = (method: string, path: string, body?: unknown, apiKey = tenant.apiKey) => request(method, path, { apiKey, body });

  beforeAll(async () => {
    [tenant, other] = await Promise.all([createTestTenant(), createTestTenant()]);
    receiver = await startWebhookReceiver();
    analysisUuid = await completedAnalysis(tenant.apiKey);
    cos = await draftReport(tenant.apiKey, analysisUuid, 'coaf_cos');
    dossie = await draftReport(tenant.apiKey, analysisUuid, 'bcb_dossie');
  });
  afterAll(async () => {
    await receiver.close();
    await closeTestDb();
  });

  // One story on one report: each step needs the state the step before left (a draft, then a
  // finalized, then a filed coaf_cos), so the steps are one test and pass in any test order.
  it('takes a coaf_cos from draft to filed: sections, draft documents, finalize (CNPJ required), 409s, ETags, filing, the ops CLI', async () => {
    // Step 1: reads a section with its revisions; regenerates and edits narratives only.
    {
    const det = await call('GET', `/reports/${cos.uuid}/sections/det`);
    expect(det.body).toMatchObject({ key: 'det', kind: 'narrative', revision: 1, revisions: [{ revision: 1 }] });
    expect((await call('POST', `/reports/${cos.uuid}/sections/identificacao/regenerate`)).status).toBe(422);
    expect((await call('PUT', `/reports/${cos.uuid}/sections/identificacao`, { content: 'texto' })).status).toBe(422);
    expect((await call('GET', `/reports/${cos.uuid}/sections/nowhere`)).status).toBe(404);
    const regenerated = await call('POST', `/reports/${cos.uuid}/sections/det/regenerate`);
    expect(regenerated.status).toBe(200);
    expect(regenerated.body).toMatchObject({ revision: 2, content: det.body.content, provenance: { operational_model: 'embedded-template-writer' } });
    const text = `${det.body.content}\nAvaliação do oficial: operação incompatível com o perfil do cliente.`;
    const edited = await call('PUT', `/reports/${cos.uuid}/sections/det`, { content: text });
    expect(edited.body).toMatchObject({ revision: 3, content: text, provenance: { operational_model: null, author: { kind: 'officer', company_uuid: tenant.companyUuid, key_uuid: tenant.keyUuid } } });
    const after = await call('GET', `/reports/${cos.uuid}/sections/det`);
    expect(after.body.revisions.map((r: any) => r.revision)).toEqual([1, 2, 3]);
    expect((await call('GET', `/reports/${cos.uuid}`)).body.versions.operational_model).toBe(null);
    expect((await call('PUT', `/reports/${cos.uuid}/sections/det`, { content: '' })).status).toBe(422);
    }
    // Step 2: renders a draft PDF marked DRAFT and a draft XML; xml of a dossier is 422.
    {
    const pdf = await download(tenant.apiKey, dossie.uuid, 'pdf');
    expect(pdf.type).toBe('application/pdf');
    const text = pdfText(pdf.bytes);
    expect(text).toContain('RASCUNHO / DRAFT');
    expect(text).toContain('Qualificação do cliente');
    expect((await download(tenant.apiKey, dossie.uuid, 'xml')).status).toBe(422);
    expect((await download(tenant.apiKey, cos.uuid, 'xml')).bytes.toString()).toContain('RASCUNHO / DRAFT');
    }
    // Step 3: refuses to finalize a coaf_cos without the institution CNPJ, listing what is missing.
    {
    const response = await call('POST', `/reports/${cos.uuid}/finalize`);
    expect(response.status).toBe(422);
    expect(response.body.detail).toContainEqual(expect.objectContaining({ loc: ['body', 'OCORRENCIA', 'CPFCNPJCom'], type: 'siscoaf_required' }));
    expect((await call('GET', `/reports/${cos.uuid}`)).body.status).toBe('draft');
    }
    // Step 4: finalizes once the ops CLI set the CNPJ: PDF and XML frozen, content_sha256, report.finalized signed and delivered.
    {
    const endpoint = await call('POST', '/webhooks/endpoints', { name: 'reports', url: receiver.url('/reports'), subscribed_events: ['report.finalized'] });
    receiver.setSecret('/reports', endpoint.body.secret);
    const set = await runOps(['company', 'update', '--company', tenant.companyUuid, '--cnpj', '11.222.333/0001-81', '--json']);
    expect(set.json).toMatchObject({ company_uuid: tenant.companyUuid, reporting_institution_cnpj: '11222333000181' });
    expect((await call('GET', '/account')).body.reporting_institution_cnpj).toBe('11222333000181');

    const finalized = await call('POST', `/reports/${cos.uuid}/finalize`);
    expect(finalized.status).toBe(200);
    expect(finalized.body).toMatchObject({ status: 'finalized', content_sha256: expect.stringMatching(/^[0-9a-f]{64}$/), finalized_at: expect.any(String) });
    expect(finalized.body.sections.find((s: any) => s.key === 'instituicao_comunicante')).toMatchObject({ revision: 2, content: { cnpj: '11222333000181', configured: true } });

    const text = pdfText((await download(tenant.apiKey, cos.uuid, 'pdf')).bytes);
    for (const phrase of ['Comunicação de Operação Suspeita', 'Instituição comunicante', 'Envolvidos', 'Enquadramentos', 'Detalhamento da situação (Det)', 'Avaliação do oficial: operação incompatível', `Relatório ${cos.uuid}`, `SHA-256 ${finalized.body.content_sha256}`, 'manifesto 2026.12.1', 'Página 1 de']) expect(text).toContain(phrase);
    expect(text).not.toContain('RASCUNHO / DRAFT');

    const xml = parseXml((await download(tenant.apiKey, cos.uuid, 'xml')).bytes.toString('utf8'));
    const occurrence = xml.LOTE.OCORRENCIAS.OCORRENCIA;
    expect(occurrence.CPFCNPJCom).toBe('11222333000181');
    for (const field of ['DtInicio', 'DtFim']) expect(occurrence[field]).toMatch(/^\d{2}\/\d{2}\/\d{4}$/);
    expect(occurrence.Det).toContain('Avaliação do oficial');
    expect(occurrence.ENQUADRAMENTOS.CodEnq.length).toBeGreaterThan(0);
    for (const party of occurrence.ENVOLVIDOS.ENVOLVIDO) for (const field of ['CPFCNPJEnv', 'NmEnv', 'TpEnv', 'PEP', 'ServPub', 'PObrigada']) expect(party[field]).toBeTruthy();

    const json = await download(tenant.apiKey, cos.uuid, 'json');
    expect(JSON.parse(json.bytes.toString()).report_uuid).toBe(cos.uuid);
    await receiver.waitFor(() => receiver.deliveries('/reports').length > 0, 30_000, 'report.finalized delivery');
    const delivery = receiver.deliveries('/reports')[0];
    expect(delivery.verified).toBe(true);
    expect(delivery.payload).toMatchObject({ type: 'report.finalized', data: { report_uuid: cos.uuid, type: 'coaf_cos', analysis_uuid: analysisUuid, content_sha256: finalized.body.content_sha256 } });
    }
    // Step 5: answers 409 to every change of a finalized report but filing and void.
    {
    expect((await call('POST', `/reports/${cos.uuid}/finalize`)).status).toBe(409);
    expect((await call('POST', `/reports/${cos.uuid}/sections/det/regenerate`)).status).toBe(409);
    expect((await call('PUT', `/reports/${cos.uuid}/sections/det`, { content: 'tarde demais' })).status).toBe(409);
    }
    // Step 6: tags a finalized report and its frozen documents with an ETag (304 on If-None-Match); a draft carries none.
    {
    const report = await request('GET', `/reports/${cos.uuid}`, { apiKey: tenant.apiKey });
    finalizedEtag = report.headers.get('etag')!;
    expect(finalizedEtag).toMatch(/^"[A-Za-z0-9_-]{32}"$/);
    const revalidated = await request('GET', `/reports/${cos.uuid}`, { apiKey: tenant.apiKey, headers: { 'If-None-Match': finalizedEtag } });
    expect([revalidated.status, revalidated.text]).toEqual([304, '']);
    for (const format of ['pdf', 'xml', 'json']) {
      const first = await download(tenant.apiKey, cos.uuid, format);
      expect([format, first.etag]).toEqual([format, expect.stringMatching(/^"[A-Za-z0-9_-]{32}"$/)]);
      const again = await download(tenant.apiKey, cos.uuid, format, first.etag!);
      expect([format, again.status, again.bytes.length]).toEqual([format, 304, 0]);
    }
    expect((await request('GET', `/reports/${dossie.uuid}`, { apiKey: tenant.apiKey })).headers.get('etag')).toBeNull();
    expect((await download(tenant.apiKey, dossie.uuid, 'pdf')).etag).toBeNull();
    }
    // Step 7: files a finalized coaf_cos only; a dossier is never filed.
    {
    expect((await call('POST', `/reports/${dossie.uuid}/filing`, { protocol: 'X', filed_at: new Date().toISOString() })).status).toBe(422);
    const draft = await draftReport(tenant.apiKey, analysisUuid, 'coaf_cos');
    expect((await call('POST', `/reports/${draft.uuid}/filing`, { protocol: 'X', filed_at: new Date().toISOString() })).status).toBe(409);
    const filedAt = new Date().toISOString();
    const filed = await call('POST', `/reports/${cos.uuid}/filing`, { protocol: 'SISCOAF-2026-000123', filed_at: filedAt });
    expect(filed.body).toMatchObject({ status: 'filed', filing: { protocol: 'SISCOAF-2026-000123', filed_at: filedAt } });
    const afterFiling = await request('GET', `/reports/${cos.uuid}`, { apiKey: tenant.apiKey, headers: { 'If-None-Match': finalizedEtag } });
    expect(afterFiling.status).toBe(200); // the body changed: a new tag
    expect(afterFiling.headers.get('etag')).not.toBe(finalizedEtag);
    expect((await call('POST', `/reports/${cos.uuid}/void`, { reason: 'engano' })).status).toBe(409);
    }
    // Step 8: serves operators through the ops CLI: list, show and the document.
    {
    const list = await runOps(['reports', 'list', '--company', tenant.companyUuid, '--json']);
    expect(list.json.reports.map((r: any) => r.uuid)).toContain(cos.uuid);
    const show = await runOps(['reports', 'show', '--uuid', cos.uuid, '--json']);
    expect(show.json.report).toMatchObject({ uuid: cos.uuid, status: 'filed' });
    const out = `${process.env.TEST_DATA_DIR ?? '/tmp'}/ops-${cos.uuid}.pdf`;
    const doc = await runOps(['reports', 'document', '--uuid', cos.uuid, '--format', 'pdf', '--out', out, '--json']);
    expect(doc.json).toMatchObject({ uuid: cos.uuid, format: 'pdf', content_sha256: show.json.report.content_sha256 });
    expect(pdfText(readFileSync(out))).toContain(`Relatório ${cos.uuid}`);
    expect((await runOps(['company', 'update', '--company', tenant.companyUuid, '--cnpj', '11.222.333/0001-80', '--json'])).code).not.toBe(0);
    }
  }, 600_000);

  it('voids a draft with a reason and keeps it readable; voiding twice is 409', async () => {
    const dossie = await draftReport(tenant.apiKey, analysisUuid, 'bcb_dossie');
    const voided = await call('POST', `/reports/${dossie.uuid}/void`, { reason: 'análise refeita' });
    expect(voided.body).toMatchObject({ status: 'voided', voided: { reason: 'análise refeita' } });
    expect((await call('POST', `/reports/${dossie.uuid}/void`, { reason: 'de novo' })).status).toBe(409);
    expect((await call('GET', `/reports/${dossie.uuid}/sections/analise`)).status).toBe(200);
    await expect(testDb()('reports').where({ uuid: dossie.uuid }).delete()).rejects.toThrow(/kept for 10 years/);
  });

  it('regenerate answers 422 once the analysis has aged past its window', async () => {
    const aged = await completedAnalysis(tenant.apiKey);
    const draft = await draftReport(tenant.apiKey, aged, 'bcb_dossie');
    await ageAnalysis(aged, 25);
    const response = await call('POST', `/reports/${draft.uuid}/sections/analise/regenerate`);
    expect(response.status).toBe(422);
    expect(response.body.detail[0].type).toBe('report_window_closed');
  });

  it("answers 404 on every path for another company's report", async () => {
    const paths: [string, string, unknown?][] = [
      ['GET', `/reports/${cos.uuid}`], ['GET', `/reports/${cos.uuid}/sections/det`], ['POST', `/reports/${dossie.uuid}/sections/analise/regenerate`],
      ['PUT', `/reports/${dossie.uuid}/sections/analise`, { content: 'x' }], ['POST', `/reports/${dossie.uuid}/finalize`], ['GET', `/reports/${cos.uuid}/document?format=pdf`],
      ['POST', `/reports/${cos.uuid}/filing`, { protocol: 'X', filed_at: new Date().toISOString() }], ['POST', `/reports/${dossie.uuid}/void`, { reason: 'outro' }],
    ];
    for (const [method, path, body] of paths) expect([method, path, (await call(method, path, body, other.apiKey)).status]).toEqual([method, path, 404]);
  });

});

import { readFileSync } from 'node:fs';
import { EXAMPLE_CODES_CSV_PATH, exampleOccurrence } from '../../support/siscoaf-example';
import { startWebhookReceiver, type WebhookReceiver } from '../../support/webhook-receiver';
import { runOps } from '../support/cli';
import { request } from '../support/http';
import { parseXml } from '../support/parse-xml';
import { checkSiscoafLayout } from '../../domain/reports/siscoaf/siscoaf-layout';
import { pdfText } from '../support/pdf-text';
import { ageAnalysis, completedAnalysis, draftReport } from '../support/report-fixtures';
import { closeTestDb, createTestTenant, TestTenant, testDb } from '../support/tenants';
import { apiUrl } from '../support/stack';

jest.setTimeout(180_000);

async function download(
  apiKey: string,
  uuid: string,
  format: string,
  ifNoneMatch?: string,
): Promise<{ status: number; type: string | null; etag: string | null; bytes: Buffer }> {
  const headers: Record<string, string> = { 'X-API-Key': apiKey, ...(ifNoneMatch ? { 'If-None-Match': ifNoneMatch } : {}) };
  const response = await fetch(`${apiUrl()}/reports/${uuid}/document?format=${format}`, { headers });
  return {
    status: response.status,
    type: response.headers.get('content-type'),
    etag: response.headers.get('etag'),
    bytes: Buffer.from(await response.arrayBuffer()),
  };
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
      expect(regenerated.body).toMatchObject({
        revision: 2,
        content: det.body.content,
        provenance: { operational_model: 'embedded-template-writer' },
      });
      const text = `${det.body.content}\nAvaliação do oficial: operação incompatível com o perfil do cliente.`;
      const edited = await call('PUT', `/reports/${cos.uuid}/sections/det`, { content: text });
      expect(edited.body).toMatchObject({
        revision: 3,
        content: text,
        provenance: { operational_model: null, author: { kind: 'officer', company_uuid: tenant.companyUuid, key_uuid: tenant.keyUuid } },
      });
      const after = await call('GET', `/reports/${cos.uuid}/sections/det`);
      expect(after.body.revisions.map((r: any) => r.revision)).toEqual([1, 2, 3]);
      expect((await call('GET', `/reports/${cos.uuid}`)).body.versions.operational_model).toBe(null);
      expect((await call('PUT', `/reports/${cos.uuid}/sections/det`, { content: '' })).status).toBe(422);
      // Siscoaf is ISO-8859-1: an em dash is refused where it is written, at its place, named.
      const dash = await call('PUT', `/reports/${cos.uuid}/sections/det`, { content: `${text} — fim` });
      expect(dash.status).toBe(422);
      expect(dash.body.detail).toEqual([
        expect.objectContaining({ loc: ['body', 'content'], type: 'not_latin1', msg: expect.stringContaining('U+2014 EM DASH') }),
      ]);
    }
    // Step 2: renders a draft PDF marked DRAFT and a draft XML; xml of a dossier is 422.
    {
      const pdf = await download(tenant.apiKey, dossie.uuid, 'pdf');
      expect(pdf.type).toBe('application/pdf');
      const text = pdfText(pdf.bytes);
      expect(text).toContain('RASCUNHO');
      expect(text).toContain('Qualificação do cliente');
      expect((await download(tenant.apiKey, dossie.uuid, 'xml')).status).toBe(422);
      const draftXml = await download(tenant.apiKey, cos.uuid, 'xml');
      expect(draftXml.type).toBe('application/xml; charset=ISO-8859-1');
      expect(draftXml.bytes.toString('latin1')).toContain('RASCUNHO / DRAFT');
      // Before the institution's tables are loaded the draft names each unconfirmed code and writes none.
      expect(draftXml.bytes.toString('latin1')).toContain('código não confirmado pela tabela TpEnv da instituição: Titular');
      expect(draftXml.bytes.toString('latin1')).not.toContain('<TpEnv>');
    }
    // Step 3: refuses to finalize a coaf_cos without the institution CNPJ, its occurrence data and
    // the institution's code tables, listing what is missing.
    {
      const response = await call('POST', `/reports/${cos.uuid}/finalize`);
      expect(response.status).toBe(422);
      expect(response.body.detail).toContainEqual(
        expect.objectContaining({ loc: ['body', 'OCORRENCIA', 'CPFCNPJCom'], type: 'siscoaf_required' }),
      );
      expect(response.body.detail).toContainEqual(
        expect.objectContaining({ loc: ['body', 'occurrence', 'occurrence_number'], type: 'occurrence_missing' }),
      );
      expect(response.body.detail).toContainEqual(
        expect.objectContaining({ loc: ['body', 'codes', 'TpEnv', 'titular'], type: 'code_unverified' }),
      );
      expect((await call('GET', `/reports/${cos.uuid}`)).body.status).toBe('draft');
      // Occurrence data: a dossier has none (422), text outside Latin-1 is refused at its place, another company's report is 404.
      expect((await call('PUT', `/reports/${dossie.uuid}/occurrence`, {})).status).toBe(422);
      const curly = await call('PUT', `/reports/${cos.uuid}/occurrence`, { agency: { name: '“Central”' } });
      expect(curly.body.detail).toEqual([expect.objectContaining({ loc: ['body', 'agency', 'name'], type: 'not_latin1' })]);
      expect((await call('PUT', `/reports/${cos.uuid}/occurrence`, {}, other.apiKey)).status).toBe(404);
      const badDocument = await call('PUT', `/reports/${cos.uuid}/occurrence`, { parties: [{ document: '52998224711' }] });
      expect(badDocument.body.detail).toEqual([
        expect.objectContaining({ loc: ['body', 'parties', 0, 'document'], type: 'document_invalid' }),
      ]);
    }
    // Step 4: finalizes once the ops CLI set the CNPJ: PDF and XML frozen, content_sha256, report.finalized signed and delivered.
    {
      const endpoint = await call('POST', '/webhooks/endpoints', {
        name: 'reports',
        url: receiver.url('/reports'),
        subscribed_events: ['report.finalized'],
      });
      receiver.setSecret('/reports', endpoint.body.secret);
      const set = await runOps(['company', 'update', '--company', tenant.companyUuid, '--cnpj', '11.222.333/0001-81', '--json']);
      expect(set.json).toMatchObject({ company_uuid: tenant.companyUuid, reporting_institution_cnpj: '11222333000181' });
      expect((await call('GET', '/account')).body.reporting_institution_cnpj).toBe('11222333000181');
      const codes = await runOps([
        'regulatory',
        'codes',
        'import',
        '--company',
        tenant.companyUuid,
        '--file',
        EXAMPLE_CODES_CSV_PATH,
        '--json',
      ]);
      expect(codes.json).toMatchObject({ company_uuid: tenant.companyUuid, tables: { TpEnv: 4, CodEnq: 6 } });
      expect((await call('PUT', `/reports/${cos.uuid}/occurrence`, exampleOccurrence(cos.subject.document))).status).toBe(200);

      const finalized = await call('POST', `/reports/${cos.uuid}/finalize`);
      expect(finalized.status).toBe(200);
      expect(finalized.body).toMatchObject({
        status: 'finalized',
        content_sha256: expect.stringMatching(/^[0-9a-f]{64}$/),
        finalized_at: expect.any(String),
      });
      expect(finalized.body.sections.find((s: any) => s.key === 'instituicao_comunicante')).toMatchObject({
        revision: 2,
        content: { cnpj: '11222333000181', configured: true },
      });

      const text = pdfText((await download(tenant.apiKey, cos.uuid, 'pdf')).bytes);
      for (const phrase of [
        'Comunicação de Operação Suspeita',
        'Instituição comunicante',
        'Envolvidos',
        'Enquadramentos',
        'Detalhamento da situação (Det)',
        'Avaliação do oficial: operação incompatível',
        `Relatório ${cos.uuid}`,
        `Hash do conteúdo (SHA-256): ${finalized.body.content_sha256}`,
        'Manifesto regulatório 2026.12.2',
        'Página 1 de',
        'Regra do serviço, não é prazo legal',
        'Dados da ocorrência',
        'Número da ocorrência',
        'OC-2026/0042',
      ])
        expect(text).toContain(phrase);
      expect(text).not.toContain('TpEnv');
      expect(text).not.toContain('RASCUNHO');

      const downloaded = await download(tenant.apiKey, cos.uuid, 'xml');
      expect(downloaded.type).toBe('application/xml; charset=ISO-8859-1');
      expect(checkSiscoafLayout(downloaded.bytes)).toEqual([]);
      const xml = parseXml(downloaded.bytes.toString('latin1'));
      const occurrence = xml.LOTE.OCORRENCIAS.OCORRENCIA;
      expect(occurrence).toMatchObject({
        NumOcorrencia: 'OC-2026/0042',
        CPFCNPJCom: '11222333000181',
        DtInicio: '01/10/2026',
        DtFim: '20/11/2026',
        AgMun: 'São Paulo',
        AgUF: 'SP',
        VlCred: '150000,00',
        VlDeb: '149500,50',
        VlProv: '0,00',
      });
      expect(occurrence.Det).toContain('Avaliação do oficial');
      expect(occurrence.ENQUADRAMENTOS.CodEnq.length).toBeGreaterThan(0);
      for (const code of occurrence.ENQUADRAMENTOS.CodEnq) expect(['201', '202', '203', '204', '205', '206']).toContain(code);
      expect(occurrence.ENVOLVIDOS.ENVOLVIDO.at(-1)).toMatchObject({
        CPFCNPJEnv: '39053344705',
        TpEnv: '7',
        ServPub: '4',
        PEP: '0',
        PObrigada: '0',
      });
      for (const party of occurrence.ENVOLVIDOS.ENVOLVIDO) expect(['1', '7', '8', '32']).toContain(party.TpEnv);

      // A Siscoaf batch of finalized reports: ISO-8859-1, a download; unknown or another company's 404, not coaf_cos 422.
      const batch = await fetch(`${apiUrl()}/reports/siscoaf-batches`, {
        method: 'POST',
        headers: { 'X-API-Key': tenant.apiKey, 'Content-Type': 'application/json' },
        body: JSON.stringify({ report_uuids: [cos.uuid] }),
      });
      expect(batch.status).toBe(200);
      expect(batch.headers.get('content-type')).toBe('application/xml; charset=ISO-8859-1');
      expect(batch.headers.get('content-disposition')).toMatch(/^attachment; filename="siscoaf-lote-[0-9a-f]{16}\.xml"$/);
      const batchBytes = Buffer.from(await batch.arrayBuffer());
      expect(checkSiscoafLayout(batchBytes)).toEqual([]);
      expect(batchBytes.toString('latin1')).toContain('<NumOcorrencia>OC-2026/0042</NumOcorrencia>');
      expect((await call('POST', '/reports/siscoaf-batches', { report_uuids: [cos.uuid] }, other.apiKey)).status).toBe(404);
      expect(
        (await call('POST', '/reports/siscoaf-batches', { report_uuids: [cos.uuid, '00000000-0000-4000-8000-000000000000'] })).status,
      ).toBe(404);
      expect((await call('POST', '/reports/siscoaf-batches', { report_uuids: [cos.uuid, dossie.uuid] })).status).toBe(422);

      const json = await download(tenant.apiKey, cos.uuid, 'json');
      expect(JSON.parse(json.bytes.toString()).report_uuid).toBe(cos.uuid);
      await receiver.waitFor(() => receiver.deliveries('/reports').length > 0, 30_000, 'report.finalized delivery');
      const delivery = receiver.deliveries('/reports')[0];
      expect(delivery.verified).toBe(true);
      expect(delivery.payload).toMatchObject({
        type: 'report.finalized',
        data: { report_uuid: cos.uuid, type: 'coaf_cos', analysis_uuid: analysisUuid, content_sha256: finalized.body.content_sha256 },
      });
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
      const revalidated = await request('GET', `/reports/${cos.uuid}`, {
        apiKey: tenant.apiKey,
        headers: { 'If-None-Match': finalizedEtag },
      });
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
      expect((await call('POST', `/reports/${dossie.uuid}/filing`, { protocol: 'X', filed_at: new Date().toISOString() })).status).toBe(
        422,
      );
      const draft = await draftReport(tenant.apiKey, analysisUuid, 'coaf_cos');
      expect((await call('POST', `/reports/${draft.uuid}/filing`, { protocol: 'X', filed_at: new Date().toISOString() })).status).toBe(409);
      expect((await call('POST', '/reports/siscoaf-batches', { report_uuids: [cos.uuid, draft.uuid] })).status).toBe(409);
      const filedAt = new Date().toISOString();
      const filed = await call('POST', `/reports/${cos.uuid}/filing`, { protocol: 'SISCOAF-2026-000123', filed_at: filedAt });
      expect(filed.body).toMatchObject({ status: 'filed', filing: { protocol: 'SISCOAF-2026-000123', filed_at: filedAt } });
      const afterFiling = await request('GET', `/reports/${cos.uuid}`, {
        apiKey: tenant.apiKey,
        headers: { 'If-None-Match': finalizedEtag },
      });
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
      expect(
        (await runOps(['company', 'update', '--company', tenant.companyUuid, '--cnpj', '11.222.333/0001-80', '--json'])).code,
      ).not.toBe(0);
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
      ['GET', `/reports/${cos.uuid}`],
      ['GET', `/reports/${cos.uuid}/sections/det`],
      ['POST', `/reports/${dossie.uuid}/sections/analise/regenerate`],
      ['PUT', `/reports/${dossie.uuid}/sections/analise`, { content: 'x' }],
      ['POST', `/reports/${dossie.uuid}/finalize`],
      ['GET', `/reports/${cos.uuid}/document?format=pdf`],
      ['POST', `/reports/${cos.uuid}/filing`, { protocol: 'X', filed_at: new Date().toISOString() }],
      ['POST', `/reports/${dossie.uuid}/void`, { reason: 'outro' }],
    ];
    for (const [method, path, body] of paths)
      expect([method, path, (await call(method, path, body, other.apiKey)).status]).toEqual([method, path, 404]);
  });
});

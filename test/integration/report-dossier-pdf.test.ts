import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { upsertSignedInPerson } from '../../db/repositories/people/person-repository';
import { SYSTEM_ACTOR } from '../../domain/actor';
import { loadDemoData } from '../../scripts/stack/demo-data';
import { EXAMPLE_CODES_CSV_PATH, exampleOccurrence } from '../../support/siscoaf-example';
import { issueApiKey } from '../../usecases/tenancy/issue-api-key';
import { runOps } from '../support/cli';
import { request } from '../support/http';
import { pdfPagesInk, pdfPagesPng, pdfText } from '../support/pdf-text';
import { apiUrl } from '../support/stack';
import { closeOwnerDb, ownerDb } from '../support/database-roles';
import { closeTestDb, createTestTenant, type TestTenant, testDb } from '../support/tenants';

jest.setTimeout(600_000);

/** docs/reports.md, "The dossier PDF": `npm run docs:report-pages` sets this to write the showcase's pages there. */
const PAGES_DIR = path.resolve(__dirname, '..', '..', 'docs', 'reports');

async function eventually<T>(read: () => Promise<T>, done: (value: T) => boolean, what: string, timeoutMs = 60_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

async function pdfOf(apiKey: string, uuid: string): Promise<Buffer> {
  const response = await fetch(`${apiUrl()}/reports/${uuid}/document?format=pdf`, { headers: { 'X-API-Key': apiKey } });
  expect([response.status, response.headers.get('content-type')]).toEqual([200, 'application/pdf']);
  return Buffer.from(await response.arrayBuffer());
}

// What must never reach the page: section keys, enum values, signal codes, the engine's English.
const rawKeys = [
  'registry_partner',
  'weight_bp',
  'pillar:',
  'ownership_type',
  'fully_resolved',
  'pep_exposure',
  'elected_official',
  'public_official',
  'grace_period',
  'money_laundering',
  'report_to_coaf',
  'type_code',
  'entity_id',
  'PARTNER_OF',
  'DRAFT',
];
const english = [
  'Partner on the registry chain',
  'may exceed',
  'threshold',
  'Subject on',
  'Subject is',
  'The risk level is',
  'The subject',
  'Active CEIS sanction',
  'Adverse media',
  'PEP one hop',
  'Recently incorporated',
  ' by ',
  'open-ended',
  'Incorporated',
];

function expectNoRawText(text: string): void {
  for (const raw of rawKeys) expect(text).not.toContain(raw);
  for (const phrase of english) expect(text).not.toContain(phrase);
  // No snake_case key and no SIGNAL_CODE anywhere on the page.
  expect(text).not.toMatch(/\b[a-z]+_[a-z_]+\b|\b[A-Z]{2,}_[A-Z_]+\b/);
}

function pageCount(text: string): number {
  const pages = Number(/Página 1 de (\d+)/.exec(text)?.[1]);
  for (let p = 1; p <= pages; p++) expect(text).toContain(`Página ${p} de ${pages}`);
  return pages;
}

describe('the dossier PDF of the showcase (report template v3)', () => {
  let tenant: TestTenant;
  let showcase: number;
  const call = (method: string, p: string, body?: unknown, apiKey = tenant.apiKey) => request(method, p, { apiKey, body });

  beforeAll(async () => {
    // The demo dataset of `npm start`, through the real importers (idempotent in the test database).
    const subjects = await loadDemoData(ownerDb(), path.join(process.env.TEST_DATA_DIR ?? '/tmp', 'dossier-demo'));
    showcase = subjects[0].entity_ids[0];
    tenant = await createTestTenant();
  });
  afterAll(async () => {
    await closeTestDb();
    await closeOwnerDb();
  });

  it("renders the showcase's coaf_cos from the case's decision to finalize: Portuguese, no raw key, RASCUNHO only on the draft, pages that render", async () => {
    const analysis = await call('POST', '/analyses', { entity_id: showcase });
    expect(analysis.status).toBe(201);
    // The service opens a case for the showcase's verdict; an analyst decides, another person approves.
    const opened = await eventually<any>(
      async () => (await call('GET', '/cases?limit=200')).body.items.find((c: any) => c.analysis_uuid === analysis.body.uuid),
      Boolean,
      'the case',
    );
    // Only a person approves: the officer (as their first sign-in provisions them) through their personal key.
    const person = await upsertSignedInPerson(testDb(), {
      companyId: tenant.companyId,
      issuer: 'https://idp.example',
      subject: `officer-${tenant.companyUuid}`,
      name: 'Otávio Oficial',
      email: null,
      roles: ['officer'],
    });
    const officer = await issueApiKey({ db: testDb() }, SYSTEM_ACTOR, {
      companyUuid: tenant.companyUuid,
      name: 'Otávio (aprovações)',
      scopes: ['cases:read', 'cases:write', 'cases:approve', 'reports:read', 'reports:write'],
      personUuid: person.uuid,
    });
    expect(
      (
        await call('POST', `/cases/${opened.uuid}/decision`, {
          outcome: 'report_to_coaf',
          rationale: 'Sócio exposto politicamente, sanção vigente e notícia de lavagem: comunicar.',
        })
      ).status,
    ).toBe(200);
    const approved = await call('POST', `/cases/${opened.uuid}/approval`, { approve: true, comment: 'De acordo.' }, officer.apiKey);
    expect(approved.body).toMatchObject({ status: 'closed', report_uuid: expect.any(String) });
    const uuid: string = approved.body.report_uuid;
    const report = await eventually(
      () => call('GET', `/reports/${uuid}`),
      (r) => r.status === 200,
      'the coaf_cos draft of the case',
    );
    expect(report.body.versions).toMatchObject({
      report_template_version: 'report-template.v3',
      operational_prompt_version: 'pt-BR.templates.v2',
    });

    // The draft: marked on every page, no hash.
    const draft = await pdfOf(tenant.apiKey, uuid);
    const draftText = pdfText(draft);
    const draftPages = pageCount(draftText);
    expect(draftText.match(/RASCUNHO/g)!.length).toBeGreaterThanOrEqual(draftPages);
    expect(draftText).toContain('Rascunho: sem hash de conteúdo');
    expect(draftText).toContain('Ainda não informados');
    expectNoRawText(draftText);

    // The officer completes it (institution CNPJ, the institution's Siscoaf tables, occurrence data) and finalizes.
    await runOps(['company', 'update', '--company', tenant.companyUuid, '--cnpj', '11.222.333/0001-81', '--json']);
    await runOps(['regulatory', 'codes', 'import', '--company', tenant.companyUuid, '--file', EXAMPLE_CODES_CSV_PATH, '--json']);
    expect((await call('PUT', `/reports/${uuid}/occurrence`, exampleOccurrence(report.body.subject.document))).status).toBe(200);
    const finalized = await call('POST', `/reports/${uuid}/finalize`);
    expect(finalized.status).toBe(200);

    const pdf = await pdfOf(tenant.apiKey, uuid);
    const text = pdfText(pdf);
    const pages = pageCount(text);
    for (const label of [
      'Comunicação de Operação Suspeita (COS)',
      'Resumo',
      'Cliente',
      'Situação cadastral',
      'Decisão',
      'comunicar ao COAF',
      'Decidida por',
      'Aprovada por',
      'Otávio Oficial',
      'Justificativa',
      'Prazos',
      'Comunicação ao COAF',
      'Atualidade dos dados',
      'Guarda do documento',
      'Pilares de risco',
      'Beneficiários finais e cadeias de controle',
      'cliente analisado',
      'Pessoas expostas politicamente',
      'Mídia adversa',
      'Sinais identificados e fundamentos normativos',
      'Fundamento normativo',
      'Circular BCB 3.978/2020',
      'Envolvidos',
      'Envolvimento',
      'Enquadramentos',
      'Detalhamento da situação (Det)',
      'Dados da ocorrência',
      'OC-2026/0042',
      'R$ 150.000,00',
      `Relatório ${uuid}`,
      'Modelo report-template.v3',
      'Manifesto regulatório 2026.12.2',
      'Catálogo de regras 2026.12.2',
    ])
      expect(text).toContain(label);
    expect(text.split(`Hash do conteúdo (SHA-256): ${finalized.body.content_sha256}`)).toHaveLength(pages + 1);
    expect(text).not.toContain('RASCUNHO');
    expect(text).not.toContain('sem decisão registrada');
    expectNoRawText(text);

    const png = pdfPagesPng(pdf, 60);
    expect(png).toHaveLength(pages);
    for (const page of png) expect(page.subarray(1, 4).toString('latin1')).toBe('PNG');
    const ink = pdfPagesInk(pdf);
    expect(ink).toHaveLength(pages);
    for (const share of ink) expect(share).toBeGreaterThan(0.01);
    if (process.env.WRITE_REPORT_PAGES === '1') {
      mkdirSync(PAGES_DIR, { recursive: true });
      for (const f of readdirSync(PAGES_DIR)) if (/^coaf-cos-page-\d+\.png$/.test(f)) rmSync(path.join(PAGES_DIR, f));
      png.forEach((page, i) => writeFileSync(path.join(PAGES_DIR, `coaf-cos-page-${i + 1}.png`), page));
    }
  });

  it('says "sem decisão registrada" without a case, and keeps the line listing for a report of template v2', async () => {
    const analysis = await call('POST', '/analyses', { entity_id: showcase });
    const dossie = await call('POST', '/reports', { analysis_uuid: analysis.body.uuid, type: 'bcb_dossie' });
    expect(dossie.status).toBe(201);
    // Another analysis of the same subject has its own case: close nothing, read the dossier before any decision.
    const text = pdfText(await pdfOf(tenant.apiKey, dossie.body.uuid));
    for (const label of [
      'Dossiê PLD/FT do cliente',
      'sem decisão registrada',
      'Qualificação do cliente',
      'Atividade principal',
      'RASCUNHO',
    ])
      expect(text).toContain(label);
    expectNoRawText(text);

    // A report drafted under template v2 renders as it always did: the old renderer chosen by its stored version.
    await testDb().raw(
      `UPDATE reports SET versions = jsonb_set(versions, '{report_template_version}', '"report-template.v2"') WHERE uuid = ?`,
      [dossie.body.uuid],
    );
    const old = pdfText(await pdfOf(tenant.apiKey, dossie.body.uuid));
    expect(old).toContain('RASCUNHO / DRAFT');
    expect(old).toContain('modelo de relatório report-template.v2');
    expect(old).not.toContain('Resumo');
  });
});

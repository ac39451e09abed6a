/** Examples of the report bodies for the API reference (checked against their schemas by test/unit/api/openapi/openapi.test.ts). */
const uuid = '8d2e4f6a-1b3c-4d5e-9f70-8a9b0c1d2e3f';
const analysisUuid = '3f2b8c1e-6d4a-4e8f-9b2a-1c5d7e9f0a12';
const sha = 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855';
const base = `/reports/${uuid}`;

export const createReportExample = { analysis_uuid: analysisUuid, type: 'coaf_cos', language: 'pt-BR' };
export const editSectionExample = {
  content: 'O cliente movimentou valores incompatíveis com a capacidade financeira declarada (R-PEP-01, R-SANC-02).',
};
export const filingExample = { protocol: 'SISCOAF-2026-000123456', filed_at: '2026-11-23T15:30:00-03:00' };
export const voidExample = { reason: 'comunicação feita em duplicidade; substituída pelo relatório 0b1c…' };

export const deterministicSectionExample = {
  key: 'instituicao_comunicante',
  title: 'Instituição comunicante',
  kind: 'deterministic',
  revision: 1,
  content: { cnpj: '11222333000181', name: 'Banco Exemplo S.A.', configured: true },
  provenance: { sources: ['companies.reporting_institution_cnpj'], signal_codes: [], requirement_ids: ['LEI9613-ART11-COMUNICACAO'] },
  created_at: '2026-11-23T10:05:00.000Z',
};

export const narrativeSectionExample = {
  key: 'det',
  title: 'Detalhamento da situação (Det)',
  kind: 'narrative',
  revision: 2,
  content: 'O cliente EXEMPLO COMERCIO LTDA tem como beneficiário final pessoa exposta politicamente (R-PEP-01).',
  provenance: {
    sources: ['sections.identificacao', 'sections.sinais'],
    signal_codes: ['R-PEP-01'],
    requirement_ids: ['LEI9613-ART11-COMUNICACAO'],
    operational_model: 'embedded-template-writer',
    operational_prompt_version: 'pt-BR.templates.v2',
    input_sha256: sha,
    output_sha256: sha,
    author: { kind: 'writer' },
  },
  created_at: '2026-11-23T10:07:00.000Z',
};

export const sectionDetailExample = {
  ...narrativeSectionExample,
  revisions: [{ ...narrativeSectionExample, revision: 1, created_at: '2026-11-23T10:05:00.000Z' }, narrativeSectionExample],
};

export const reportSummaryExample = {
  uuid,
  type: 'coaf_cos',
  regulator: 'coaf',
  status: 'finalized',
  analysis_uuid: analysisUuid,
  subject: { entity_id: 4711, entity_type: 'organization', name: 'EXEMPLO COMERCIO LTDA', document: '11222333000181' },
  versions: {
    regulatory_manifest_version: '2026.11.1',
    rules_version: '2026.11.1',
    report_template_version: 'report-template.v3',
    operational_model: 'embedded-template-writer',
    operational_prompt_version: 'pt-BR.templates.v2',
  },
  window: { anchor_at: '2026-11-23T10:00:00.480Z', expires_at: '2026-11-24T10:00:00.480Z', open: true },
  content_sha256: sha,
  created_at: '2026-11-23T10:05:00.000Z',
  finalized_at: '2026-11-23T10:10:00.000Z',
  filing: null,
  voided: null,
  links: {
    self: base,
    document_pdf: `${base}/document?format=pdf`,
    document_json: `${base}/document?format=json`,
    document_xml: `${base}/document?format=xml`,
  },
};

export const retentionExample = {
  rule: { years: 10, anchor: 'relationship.ended_on', counted_from: 'first_day_of_next_year' as const },
  relationship_ended_on: null,
  basis: 'latest_known_date' as const,
  basis_date: '2026-11-23',
  counted_from: '2027-01-01',
  retain_until: '2037-01-01',
  provisional: true,
};
export const reportExample = {
  ...reportSummaryExample,
  retention: retentionExample,
  sections: [deterministicSectionExample, narrativeSectionExample],
};
export const reportPageExample = { items: [reportSummaryExample], next_cursor: null };

export const occurrenceExample = {
  occurrence_number: 'OC-2026/0042',
  period: { start: '2026-10-01', end: '2026-11-20' },
  agency: { number: '0001', name: 'Agência Central', city: 'São Paulo', state: 'SP' },
  amounts: { credit: '150000.00', debit: '149500.50', provisioned: '0', proposed: '0' },
  parties: [
    {
      document: '11222333000181',
      account: { agency_number: '0001', agency_name: 'Agência Central', number: '12345-6', opened_on: '2024-03-15' },
      records_updated_on: '2026-06-30',
    },
    { document: '39053344705', name: 'Procurador Exemplo', role: 'representative', public_servant: 'municipal' },
  ],
};
export const siscoafBatchExample = { report_uuids: [uuid] };

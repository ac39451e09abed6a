import { dossierLayout, groupArticles, rendersAsDossier, type DossierInput } from '../../../../../domain/reports/dossier/dossier-layout';
import type { DossierBlock } from '../../../../../domain/reports/dossier/dossier-blocks';
import { findRegulatoryManifest } from '../../../../../domain/regulatory/manifest-registry';
import { buildReportSections } from '../../../../../domain/reports/build-report-sections';
import { ruleCatalogV3 } from '../../../../../domain/rules';
import { goldenSnapshot, reportInput } from '../support/report-input';
import { sampleDocument } from '../support/sample-document';

const decision = {
  outcome: 'report_to_coaf',
  rationale: 'Sócio exposto politicamente e sanção vigente.',
  decided_by: { name: 'Ana Analista' },
  decided_at: '2026-11-21T12:00:00.000Z',
  approved_by: { name: 'Otávio Oficial' },
  approved_at: '2026-11-21T13:00:00.000Z',
};

function input(overrides: Partial<DossierInput> = {}): DossierInput {
  const document = sampleDocument();
  document.versions.report_template_version = 'report-template.v3';
  return {
    document,
    stamp: { draft: false, contentSha256: 'a'.repeat(64) },
    case: null,
    retention: { years: 10, anchor: 'relationship.ended_at' },
    ...overrides,
  };
}

/** Every word the layout puts on the page, block by block. */
function words(blocks: DossierBlock[]): string[] {
  return blocks.flatMap((b): string[] => {
    switch (b.kind) {
      case 'facts':
        return b.rows.flat();
      case 'table':
        return [...b.columns.map((c) => c.label), ...b.rows.flat()];
      case 'diagram':
        return [...b.boxes.flatMap((x) => [...x.lines, ...x.caption]), b.legend];
      case 'banner':
        return [b.text, b.detail];
      case 'page_break':
        return [];
      default:
        return [b.text];
    }
  });
}

const factOf = (blocks: DossierBlock[], label: string) =>
  blocks.flatMap((b) => (b.kind === 'facts' ? b.rows : [])).find(([l]) => l === label)?.[1];

describe('dossier layout (report template v3)', () => {
  it.each([
    ['report-template.v3', true],
    ['report-template.v12', true],
    ['report-template.v2', false],
    ['report-template.v1', false],
    ['v1', false],
  ])('template %s renders as the dossier: %s', (version, expected) => {
    expect(rendersAsDossier(version)).toBe(expected);
  });

  it.each([
    ['no case', null, 'sem decisão registrada', undefined],
    [
      'a case without decision',
      { decision: null, due_at: '2026-11-25T02:59:59.999Z', coaf_deadline_at: null },
      'sem decisão registrada',
      undefined,
    ],
    [
      'a decided and approved case',
      { decision, due_at: '2026-11-25T02:59:59.999Z', coaf_deadline_at: '2026-11-24T02:59:59.999Z' },
      'comunicar ao COAF',
      'Ana Analista, em 21/11/2026 às 09:00 (horário de Brasília)',
    ],
    [
      'a decision awaiting approval',
      { decision: { ...decision, approved_by: null, approved_at: null }, due_at: null, coaf_deadline_at: null },
      'comunicar ao COAF',
      'Ana Analista, em 21/11/2026 às 09:00 (horário de Brasília)',
    ],
  ])('summary page with %s', (_name, c, outcome, decidedBy) => {
    const { blocks } = dossierLayout(input({ case: c }));
    const summary = blocks.slice(
      0,
      blocks.findIndex((b) => b.kind === 'page_break'),
    );
    expect(summary[0]).toEqual({ kind: 'title', text: 'COS' });
    expect(summary).toContainEqual(expect.objectContaining({ kind: 'banner', tone: 'critical', text: 'Risco crítico' }));
    expect(factOf(summary, 'Decisão')).toBe(outcome);
    expect(factOf(summary, 'Decidida por')).toBe(decidedBy);
    expect(factOf(summary, 'Cliente')).toBe('Sanctioned Fictitious SA');
    const deadlines = summary.find((b) => b.kind === 'table');
    expect(deadlines).toMatchObject({ columns: [{ label: 'Prazo' }, { label: 'Data' }, { label: 'Fundamento' }] });
    const coaf = (deadlines as any).rows.find((r: string[]) => r[0] === 'Comunicação ao COAF');
    expect(coaf[1]).toBe(
      c?.coaf_deadline_at ? '23/11/2026 às 23:59 (horário de Brasília)' : 'conta da decisão de comunicar (ainda não registrada)',
    );
    expect((deadlines as any).rows.map((r: string[]) => r[0])).toEqual(
      expect.arrayContaining(['Atualidade dos dados', 'Guarda do documento']),
    );
  });

  it.each([
    [true, null, 'RASCUNHO', 'Rascunho: sem hash de conteúdo (registrado na finalização)'],
    [false, 'b'.repeat(64), null, `Hash do conteúdo (SHA-256): ${'b'.repeat(64)}`],
  ])('frame of a draft=%s: mark and hash', (draft, hash, mark, footer) => {
    const { frame } = dossierLayout(input({ stamp: { draft, contentSha256: hash } }));
    expect(frame).toEqual({
      headerLeft: 'Relatório 6f1c1c5e-0000-4000-8000-000000000001',
      headerRight: 'Comunicação de Operação Suspeita (COS)',
      versions: 'Modelo report-template.v3 · Manifesto regulatório 2026.11.1 · Catálogo de regras 2026.11.1',
      footerLeft: footer,
      footerRight: 'Página {page} de {pages}',
      draftMark: mark,
    });
  });

  it('prints no internal key, enum value, signal code or English phrase of the sections', () => {
    const text = words(dossierLayout(input({ case: { decision, due_at: null, coaf_deadline_at: null } })).blocks).join('\n');
    // The embedded narrative is Portuguese too (pt-BR.templates.v2).
    for (const raw of [
      'registry_partner',
      'weight_bp',
      'pillar',
      'pep_exposure',
      'SANCTION_ACTIVE_SUBJECT_CEIS',
      'elected_official',
      'money_laundering',
      'unverified',
      'PARTNER_OF',
      'true',
      'false',
      'null',
    ])
      expect(text).not.toContain(raw);
    for (const english of [
      'Partner on the registry chain',
      'may exceed',
      'Subject on',
      'The risk level is',
      'Active CEIS sanction',
      'Incorporated',
    ])
      expect(text).not.toContain(english);
    expect(text).not.toMatch(/\b[a-z]+_[a-z_]+\b|\b[A-Z]+_[A-Z_]+\b/);
  });

  it('lays each section out as tables: signals in words with their norm, parties with their involvement', () => {
    const { blocks } = dossierLayout(input());
    const tableAfter = (heading: string) =>
      blocks.slice(blocks.findIndex((b) => b.kind === 'heading' && b.text.endsWith(heading))).find((b) => b.kind === 'table') as Extract<
        DossierBlock,
        { kind: 'table' }
      >;
    const signals = tableAfter('Sinais identificados e fundamentos normativos');
    expect(signals.columns.map((c) => c.label)).toEqual(['Sinal', 'Pilar', 'Pontos', 'Fundamento normativo', 'Observado em']);
    expect(signals.rows[0]).toEqual([
      'O cliente tem sanção vigente no Cadastro de Empresas Inidôneas e Suspensas (CEIS)',
      'Sanções',
      '80',
      'Lei 12.846/2013, arts. 22 e 23 (CEIS e CNEP)',
      'Sanctioned Fictitious SA',
    ]);
    expect(signals.rows.find((r) => r[1] === 'Exposição política')).toEqual([
      'Pessoa exposta politicamente ligada diretamente ao cliente',
      'Exposição política',
      '30',
      'Circular BCB 3.978/2020, art. 27 (pessoa exposta politicamente)',
      'Carla Fictitious',
    ]);
    const parties = tableAfter('Envolvidos');
    expect(parties.rows.map((r) => [r[0], r[2], r[3]])).toEqual([
      ['Sanctioned Fictitious SA', 'Titular (o cliente analisado)', 'titular'],
      ['Carla Fictitious', 'Outros envolvidos (sócios, pessoas expostas politicamente relacionadas)', 'sócio'],
      ['Partner Holding Fictitious', 'Outros envolvidos (sócios, pessoas expostas politicamente relacionadas)', 'sócio pessoa jurídica'],
      ['Dario Fictitious', 'Beneficiário final do titular', 'beneficiário final'],
    ]);
    // Every table's columns fill the content width.
    for (const b of blocks) if (b.kind === 'table') expect(b.columns.reduce((a, c) => a + c.width, 0)).toBeCloseTo(495.28, 0);
  });

  it('draws the ownership chains of the beneficial-owner section as a diagram', () => {
    const diagram = dossierLayout(input()).blocks.find((b) => b.kind === 'diagram') as Extract<DossierBlock, { kind: 'diagram' }>;
    expect(diagram.boxes.map((b) => [b.id, b.tone])).toEqual([
      ['Dario Fictitious', 'owner'],
      ['Carla Fictitious', 'owner'],
      ['Partner Holding Fictitious', 'intermediate'],
      ['Sanctioned Fictitious SA', 'subject'],
    ]);
    expect(diagram.edges.map((e) => `${e.from} > ${e.to}`).sort()).toEqual([
      'Carla Fictitious > Sanctioned Fictitious SA',
      'Dario Fictitious > Partner Holding Fictitious',
      'Partner Holding Fictitious > Sanctioned Fictitious SA',
    ]);
  });

  it.each([
    ['the occurrence data is missing', undefined, 'Ainda não informados'],
    [
      'the occurrence data is entered',
      {
        occurrence_number: 'OC-1',
        period: { start: '2026-10-01', end: '2026-11-20' },
        agency: { number: '0001', name: 'Central', city: 'São Paulo', state: 'SP' },
        amounts: { credit: '150000', debit: '149500.5', provisioned: '0', proposed: '0' },
        parties: [],
      },
      'R$ 149.500,50',
    ],
  ])('a coaf_cos ends with its occurrence data when %s', (_name, occurrence, expected) => {
    const i = input();
    if (occurrence) i.document.occurrence = occurrence;
    const { blocks } = dossierLayout(i);
    const last = blocks.slice(blocks.findIndex((b) => b.kind === 'heading' && b.text.endsWith('Dados da ocorrência')));
    expect(words(last).join('\n')).toContain(expected);
  });

  it.each([
    [
      'one article naming two people is one row with both',
      [
        {
          article_id: 'a1',
          title: 'T',
          source: 'S',
          published_at: '2026-10-02T09:00:00Z',
          url: 'u',
          category: 'fraud',
          entity_id: 1,
          name: 'Ana',
        },
        {
          article_id: 'a1',
          title: 'T',
          source: 'S',
          published_at: '2026-10-02T09:00:00Z',
          url: 'u',
          category: 'corruption',
          entity_id: 2,
          matched_name: 'BRUNO',
        },
      ],
      [{ title: 'T', people: ['Ana', 'BRUNO'], categories: ['fraud', 'corruption'] }],
    ],
    [
      'two articles are two rows',
      [
        { article_id: 'a1', title: 'T1', entity_id: 1, name: 'Ana' },
        { article_id: 'a2', title: 'T2', entity_id: 1, name: 'Ana' },
      ],
      [
        { title: 'T1', people: ['Ana'] },
        { title: 'T2', people: ['Ana'] },
      ],
    ],
    [
      'the same person twice is named once',
      [
        { article_id: 'a1', title: 'T', name: 'Ana' },
        { article_id: 'a1', title: 'T', name: 'Ana' },
      ],
      [{ title: 'T', people: ['Ana'] }],
    ],
    [
      'a person the sections name by id is printed by that name',
      [{ article_id: 'a1', title: 'T', entity_id: 7, matched_name: 'ANA S' }],
      [{ title: 'T', people: ['Ana Souza'] }],
    ],
  ])('groups evidence: %s', (_name, hits, expected) => {
    expect(groupArticles(hits, new Map([[7, 'Ana Souza']]))).toMatchObject(expected);
  });

  it("cites under each section the articles its requirements have in the report's manifest: qualification, Circular 3.978 arts. 18 and 19", () => {
    const manifest = findRegulatoryManifest('2026.12.2')!;
    const sections = buildReportSections(
      reportInput(
        'bcb_dossie',
        goldenSnapshot(),
        { name: 'Banco Fictício S.A.', cnpj: '11222333000181' },
        { catalog: ruleCatalogV3, manifest },
      ),
    );
    const document = { ...sampleDocument(), type: 'bcb_dossie' as const, sections: sections.map((s) => ({ ...s, revision: 1 })) };
    document.versions = { ...document.versions, regulatory_manifest_version: '2026.12.2', report_template_version: 'report-template.v3' };
    const { blocks } = dossierLayout(input({ document }));
    const after = (title: string) => blocks[blocks.findIndex((b) => b.kind === 'heading' && b.text.endsWith(title)) + 1];
    expect(after('Qualificação do cliente')).toEqual({
      kind: 'note',
      text: 'Fundamento normativo: Circular BCB 3.978/2020, arts. 18 e 19.',
    });
    expect(after('Beneficiários finais e cadeias de controle')).toEqual({
      kind: 'note',
      text: 'Fundamento normativo: Circular BCB 3.978/2020, arts. 24 a 26.',
    });
    expect(after('Pessoas expostas politicamente')).toEqual({
      kind: 'note',
      text: 'Fundamento normativo: Circular BCB 3.978/2020, art. 27.',
    });
  });
});

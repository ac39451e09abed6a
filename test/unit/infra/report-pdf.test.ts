import { renderReportPdf } from '../../../infra/report-pdf';
import { pdfPagesInk, pdfText } from '../../support/pdf-text';
import { sampleDocument } from '../domain/reports/support/sample-document';

describe('report PDF', () => {
  const doc = sampleDocument();
  const hash = 'a'.repeat(64);

  it('reads back with its sections, Portuguese accents, header and page numbers', async () => {
    const pdf = await renderReportPdf(doc, { draft: false, contentSha256: hash });
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const text = pdfText(pdf);
    for (const phrase of [
      'Instituição comunicante',
      'Classificação de risco',
      'Detalhamento da situação (Det)',
      'Comunicação referente a',
      'crítico',
      `Relatório ${doc.report_uuid}`,
      'manifesto 2026.11.1',
      'catálogo 2026.11.1',
      `SHA-256 ${hash}`,
      'Página 1 de',
    ]) {
      expect(text).toContain(phrase);
    }
    expect(text).not.toContain('RASCUNHO / DRAFT');
  });

  it.each([
    [true, 'RASCUNHO / DRAFT', 'rascunho: sem hash de conteúdo'],
    [false, `SHA-256 ${hash}`, `SHA-256 ${hash}`],
  ])('draft %s is marked accordingly', async (draft, mark, header) => {
    const text = pdfText(await renderReportPdf(doc, { draft, contentSha256: draft ? null : hash }));
    expect(text).toContain(mark);
    expect(text).toContain(header);
  });

  it('numbers every page of a long report', async () => {
    const long = sampleDocument();
    long.sections[long.sections.length - 1].content = Array.from(
      { length: 200 },
      (_, i) => `Parágrafo ${i + 1} da análise, com acentuação: ação, opinião, órgão.`,
    ).join('\n');
    const text = pdfText(await renderReportPdf(long, { draft: false, contentSha256: hash }));
    const pages = Number(/Página 1 de (\d+)/.exec(text)![1]);
    expect(pages).toBeGreaterThan(2);
    expect(text).toContain(`Página ${pages} de ${pages}`);
    expect(text).toContain('Parágrafo 200 da análise, com acentuação: ação, opinião, órgão.');
  });
});

describe('report PDF of template v3: the dossier', () => {
  const hash = 'c'.repeat(64);
  const v3 = () => {
    const doc = sampleDocument();
    doc.versions.report_template_version = 'report-template.v3';
    return doc;
  };
  const context = { case: null, retention: { years: 10, anchor: 'relationship.ended_at' } };

  it('reads back in Portuguese with its frame on every page, and no raw key', async () => {
    const pdf = await renderReportPdf(v3(), { draft: false, contentSha256: hash }, context);
    const text = pdfText(pdf);
    for (const phrase of [
      'RISCO CRÍTICO',
      'Resumo',
      'Decisão',
      'sem decisão registrada',
      'Prazos',
      'Guarda do documento',
      'Beneficiários finais e cadeias de controle',
      'cliente analisado',
      'Sinais identificados e fundamentos normativos',
      'Lei 12.846/2013, arts. 22 e 23',
    ])
      expect(text).toContain(phrase);
    const pages = Number(/Página 1 de (\d+)/.exec(text)![1]);
    for (let p = 1; p <= pages; p++) expect(text).toContain(`Página ${p} de ${pages}`);
    expect(text.split(`Hash do conteúdo (SHA-256): ${hash}`)).toHaveLength(pages + 1);
    expect(text.split('Modelo report-template.v3 · Manifesto regulatório 2026.11.1 · Catálogo de regras 2026.11.1')).toHaveLength(
      pages + 1,
    );
    expect(text).not.toMatch(/registry_partner|weight_bp|pillar:|SANCTION_ACTIVE|RASCUNHO|DRAFT/);
  });

  it('marks a draft RASCUNHO on every page and renders non-blank pages', async () => {
    const pdf = await renderReportPdf(v3(), { draft: true, contentSha256: null }, context);
    const text = pdfText(pdf);
    const pages = Number(/Página 1 de (\d+)/.exec(text)![1]);
    // The mark twice a page: across the page and beside the header.
    expect(text.match(/RASCUNHO/g)).toHaveLength(2 * pages);
    expect(text).toContain('Rascunho: sem hash de conteúdo');
    const ink = pdfPagesInk(pdf);
    expect(ink).toHaveLength(pages);
    for (const share of ink) expect(share).toBeGreaterThan(0.01);
  });

  it('keeps the line listing for a report of an earlier template', async () => {
    const text = pdfText(await renderReportPdf(sampleDocument(), { draft: true, contentSha256: null }, context));
    expect(text).toContain('RASCUNHO / DRAFT');
    expect(text).not.toContain('Resumo');
  });
});

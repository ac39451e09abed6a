import { renderReportPdf } from '../../../infra/report-pdf';
import { pdfText } from '../../support/pdf-text';
import { sampleDocument } from '../domain/reports/support/sample-document';

describe('report PDF', () => {
  const doc = sampleDocument();
  const hash = 'a'.repeat(64);

  it('reads back with its sections, Portuguese accents, header and page numbers', async () => {
    const pdf = await renderReportPdf(doc, { draft: false, contentSha256: hash });
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const text = pdfText(pdf);
    for (const phrase of ['Instituição comunicante', 'Classificação de risco', 'Detalhamento da situação (Det)', 'Comunicação referente a', 'crítico', `Relatório ${doc.report_uuid}`, 'manifesto 2026.11.1', 'catálogo 2026.11.1', `SHA-256 ${hash}`, 'Página 1 de']) {
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
    long.sections[long.sections.length - 1].content = Array.from({ length: 200 }, (_, i) => `Parágrafo ${i + 1} da análise, com acentuação: ação, opinião, órgão.`).join('\n');
    const text = pdfText(await renderReportPdf(long, { draft: false, contentSha256: hash }));
    const pages = Number(/Página 1 de (\d+)/.exec(text)![1]);
    expect(pages).toBeGreaterThan(2);
    expect(text).toContain(`Página ${pages} de ${pages}`);
    expect(text).toContain('Parágrafo 200 da análise, com acentuação: ação, opinião, órgão.');
  });
});

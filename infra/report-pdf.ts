import PDFDocument from 'pdfkit';
import { documentLines } from '../domain/reports/document-lines';
import type { ReportDocument } from '../domain/reports/report-document';

export type PdfStamp = { draft: boolean; contentSha256: string | null };

const fonts = { regular: 'Helvetica', bold: 'Helvetica-Bold' };
const styles = {
  title: { font: fonts.bold, size: 15, gap: 6 },
  subtitle: { font: fonts.regular, size: 8.5, gap: 2 },
  heading: { font: fonts.bold, size: 11.5, gap: 4 },
  field: { font: fonts.regular, size: 9, gap: 1 },
  text: { font: fonts.regular, size: 10, gap: 3 },
} as const;

/**
 * The report as a PDF (pdfkit, standard Helvetica: WinAnsi covers every Portuguese accent). Each
 * page carries a header with the report uuid, the manifest and catalog versions and the content
 * hash, a footer "Página n de N", and on a draft a RASCUNHO / DRAFT mark. The text comes from
 * domain/reports/document-lines.ts; this adapter only lays it out.
 */
export async function renderReportPdf(doc: ReportDocument, stamp: PdfStamp): Promise<Buffer> {
  const pdf = new PDFDocument({
    size: 'A4',
    margins: { top: 78, bottom: 56, left: 56, right: 56 },
    bufferPages: true,
    info: { Title: doc.title, Subject: `${doc.type} ${doc.report_uuid}`, Author: 'Entity Risk Analysis Service', CreationDate: new Date(doc.finalized_at ?? doc.created_at) },
  });
  const chunks: Buffer[] = [];
  pdf.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise<void>((resolve, reject) => {
    pdf.on('end', () => resolve());
    pdf.on('error', reject);
  });
  for (const line of documentLines(doc)) {
    const style = styles[line.kind];
    if (line.kind === 'heading') pdf.moveDown(0.6);
    pdf.font(style.font).fontSize(style.size).text(line.text, pdf.page.margins.left + line.depth * 12, undefined, { width: pdf.page.width - pdf.page.margins.left - pdf.page.margins.right - line.depth * 12, paragraphGap: style.gap });
  }
  stampPages(pdf, doc, stamp);
  pdf.end();
  await ended;
  return Buffer.concat(chunks);
}

function stampPages(pdf: PDFKit.PDFDocument, doc: ReportDocument, stamp: PdfStamp): void {
  const range = pdf.bufferedPageRange();
  const hash = stamp.contentSha256 ? `SHA-256 ${stamp.contentSha256}` : 'rascunho: sem hash de conteúdo';
  for (let i = range.start; i < range.start + range.count; i++) {
    pdf.switchToPage(i);
    const { left, right, bottom } = pdf.page.margins;
    const width = pdf.page.width - left - right;
    // Writing in the margins must not open new pages.
    pdf.page.margins.bottom = 0;
    pdf.font(fonts.regular).fontSize(7).fillColor('#444444');
    pdf.text(`Relatório ${doc.report_uuid} · ${doc.type} · manifesto ${doc.versions.regulatory_manifest_version} · catálogo ${doc.versions.rules_version}`, left, 24, { width, lineBreak: false });
    pdf.text(hash, left, 34, { width, lineBreak: false });
    pdf.text(`Página ${i - range.start + 1} de ${range.count}`, left, pdf.page.height - 34, { width, align: 'right', lineBreak: false });
    if (stamp.draft) {
      // Horizontal, so that text extraction (and a screen reader) reads the mark as words.
      pdf.save().font(fonts.bold).fontSize(54).fillColor('#cc0000').opacity(0.18);
      pdf.text('RASCUNHO / DRAFT', 0, pdf.page.height / 2 - 32, { width: pdf.page.width, align: 'center', lineBreak: false });
      pdf.restore();
      pdf.opacity(1);
    }
    pdf.fillColor('black');
    pdf.page.margins.bottom = bottom;
  }
}

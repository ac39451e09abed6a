import PDFDocument from 'pdfkit';
import { documentLines } from '../domain/reports/document-lines';
import { PAGE, CONTENT_WIDTH, type DossierBlock, type DossierFrame, type TableColumn } from '../domain/reports/dossier/dossier-blocks';
import { dossierLayout, rendersAsDossier, type DossierCase } from '../domain/reports/dossier/dossier-layout';
import type { RetentionRule } from '../domain/regulatory/manifest-types';
import type { ReportDocument } from '../domain/reports/report-document';

export type PdfStamp = { draft: boolean; contentSha256: string | null };
/** What the dossier prints beside the document: the case's decision and clocks, the manifest's retention. */
export type PdfContext = { case: DossierCase | null; retention: RetentionRule | null };

/**
 * The report as a PDF (pdfkit, standard Helvetica: WinAnsi covers every Portuguese accent). From
 * report template v3 the dossier of domain/reports/dossier/dossier-layout.ts, which decides every
 * word, row, box and arrow; a report of an earlier template the line listing it always had, so
 * that its PDF stays what it was (docs/reports.md, "Documents").
 */
export async function renderReportPdf(
  doc: ReportDocument,
  stamp: PdfStamp,
  context: PdfContext = { case: null, retention: null },
): Promise<Buffer> {
  return rendersAsDossier(doc.versions.report_template_version) ? renderDossierPdf(doc, stamp, context) : renderLinesPdf(doc, stamp);
}

function collect(pdf: PDFKit.PDFDocument): Promise<Buffer> {
  const chunks: Buffer[] = [];
  pdf.on('data', (chunk: Buffer) => chunks.push(chunk));
  return new Promise<Buffer>((resolve, reject) => {
    pdf.on('end', () => resolve(Buffer.concat(chunks)));
    pdf.on('error', reject);
  });
}

// ---- The dossier (report template v3 on) ----

const fonts = { regular: 'Helvetica', bold: 'Helvetica-Bold', italic: 'Helvetica-Oblique' };
const colors = {
  ink: '#1d2433',
  muted: '#5b6475',
  rule: '#c9cfdb',
  navy: '#1f3a5f',
  headerFill: '#e3e9f2',
  zebra: '#f5f7fa',
  labelFill: '#eef1f6',
  tones: { critical: '#a61b1b', high: '#c2571a', medium: '#a8861a', low: '#2e7d4f', neutral: '#5b6475' },
  boxes: {
    subject: ['#1f3a5f', '#ffffff'],
    owner: ['#e6f0e9', '#1d2433'],
    intermediate: ['#eef1f6', '#1d2433'],
    unresolved: ['#fbeaea', '#1d2433'],
  },
} as const;
const PAD = 4;

async function renderDossierPdf(doc: ReportDocument, stamp: PdfStamp, context: PdfContext): Promise<Buffer> {
  const layout = dossierLayout({ document: doc, stamp, case: context.case, retention: context.retention });
  const pdf = new PDFDocument({
    size: [PAGE.width, PAGE.height],
    margins: { ...PAGE.margin },
    bufferPages: true,
    info: {
      Title: layout.title,
      Subject: `${layout.frame.headerRight} ${doc.report_uuid}`,
      Author: 'Serviço de análise de risco de entidades',
      CreationDate: new Date(doc.finalized_at ?? doc.created_at),
    },
  });
  const done = collect(pdf);
  const flow = new Flow(pdf);
  for (const block of layout.blocks) flow.draw(block);
  drawFrame(pdf, layout.frame);
  pdf.end();
  return done;
}

/** The cursor down the pages: each block asks for its height and opens a page when it would not fit. */
class Flow {
  private y: number = PAGE.margin.top;
  private fresh = true;
  constructor(private readonly pdf: PDFKit.PDFDocument) {}

  private get bottom() {
    return PAGE.height - PAGE.margin.bottom;
  }
  private newPage() {
    this.pdf.addPage();
    this.y = PAGE.margin.top;
    this.fresh = true;
  }
  private ensure(height: number) {
    if (this.y + height > this.bottom && !this.fresh) this.newPage();
  }
  private left(dx = 0) {
    return PAGE.margin.left + dx;
  }
  private textHeight(value: string, font: string, size: number, width: number): number {
    return this.pdf.font(font).fontSize(size).heightOfString(value, { width });
  }
  private write(
    value: string,
    x: number,
    y: number,
    width: number,
    font: string,
    size: number,
    color: string,
    align: 'left' | 'right' | 'center' = 'left',
  ) {
    this.pdf.font(font).fontSize(size).fillColor(color).text(value, x, y, { width, align });
  }

  draw(block: DossierBlock): void {
    switch (block.kind) {
      case 'page_break':
        if (!this.fresh) this.newPage();
        return;
      case 'title': {
        const h = this.textHeight(block.text, fonts.bold, 17, CONTENT_WIDTH);
        this.ensure(h);
        this.write(block.text, this.left(), this.y, CONTENT_WIDTH, fonts.bold, 17, colors.navy);
        this.y += h + 4;
        break;
      }
      case 'subtitle': {
        const h = this.textHeight(block.text, fonts.regular, 10.5, CONTENT_WIDTH);
        this.write(block.text, this.left(), this.y, CONTENT_WIDTH, fonts.regular, 10.5, colors.muted);
        this.y += h + 12;
        break;
      }
      case 'banner': {
        const h = 50;
        this.ensure(h);
        this.pdf.save().roundedRect(this.left(), this.y, CONTENT_WIDTH, h, 4).fill(colors.tones[block.tone]).restore();
        this.write(block.text.toUpperCase(), this.left(14), this.y + 9, CONTENT_WIDTH - 28, fonts.bold, 16, '#ffffff');
        this.write(block.detail, this.left(14), this.y + 31, CONTENT_WIDTH - 28, fonts.regular, 9.5, '#ffffff');
        this.y += h + 14;
        break;
      }
      case 'heading': {
        const h = this.textHeight(block.text, fonts.bold, 12.5, CONTENT_WIDTH);
        this.ensure(h + 70); // never a heading alone at the foot of a page
        if (!this.fresh) this.y += 10;
        this.write(block.text, this.left(), this.y, CONTENT_WIDTH, fonts.bold, 12.5, colors.navy);
        this.y += h + 3;
        this.pdf
          .save()
          .moveTo(this.left(), this.y)
          .lineTo(this.left(CONTENT_WIDTH), this.y)
          .lineWidth(0.8)
          .strokeColor(colors.navy)
          .stroke()
          .restore();
        this.y += 8;
        break;
      }
      case 'subheading': {
        const h = this.textHeight(block.text, fonts.bold, 10, CONTENT_WIDTH);
        this.ensure(h + 40);
        this.y += 4;
        this.write(block.text, this.left(), this.y, CONTENT_WIDTH, fonts.bold, 10, colors.ink);
        this.y += h + 4;
        break;
      }
      case 'paragraph': {
        const h = this.textHeight(block.text, fonts.regular, 9.5, CONTENT_WIDTH);
        this.ensure(h);
        this.write(block.text, this.left(), this.y, CONTENT_WIDTH, fonts.regular, 9.5, colors.ink);
        this.y += h + 4;
        break;
      }
      case 'note': {
        const h = this.textHeight(block.text, fonts.italic, 8, CONTENT_WIDTH);
        this.ensure(h);
        this.write(block.text, this.left(), this.y, CONTENT_WIDTH, fonts.italic, 8, colors.muted);
        this.y += h + 6;
        break;
      }
      case 'facts':
        this.table(
          [
            { label: '', width: 150 },
            { label: '', width: CONTENT_WIDTH - 150 },
          ],
          block.rows,
          false,
        );
        break;
      case 'table':
        this.table(block.columns, block.rows, true);
        break;
      case 'diagram':
        this.diagram(block);
        break;
    }
    this.fresh = false;
  }

  private table(columns: TableColumn[], rows: string[][], header: boolean) {
    const size = 8.5;
    const heightOf = (cells: string[], font: (i: number) => string) =>
      Math.max(...cells.map((c, i) => this.textHeight(c, font(i), size, columns[i].width - 2 * PAD))) + 2 * PAD;
    const cellFont = (i: number) => (!header && i === 0 ? fonts.bold : fonts.regular);
    const drawRow = (cells: string[], height: number, fill: string | null, font: (i: number) => string, color: string) => {
      let x = this.left();
      cells.forEach((cell, i) => {
        const w = columns[i].width;
        const background = !header && i === 0 ? colors.labelFill : fill;
        if (background) this.pdf.save().rect(x, this.y, w, height).fill(background).restore();
        this.write(cell, x + PAD, this.y + PAD, w - 2 * PAD, font(i), size, color, columns[i].align ?? 'left');
        x += w;
      });
      this.pdf.save().rect(this.left(), this.y, CONTENT_WIDTH, height).lineWidth(0.4).strokeColor(colors.rule).stroke().restore();
      this.y += height;
    };
    const drawHeader = () => {
      const labels = columns.map((c) => c.label);
      drawRow(
        labels,
        heightOf(labels, () => fonts.bold),
        colors.headerFill,
        () => fonts.bold,
        colors.navy,
      );
    };
    const headerHeight = header
      ? heightOf(
          columns.map((c) => c.label),
          () => fonts.bold,
        )
      : 0;
    rows.forEach((row, r) => {
      const h = heightOf(row, cellFont);
      if (r === 0) this.ensure(headerHeight + h);
      else if (this.y + h > this.bottom) this.newPage();
      if (header && (r === 0 || this.y === PAGE.margin.top)) drawHeader();
      drawRow(row, h, r % 2 === 1 ? colors.zebra : null, cellFont, colors.ink);
    });
    this.y += 8;
  }

  private diagram(block: Extract<DossierBlock, { kind: 'diagram' }>) {
    const legendHeight = this.textHeight(block.legend, fonts.italic, 8, CONTENT_WIDTH);
    this.ensure(block.height + legendHeight + 16);
    const ox = this.left();
    const oy = this.y + 4;
    const pdf = this.pdf;
    for (const edge of block.edges) {
      const [first, ...rest] = edge.points;
      pdf
        .save()
        .lineWidth(0.9)
        .strokeColor(colors.muted)
        .moveTo(ox + first.x, oy + first.y);
      for (const p of rest) pdf.lineTo(ox + p.x, oy + p.y);
      pdf.stroke();
      const end = edge.points[edge.points.length - 1];
      // The arrowhead points down into the company held.
      pdf
        .polygon([ox + end.x - 3.5, oy + end.y - 6], [ox + end.x + 3.5, oy + end.y - 6], [ox + end.x, oy + end.y])
        .fill(colors.muted)
        .restore();
    }
    for (const box of block.boxes) {
      const [fill, ink] = colors.boxes[box.tone];
      pdf
        .save()
        .roundedRect(ox + box.x, oy + box.y, box.width, box.height, 3)
        .lineWidth(0.8)
        .fillAndStroke(fill, box.tone === 'subject' ? colors.navy : colors.rule)
        .restore();
      // lineBreak off: the layout fitted every line to its box.
      box.lines.forEach((line, i) => {
        pdf
          .font(fonts.bold)
          .fontSize(8)
          .fillColor(ink)
          .text(line, ox + box.x + 2, oy + box.y + 6 + i * 10, { width: box.width - 4, align: 'center', lineBreak: false });
      });
      box.caption.forEach((line, i) => {
        pdf
          .font(fonts.italic)
          .fontSize(7)
          .fillColor(box.tone === 'subject' ? ink : colors.muted)
          .text(line, ox + box.x + 2, oy + box.y + 6 + box.lines.length * 10 + i * 8.5, {
            width: box.width - 4,
            align: 'center',
            lineBreak: false,
          });
      });
    }
    this.y = oy + block.height + 6;
    this.write(block.legend, this.left(), this.y, CONTENT_WIDTH, fonts.italic, 8, colors.muted);
    this.y += legendHeight + 8;
  }
}

function drawFrame(pdf: PDFKit.PDFDocument, frame: DossierFrame): void {
  const range = pdf.bufferedPageRange();
  const left = PAGE.margin.left;
  for (let i = range.start; i < range.start + range.count; i++) {
    pdf.switchToPage(i);
    // Writing in the margins must not open new pages.
    const bottom: number = pdf.page.margins.bottom;
    pdf.page.margins.bottom = 0;
    const line = (y: number) =>
      pdf
        .save()
        .moveTo(left, y)
        .lineTo(left + CONTENT_WIDTH, y)
        .lineWidth(0.5)
        .strokeColor(colors.rule)
        .stroke()
        .restore();
    pdf
      .font(fonts.bold)
      .fontSize(8)
      .fillColor(colors.navy)
      .text(frame.headerRight, left, 30, { width: CONTENT_WIDTH, align: 'right', lineBreak: false });
    pdf.font(fonts.regular).fontSize(8).fillColor(colors.ink).text(frame.headerLeft, left, 30, { width: CONTENT_WIDTH, lineBreak: false });
    pdf.font(fonts.regular).fontSize(7).fillColor(colors.muted).text(frame.versions, left, 43, { width: CONTENT_WIDTH, lineBreak: false });
    line(56);
    line(PAGE.height - 50);
    const pageLabel = frame.footerRight.replace('{page}', String(i - range.start + 1)).replace('{pages}', String(range.count));
    pdf
      .font(fonts.regular)
      .fontSize(7)
      .fillColor(colors.muted)
      .text(frame.footerLeft, left, PAGE.height - 42, { width: CONTENT_WIDTH - 70, lineBreak: false });
    pdf.text(pageLabel, left, PAGE.height - 42, { width: CONTENT_WIDTH, align: 'right', lineBreak: false });
    if (frame.draftMark) {
      // Horizontal, so that text extraction (and a screen reader) reads the mark as a word.
      pdf.save().font(fonts.bold).fontSize(86).fillColor(colors.tones.critical).opacity(0.13);
      pdf.text(frame.draftMark, 0, PAGE.height / 2 - 43, { width: PAGE.width, align: 'center', lineBreak: false });
      pdf.restore();
      pdf.opacity(1);
      pdf
        .font(fonts.bold)
        .fontSize(8)
        .fillColor(colors.tones.critical)
        .text(frame.draftMark, left, 62, { width: CONTENT_WIDTH, align: 'right', lineBreak: false });
    }
    pdf.fillColor('black');
    pdf.page.margins.bottom = bottom;
  }
}

// ---- The line listing of report templates v1 and v2 (kept byte for byte) ----

const styles = {
  title: { font: fonts.bold, size: 15, gap: 6 },
  subtitle: { font: fonts.regular, size: 8.5, gap: 2 },
  heading: { font: fonts.bold, size: 11.5, gap: 4 },
  field: { font: fonts.regular, size: 9, gap: 1 },
  text: { font: fonts.regular, size: 10, gap: 3 },
} as const;

async function renderLinesPdf(doc: ReportDocument, stamp: PdfStamp): Promise<Buffer> {
  const pdf = new PDFDocument({
    size: 'A4',
    margins: { top: 78, bottom: 56, left: 56, right: 56 },
    bufferPages: true,
    info: {
      Title: doc.title,
      Subject: `${doc.type} ${doc.report_uuid}`,
      Author: 'Entity Risk Analysis Service',
      CreationDate: new Date(doc.finalized_at ?? doc.created_at),
    },
  });
  const done = collect(pdf);
  for (const line of documentLines(doc)) {
    const style = styles[line.kind];
    if (line.kind === 'heading') pdf.moveDown(0.6);
    pdf
      .font(style.font)
      .fontSize(style.size)
      .text(line.text, pdf.page.margins.left + line.depth * 12, undefined, {
        width: pdf.page.width - pdf.page.margins.left - pdf.page.margins.right - line.depth * 12,
        paragraphGap: style.gap,
      });
  }
  stampLinePages(pdf, doc, stamp);
  pdf.end();
  return done;
}

function stampLinePages(pdf: PDFKit.PDFDocument, doc: ReportDocument, stamp: PdfStamp): void {
  const range = pdf.bufferedPageRange();
  const hash = stamp.contentSha256 ? `SHA-256 ${stamp.contentSha256}` : 'rascunho: sem hash de conteúdo';
  for (let i = range.start; i < range.start + range.count; i++) {
    pdf.switchToPage(i);
    const { left, right, bottom } = pdf.page.margins;
    const width = pdf.page.width - left - right;
    // Writing in the margins must not open new pages.
    pdf.page.margins.bottom = 0;
    pdf.font(fonts.regular).fontSize(7).fillColor('#444444');
    pdf.text(
      `Relatório ${doc.report_uuid} · ${doc.type} · manifesto ${doc.versions.regulatory_manifest_version} · catálogo ${doc.versions.rules_version}`,
      left,
      24,
      { width, lineBreak: false },
    );
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

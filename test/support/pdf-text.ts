import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** The text of a PDF as pdftotext (poppler-utils, installed by the test bootstrap) reads it back. */
export function pdfText(pdf: Buffer): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'pdf-text-'));
  try {
    const file = path.join(dir, 'report.pdf');
    writeFileSync(file, pdf);
    return execFileSync('pdftotext', ['-enc', 'UTF-8', '-layout', file, '-'], { encoding: 'utf8' });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Each page of a PDF as pdftoppm renders it to PNG, in page order. */
export function pdfPagesPng(pdf: Buffer, resolution = 60): Buffer[] {
  return render(pdf, ['-png', '-r', String(resolution)], '.png');
}

/**
 * The share of a page's pixels that are not white, from pdftoppm's greyscale rendering (PGM,
 * read without a PNG decoder): a blank page is 0, a page of text and tables some percent.
 */
export function pdfPagesInk(pdf: Buffer, resolution = 30): number[] {
  return render(pdf, ['-gray', '-r', String(resolution)], '.pgm').map((pgm) => {
    const header = /^P5\s+(\d+)\s+(\d+)\s+(\d+)\s/.exec(pgm.subarray(0, 64).toString('latin1'))!;
    const pixels = pgm.subarray(header[0].length);
    let ink = 0;
    for (const p of pixels) if (p < 200) ink++;
    return ink / pixels.length;
  });
}

function render(pdf: Buffer, args: string[], ext: string): Buffer[] {
  const dir = mkdtempSync(path.join(tmpdir(), 'pdf-pages-'));
  try {
    const file = path.join(dir, 'report.pdf');
    writeFileSync(file, pdf);
    execFileSync('pdftoppm', [...args, file, path.join(dir, 'page')]);
    return readdirSync(dir)
      .filter((f) => f.endsWith(ext))
      .sort((a, b) => pageNumber(a) - pageNumber(b))
      .map((f) => readFileSync(path.join(dir, f)));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const pageNumber = (name: string) => Number(/-(\d+)\.\w+$/.exec(name)![1]);

import { documentLines } from '../../../../domain/reports/document-lines';
import { sampleDocument } from './support/sample-document';

describe('document lines', () => {
  const lines = documentLines(sampleDocument());
  const texts = lines.map((l) => l.text);

  it('opens with the title and the subject, then one numbered heading per section with its revision', () => {
    expect(lines[0]).toEqual({ kind: 'title', text: 'COS', depth: 0 });
    expect(texts).toContain('Cliente: Sanctioned Fictitious SA — 12345671000173');
    expect(lines.filter((l) => l.kind === 'heading').map((l) => l.text)[0]).toBe('1. Instituição comunicante (revisão 1)');
  });

  it.each([
    ['Portuguese labels', 'Nome: Sanctioned Fictitious SA'],
    ['booleans in Portuguese', 'PEP: sim'],
    ['missing values as a dash', 'Data de nascimento: —'],
    ['narratives as paragraphs', 'A decisão de comunicar e a transmissão pelo Siscoaf cabem ao responsável de compliance da instituição comunicante, que deve revisar este texto.'],
  ])('renders %s', (_name, text) => expect(texts).toContain(text));
});

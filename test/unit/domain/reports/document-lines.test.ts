import { documentLines } from '../../../../domain/reports/document-lines';
import { sampleDocument } from './support/sample-document';
import { occurrenceData } from './support/siscoaf-input';

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
    [
      'narratives as paragraphs',
      'A decisão de comunicar e a transmissão pelo Siscoaf cabem ao responsável de compliance da instituição comunicante, que deve revisar este texto.',
    ],
  ])('renders %s', (_name, text) => expect(texts).toContain(text));
});

describe('document lines of the v2 template', () => {
  const withOccurrence = () => ({ ...sampleDocument(), type: 'coaf_cos' as const, occurrence: occurrenceData() });
  const texts = (doc: any) => documentLines(doc).map((l) => l.text);

  it.each([
    [
      'the window as the service freshness rule, not the legal deadline',
      /^Regra de atualidade do serviço \(não é prazo legal\).*art\. 48, § 2º\)\.$/,
    ],
    ['the occurrence heading', /^\d+\. Dados da ocorrência \(informados pelo responsável de compliance\)$/],
    ['the occurrence number', /^Número da ocorrência: OC-2026\/0042$/],
    ['the amounts in reais', /^Valores: crédito R\$ 150000\.00; débito R\$ 149500\.5; provisionado R\$ 0; proposto R\$ 0\.00$/],
    ['an added party with its role in Portuguese', /^Envolvido 39053344705 \(Procurador Fictício, procurador ou representante legal\)$/],
    ['public service in Portuguese', /^Servidor público: municipal$/],
  ])('renders %s', (_name, pattern) => expect(texts(withOccurrence()).some((t) => pattern.test(t))).toBe(true));

  it.each([['TpEnv: '], ['Entidade: '], ['Servidor público: não']])('hides the internal field %s', (prefix) =>
    expect(texts(withOccurrence()).some((t) => t.startsWith(prefix))).toBe(false),
  );

  it('says what is still to be entered when there is no occurrence data', () => {
    expect(texts({ ...sampleDocument(), type: 'coaf_cos' })).toContain(
      'Ainda não informados: número, período, agência, valores e contas dos envolvidos são exigidos antes da finalização.',
    );
  });
});

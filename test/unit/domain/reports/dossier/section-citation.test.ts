import { sectionCitation } from '../../../../../domain/reports/dossier/section-citation';

describe("the norm a dossier section cites, from the report's own manifest", () => {
  it.each([
    [
      'qualification, manifest 2026.12.2',
      '2026.12.2',
      ['BCB3978-QUALIFICACAO'],
      'Fundamento normativo: Circular BCB 3.978/2020, arts. 18 e 19.',
    ],
    [
      'qualification, manifest 2026.11.1 (as it cited then)',
      '2026.11.1',
      ['BCB3978-QUALIFICACAO'],
      'Fundamento normativo: Circular BCB 3.978/2020, arts. 16 e 18.',
    ],
    [
      'identification: two norms',
      '2026.12.2',
      ['BCB3978-IDENTIFICACAO', 'LEI9613-ART10-REGISTROS'],
      'Fundamento normativo: Circular BCB 3.978/2020, arts. 13 a 16; Lei 9.613/1998, art. 10, I e II.',
    ],
    [
      "the dossier's conclusion: two articles of one norm",
      '2026.12.2',
      ['BCB3978-DOSSIE', 'BCB3978-RETENCAO'],
      'Fundamento normativo: Circular BCB 3.978/2020, art. 43; art. 67.',
    ],
    [
      'the same article twice is cited once',
      '2026.12.2',
      ['LEI9613-ART11-COMUNICACAO', 'LEI9613-ART11-COMUNICACAO'],
      'Fundamento normativo: Lei 9.613/1998, art. 11, II.',
    ],
    ['no requirement', '2026.12.2', [], null],
    ['a requirement the manifest lacks', '2026.11.1', ['BCB3978-RETENCAO'], null],
    ['an unknown manifest', '1999.1.1', ['BCB3978-QUALIFICACAO'], null],
  ])('%s', (_name, version, ids, expected) => expect(sectionCitation(version, ids)).toBe(expected));
});

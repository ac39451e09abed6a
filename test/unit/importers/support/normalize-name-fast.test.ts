import { normalizeName } from '../../../../domain/names/normalize-name';
import { normalizeNameFast } from '../../../../importers/support/normalize-name-fast';

describe('normalizeNameFast agrees with normalizeName', () => {
  it.each([
    ['JOSE DA SILVA LTDA', 'JOSE DA SILVA LTDA'],
    ['José  da Silva-Ltda.', 'JOSE DA SILVA LTDA'],
    ['ACME & CO', 'ACME & CO'],
    ['  acme   ltda  ', 'ACME LTDA'],
    ['BAR "DO ZE" LTDA', 'BAR DO ZE LTDA'],
    ['JOÃO CONCEIÇÃO', 'JOAO CONCEICAO'],
    ['ACME  LTDA', 'ACME LTDA'],
    ['ACME LTDA ', 'ACME LTDA'],
    ['\u201cSMART\u201d QUOTES', 'SMART QUOTES'],
    ['ÆON ß', 'ÆON SS'.replace(/[^A-Z0-9& ]/g, ' ').trim()],
    ['', ''],
    ['---', ''],
    ['A\tB', 'A B'],
  ])('%j → %j', (input, expected) => {
    expect(normalizeNameFast(input)).toBe(normalizeName(input));
    expect(normalizeNameFast(input)).toBe(expected);
  });
});

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

describe('normalizeNameFast folds every windows-1252 character as NFD does', () => {
  // Every character a Receita Federal file can decode to (docs/importers.md, "Encoding"), alone and between letters.
  const windows1252 = new TextDecoder('windows-1252').decode(Uint8Array.from({ length: 256 }, (_, i) => i));
  it.each([...windows1252].map((c) => [c.codePointAt(0)!.toString(16), c]))('U+%s', (_, c) => {
    for (const input of [c, `a${c}b`, `${c}${c} ${c}x`, `Ç${c}ão`]) expect(normalizeNameFast(input)).toBe(normalizeName(input));
  });
  it.each([
    ['names outside windows-1252 take the Unicode path (Ł does not decompose)', 'ŁÓDŹ Ős Ŭ', 'ODZ OS U'],
    ['combining marks already decomposed', 'Jose\u0301 Conceic\u0327a\u0303o', 'JOSE CONCEICAO'],
    ['a Latin-1 letter that does not decompose', 'ØRSTED ÆGIR ÐÞ', 'RSTED GIR'],
    ['sharp s upper-cases to SS', 'straße', 'STRASSE'],
  ])('%s', (_, input, expected) => {
    const decoded = JSON.parse(`"${input}"`) as string;
    expect(normalizeNameFast(decoded)).toBe(normalizeName(decoded));
    expect(normalizeNameFast(decoded)).toBe(expected);
  });
});

import {
  compareBirthDate,
  compareDocument,
  compareNationality,
  normalizeDocumentNumber,
} from '../../../../domain/watchlists/match-features';

describe('compareBirthDate', () => {
  it.each([
    ['1970-05-01', ['1970-05-01'], 1, 'confirms'],
    ['1970', ['1970-05-01'], 0.8, 'partial'],
    ['1970-05-01', ['1970'], 0.8, 'partial'],
    ['1970', ['1970'], 0.8, 'partial'],
    ['1970-05-01', ['1970-06-01'], 0.5, 'neutral'],
    ['1970-05-01', ['1971-05-01'], 0, 'contradicts'],
    ['1970', ['1968', '1970'], 0.8, 'partial'],
    ['1970-05-01', ['1960', '1970-05-01'], 1, 'confirms'],
    ['1970', ['1971'], 0, 'contradicts'],
    ['circa 1970', ['1970'], 0.5, 'neutral'],
  ])('%s vs %j → %d %s', (query, listed, score, verdict) => {
    expect(compareBirthDate(query, listed)).toMatchObject({ score, verdict });
  });

  it.each([
    [undefined, ['1970']],
    ['1970', []],
  ])('%s vs %j is not comparable', (query, listed) => expect(compareBirthDate(query, listed)).toBeNull());
});

describe('compareNationality', () => {
  it.each([
    ['SY', ['SY'], 1, 'confirms'],
    ['sy', ['IQ', 'SY'], 1, 'confirms'],
    ['BR', ['SY'], 0, 'contradicts'],
  ])('%s vs %j → %d %s', (query, listed, score, verdict) => expect(compareNationality(query, listed)).toMatchObject({ score, verdict }));

  it('is null without both sides', () => {
    expect([compareNationality(undefined, ['SY']), compareNationality('SY', [])]).toEqual([null, null]);
  });
});

describe('compareDocument', () => {
  const listed = [{ type: 'Passport', number: 'A1234-567', country: 'SY' }];
  it.each([
    ['a1234567', 1, 'confirms'],
    ['A 1234 567', 1, 'confirms'],
    ['B7654321', 0, 'contradicts'],
  ])('%s → %d %s', (query, score, verdict) => expect(compareDocument(query, listed)).toMatchObject({ score, verdict }));

  it.each([
    ['---', listed],
    [undefined, listed],
    ['A1234567', []],
  ])('%j against %j is not comparable', (query, docs) => expect(compareDocument(query, docs)).toBeNull());

  it.each([
    ['AB 123.456-7', 'AB1234567'],
    ['ñ-12', 'N12'],
  ])('normalizes %s → %s', (raw, expected) => expect(normalizeDocumentNumber(raw)).toBe(expected));
});

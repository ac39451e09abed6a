import { parseBrDate, parseDecimalComma, parseRfDate } from '../../../../importers/rf/rf-values';

describe('Receita Federal values', () => {
  it.each([
    ['20240131', '2024-01-31'],
    ['0', null],
    ['00000000', null],
    ['', null],
    ['20240231', undefined],
    ['2024013', undefined],
    ['abc', undefined],
  ])('date %s → %s', (value, expected) => expect(parseRfDate(value)).toBe(expected));

  it.each([
    ['31/01/2024', '2024-01-31'],
    ['', null],
    ['Sem informação', null],
    ['31-01-2024', undefined],
  ])('CGU date %s → %s', (value, expected) => expect(parseBrDate(value)).toBe(expected));

  it.each([
    ['150000,50', '150000.50'],
    ['0,00', '0.00'],
    ['1.234.567,8', '1234567.8'],
    ['1000', '1000'],
    ['', null],
    ['12,3,4', undefined],
    ['1e5', undefined],
  ])('decimal comma %s → %s', (value, expected) => expect(parseDecimalComma(value)).toBe(expected));
});

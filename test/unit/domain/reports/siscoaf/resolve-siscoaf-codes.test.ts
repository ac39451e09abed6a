import { normalizeDescription, resolveSiscoafCodes } from '../../../../../domain/reports/siscoaf/resolve-siscoaf-codes';
import { institutionCodes } from '../support/siscoaf-input';

const numbers = (rows: any[]) => Object.fromEntries(rows.map((r) => [r.key, r.code]));

describe('the institution confirms the codes', () => {
  it('gives each meaning the number of the one row that names it', () => {
    const resolved = resolveSiscoafCodes(institutionCodes());
    expect(numbers(resolved.involvement)).toEqual({ titular: '1', representative: '7', beneficial_owner: '32', other: '8' });
    expect(numbers(resolved.situations)).toEqual({ 1001: '201', 1002: '202', 1003: '203', 1004: '204', 1005: '205', 1006: '206' });
  });

  it.each([
    ['no table loaded: nothing is verified', [], { titular: null, beneficial_owner: null }],
    ['the institution numbers the beneficial owner otherwise', [{ table: 'TpEnv', code: '40', description: 'BENEFICIARIO FINAL' }], { beneficial_owner: '40', titular: null }],
    ['a number in the other table does not count', [{ table: 'CodEnq', code: '1', description: 'Titular' }], { titular: null }],
    ['two rows naming a meaning are ambiguous', [{ table: 'TpEnv', code: '1', description: 'Titular' }, { table: 'TpEnv', code: '2', description: 'Cotitular' }], { titular: null }],
    ['a proposed number meaning something else is not taken', [{ table: 'TpEnv', code: '32', description: 'Sócio' }], { beneficial_owner: null }],
  ])('%s', (_name, rows, expected) => expect(numbers(resolveSiscoafCodes(rows as any).involvement)).toMatchObject(expected));

  it.each([['Beneficiário  Final', 'beneficiario final'], ['PESSOA POLITICAMENTE EXPOSTA', 'pessoa politicamente exposta']])('normalizes %s', (text, expected) => expect(normalizeDescription(text)).toBe(expected));
});

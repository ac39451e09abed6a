import { normalizeDescription, resolveSiscoafCodes } from '../../../../../domain/reports/siscoaf/resolve-siscoaf-codes';
import { regulatoryManifests } from '../../../../../domain/regulatory/manifest-registry';
import { buildReportSections } from '../../../../../domain/reports/build-report-sections';
import { siscoafOccurrence } from '../../../../../domain/reports/siscoaf/siscoaf-occurrence';
import { validateSiscoaf } from '../../../../../domain/reports/siscoaf/validate-siscoaf';
import { reportInput } from '../support/report-input';
import { institutionCodes, occurrenceData } from '../support/siscoaf-input';

const numbers = (rows: any[]) => Object.fromEntries(rows.map((r) => [r.key, r.code]));

describe('the institution confirms the codes', () => {
  it('gives each meaning the number of the one row that names it', () => {
    const resolved = resolveSiscoafCodes(institutionCodes());
    expect(numbers(resolved.involvement)).toEqual({ titular: '1', representative: '7', beneficial_owner: '32', other: '8' });
    expect(numbers(resolved.situations)).toEqual({ 1001: '201', 1002: '202', 1003: '203', 1004: '204', 1005: '205', 1006: '206' });
  });

  it.each([
    ['no table loaded: nothing is verified', [], { titular: null, beneficial_owner: null }],
    [
      'the institution numbers the beneficial owner otherwise',
      [{ table: 'TpEnv', code: '40', description: 'BENEFICIARIO FINAL' }],
      { beneficial_owner: '40', titular: null },
    ],
    ['a number in the other table does not count', [{ table: 'CodEnq', code: '1', description: 'Titular' }], { titular: null }],
    [
      'two rows naming a meaning are ambiguous',
      [
        { table: 'TpEnv', code: '1', description: 'Titular' },
        { table: 'TpEnv', code: '2', description: 'Titulares da conta' },
      ],
      { titular: null },
    ],
    [
      'another word that contains the phrase is not the phrase',
      [
        { table: 'TpEnv', code: '1', description: 'Titular' },
        { table: 'TpEnv', code: '2', description: 'Cotitular' },
      ],
      { titular: '1' },
    ],
    [
      "the regulator's word order and inflection confirm",
      [
        { table: 'TpEnv', code: '33', description: 'BENEFICIÁRIOS FINAIS' },
        { table: 'TpEnv', code: '9', description: 'Representantes legais' },
      ],
      { beneficial_owner: '33', representative: '9' },
    ],
    [
      'a proposed number meaning something else is not taken',
      [{ table: 'TpEnv', code: '32', description: 'Sócio' }],
      { beneficial_owner: null },
    ],
  ])('%s', (_name, rows, expected) => expect(numbers(resolveSiscoafCodes(rows as any).involvement)).toMatchObject(expected));

  it.each([
    ['Beneficiário  Final', 'beneficiario final'],
    ['PESSOA POLITICAMENTE EXPOSTA', 'pessoa politicamente exposta'],
  ])('normalizes %s', (text, expected) => expect(normalizeDescription(text)).toBe(expected));

  it.each(regulatoryManifests.map((m) => [m.version, m]))(
    'a CodEnq table describing each situation as manifest %s does leaves no code unverified',
    (_v, manifest) => {
      const codEnq = manifest.coaf.enquadramentos.map((e, i) => ({
        table: 'CodEnq' as const,
        code: String(300 + i),
        description: e.description,
      }));
      const rows = [...institutionCodes().filter((r) => r.table === 'TpEnv'), ...codEnq];
      const issues = validateSiscoaf(
        siscoafOccurrence(buildReportSections(reportInput('coaf_cos')), occurrenceData(), resolveSiscoafCodes(rows)),
      );
      expect(issues.filter((i) => i.type === 'code_unverified')).toEqual([]);
      expect(numbers(resolveSiscoafCodes(rows).situations)['1004']).toBe('303');
    },
  );
});

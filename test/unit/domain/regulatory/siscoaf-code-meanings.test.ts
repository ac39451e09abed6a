import { currentRegulatoryManifest, regulatoryManifests } from '../../../../domain/regulatory/manifest-registry';
import { involvementMeanings, situationMeanings } from '../../../../domain/regulatory/siscoaf-code-meanings';
import { textStems } from '../../../../domain/regulatory/phrase-stems';
import { type InstitutionCode, resolveSiscoafCodes } from '../../../../domain/reports/siscoaf/resolve-siscoaf-codes';

/**
 * Siscoaf's published involvement types (TpEnv), written as the regulator writes them, with the
 * number each has in its published table.
 */
const siscoafPublishedInvolvement: InstitutionCode[] = [
  { table: 'TpEnv', code: '1', description: 'Titular' },
  { table: 'TpEnv', code: '7', description: 'Procurador/Representante Legal' },
  { table: 'TpEnv', code: '8', description: 'Outros' },
  { table: 'TpEnv', code: '32', description: 'Beneficiário Final' },
];

describe('Siscoaf code meanings', () => {
  it.each(regulatoryManifests.map((m) => [m.version, m]))('every enquadramento of manifest %s has a meaning', (_v, manifest: any) => {
    expect(manifest.coaf.enquadramentos.map((e: any) => e.code).sort()).toEqual(situationMeanings.map((s) => s.key).sort());
  });

  it.each([...involvementMeanings, ...situationMeanings].map((m) => [m.key, m]))(
    '%s looks for phrases with words',
    (_key, meaning: any) => {
      expect(meaning.phrases.length).toBeGreaterThan(0);
      for (const p of meaning.phrases) expect(textStems(p).length).toBeGreaterThan(0);
    },
  );

  it.each(regulatoryManifests.map((m) => [m.version, m]))(
    "every situation of manifest %s is confirmed by the manifest's own description of it",
    (_v, manifest: any) => {
      const table: InstitutionCode[] = manifest.coaf.enquadramentos.map((e: any, i: number) => ({
        table: 'CodEnq',
        code: String(900 + i),
        description: e.description,
      }));
      const confirmedBy = Object.fromEntries(resolveSiscoafCodes(table).situations.map((s) => [s.key, s.description]));
      expect(confirmedBy).toEqual(Object.fromEntries(manifest.coaf.enquadramentos.map((e: any) => [e.code, e.description])));
    },
  );

  it("every involvement type is confirmed by Siscoaf's published name, with its published number", () => {
    const resolved = resolveSiscoafCodes(siscoafPublishedInvolvement).involvement;
    expect(resolved.map((r) => [r.key, r.code])).toEqual(involvementMeanings.map((m) => [m.key, m.proposed_code]));
  });

  it('proposes only the published TpEnv numbers and no CodEnq number', () => {
    expect(involvementMeanings.map((m) => [m.key, m.proposed_code])).toEqual([
      ['titular', '1'],
      ['representative', '7'],
      ['beneficial_owner', '32'],
      ['other', '8'],
    ]);
    expect(situationMeanings.every((m) => m.proposed_code === null)).toBe(true);
    expect(currentRegulatoryManifest.coaf.enquadramentos.length).toBe(situationMeanings.length);
  });
});

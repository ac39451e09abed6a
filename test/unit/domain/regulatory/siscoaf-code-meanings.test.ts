import { currentRegulatoryManifest, regulatoryManifests } from '../../../../domain/regulatory/manifest-registry';
import { involvementMeanings, situationMeanings } from '../../../../domain/regulatory/siscoaf-code-meanings';
import { normalizeDescription } from '../../../../domain/reports/siscoaf/resolve-siscoaf-codes';

describe('Siscoaf code meanings', () => {
  it.each(regulatoryManifests.map((m) => [m.version, m]))('every enquadramento of manifest %s has a meaning', (_v, manifest: any) => {
    expect(manifest.coaf.enquadramentos.map((e: any) => e.code).sort()).toEqual(situationMeanings.map((s) => s.key).sort());
  });

  it.each([...involvementMeanings, ...situationMeanings].map((m) => [m.key, m]))('%s looks for normalized phrases', (_key, meaning: any) => {
    expect(meaning.phrases.length).toBeGreaterThan(0);
    for (const p of meaning.phrases) expect(normalizeDescription(p)).toBe(p);
  });

  it('proposes only the published TpEnv numbers and no CodEnq number', () => {
    expect(involvementMeanings.map((m) => [m.key, m.proposed_code])).toEqual([['titular', '1'], ['representative', '7'], ['beneficial_owner', '32'], ['other', '8']]);
    expect(situationMeanings.every((m) => m.proposed_code === null)).toBe(true);
    expect(currentRegulatoryManifest.coaf.enquadramentos.length).toBe(situationMeanings.length);
  });
});

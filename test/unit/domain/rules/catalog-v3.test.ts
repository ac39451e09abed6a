import { correctedCitations, ruleCatalogRegistry, ruleCatalogV2, ruleCatalogV3 } from '../../../../domain/rules';

describe('rule catalog 2026.12.2 (norms cited as they are)', () => {
  it('is the newest of the registry and serves manifest 2026.12.2', () => {
    expect(ruleCatalogRegistry.current).toBe(ruleCatalogV3);
    expect(ruleCatalogV3).toMatchObject({ rules_version: '2026.12.2', regulatory_catalog_version: '2026.12.2' });
  });

  it('differs from catalog 2026.12.1 in its citations only: the same signals score the same', () => {
    const strip = (c: typeof ruleCatalogV3) => ({
      ...c,
      rules_version: '',
      regulatory_catalog_version: '',
      signals: c.signals.map((s) => ({ ...s, regulatory_references: [] })),
    });
    expect(strip(ruleCatalogV3)).toEqual(strip(ruleCatalogV2));
  });

  it.each([
    ['OWNERSHIP_UNRESOLVED_CHAIN', 'Circular BCB 3.978/2020, arts. 24 a 26 (beneficiário final)'],
    ['REGISTRY_RECENT_INCORPORATION', 'Circular BCB 3.978/2020, arts. 18 e 19 (qualificação do cliente)'],
    ['PEP_ASSOCIATE_DIRECT', 'Circular BCB 3.978/2020, art. 27'],
    ['MEDIA_FINANCIAL_CRIME', 'Circular BCB 3.978/2020, arts. 38 e 39 (monitoramento, seleção e análise)'],
    [
      'NETWORK_MASS_PARTNER',
      'Carta Circular BCB 4.001/2020, art. 1º, III (situações relacionadas com a identificação e qualificação de clientes)',
    ],
    ['SANCTION_FOREIGN_SUBJECT', 'Circular BCB 3.978/2020, arts. 38 e 39 (monitoramento, seleção e análise)'],
  ])('%s cites %s', (code, citation) => {
    expect(ruleCatalogV3.signals.find((s) => s.code === code)!.regulatory_references).toContain(citation);
  });

  it('cites none of the corrected citations, while catalog 2026.12.1 keeps them (its verdicts replay as they were)', () => {
    const cited = (c: typeof ruleCatalogV3) => new Set(c.signals.flatMap((s) => s.regulatory_references));
    for (const wrong of Object.keys(correctedCitations)) {
      expect(cited(ruleCatalogV3).has(wrong)).toBe(false);
      expect(cited(ruleCatalogV2).has(wrong)).toBe(true);
    }
  });
});

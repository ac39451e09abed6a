import { catalogContentHash, engineFingerprint, ruleCatalogs, ruleCatalogV1, RULES_VERSION } from '../../../../domain/rules';

/** Each rules_version names exactly one catalog content: change a rule → bump the version and this pin. */
const PINNED_CONTENT_HASHES: Record<string, string> = {
  '2026.11.1': '3e95192665f4c95cd9697a4963457d12ac9ef78e591a41631036362097eefdbe',
  '2026.12.1': '6de864c6469f2b0ad2609d254bd68e41b61d243f9a37474c457975e32fcbff56',
  '2026.12.2': '9d00f00e502eef8a3042a4792b187f14adefdb5304c3916f8c74a99c7d72e338',
};

describe('catalog content hash and engine fingerprint', () => {
  it('pins the content of this rules_version (bump RULES_VERSION on any rule change)', () => {
    expect(catalogContentHash(ruleCatalogV1)).toBe(PINNED_CONTENT_HASHES[RULES_VERSION]);
  });

  it.each(ruleCatalogs.map((c) => [c.rules_version, c] as const))('pins the content of every shipped catalog (%s)', (version, catalog) => {
    expect(catalogContentHash(catalog)).toBe(PINNED_CONTENT_HASHES[version]);
  });

  const mutations: [string, (c: typeof ruleCatalogV1) => void][] = [
    [
      'base points',
      (c) => {
        c.signals[0].base_points += 1;
      },
    ],
    [
      'a description',
      (c) => {
        c.signals[3].description += '.';
      },
    ],
    [
      'a parameter',
      (c) => {
        c.signals.find((s) => s.code === 'REGISTRY_RECENT_INCORPORATION')!.parameters.max_age_months = 13;
      },
    ],
    [
      'a band floor',
      (c) => {
        c.signals[0].band_floor!.floor_score = 50;
      },
    ],
    [
      'a pillar weight',
      (c) => {
        c.pillar_weights.network += 1;
      },
    ],
    [
      'a modifier delta',
      (c) => {
        c.meta_signals[0].aggravants[0].multiplier_delta += 1;
      },
    ],
    [
      'a risk band',
      (c) => {
        c.risk_bands[0].max_score = 20;
      },
    ],
    [
      'a signal version',
      (c) => {
        c.signals[5].version = '1.0.1';
      },
    ],
  ];
  it.each(mutations)('changes the engine fingerprint when %s changes', (_name, mutate) => {
    const copy = structuredClone(ruleCatalogV1);
    mutate(copy);
    expect(engineFingerprint(copy)).not.toBe(engineFingerprint(ruleCatalogV1));
    expect(catalogContentHash(copy)).not.toBe(catalogContentHash(ruleCatalogV1));
  });

  it('changes the engine fingerprint with the engine version', () => {
    expect(engineFingerprint(ruleCatalogV1, '9.9.9')).not.toBe(engineFingerprint(ruleCatalogV1));
  });
});

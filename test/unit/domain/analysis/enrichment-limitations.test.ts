import { type EnrichmentCoverage, enrichmentLimitations } from '../../../../domain/analysis/enrichment-limitations';
import type { SnapshotWatchlistVersion } from '../../../../domain/analysis/snapshot';

const fresh = (list: string): SnapshotWatchlistVersion => ({
  list,
  version: '2026-11-20',
  published_on: '2026-11-20',
  freshness_days: 7,
  stale: false,
});
const covered: EnrichmentCoverage = {
  subjectEntityId: 7,
  asOf: '2026-11-25',
  network: { truncated: false, maxNodes: 100, maxDepth: 2 },
  mediaSkipped: 0,
  watchlistSkipped: 0,
  watchlistLists: [fresh('un'), fresh('ofac_sdn'), fresh('eu_fsf')],
};

describe('enrichmentLimitations', () => {
  it.each<[string, Partial<EnrichmentCoverage>, string[]]>([
    ['everything covered', {}, []],
    ['media of some related parties not screened', { mediaSkipped: 3 }, ['adverse_media_partially_screened']],
    ['a truncated network', { network: { truncated: true, maxNodes: 100, maxDepth: 2 } }, ['network_truncated']],
    ['names of some parties not screened', { watchlistSkipped: 4 }, ['watchlist_partially_screened']],
    ['no name screening at all (skipped unknown)', { watchlistSkipped: null, watchlistLists: [] }, []],
    [
      'a stale list',
      {
        watchlistLists: [
          { ...fresh('un'), version: '2026-11-01T10:00:00.000Z', published_on: '2026-11-01', stale: true },
          fresh('ofac_sdn'),
          fresh('eu_fsf'),
        ],
      },
      ['watchlist_stale'],
    ],
    [
      'a list never imported',
      {
        watchlistLists: [
          fresh('un'),
          { list: 'ofac_sdn', version: null, published_on: null, freshness_days: 14, stale: true },
          fresh('eu_fsf'),
        ],
      },
      ['watchlist_not_imported'],
    ],
    [
      'a country name that does not map',
      { unmappedNationalities: [{ entity_id: 9, name: 'Fictitious Foreign', field: 'country', country: 'ATLANTIDA' }] },
      ['nationality_unmapped'],
    ],
  ])('%s → %j', (_name, change, codes) => {
    expect(enrichmentLimitations({ ...covered, ...change }).map((l) => l.code)).toEqual(codes);
  });

  it('words the limitations verdicts carry, with their details', () => {
    const limitations = enrichmentLimitations({
      ...covered,
      mediaSkipped: 2,
      network: { truncated: true, maxNodes: 50, maxDepth: 3 },
      watchlistLists: [{ list: 'un', version: '2026-11-01T10:00:00.000Z', published_on: '2026-11-01', freshness_days: 7, stale: true }],
    });
    expect(limitations).toEqual([
      {
        code: 'adverse_media_partially_screened',
        message: 'Adverse media was screened for the subject and its 24 closest related parties only.',
        entity_id: 7,
        details: { not_screened_entities: 2 },
      },
      { code: 'network_truncated', message: 'The network was cut at 50 entities.', entity_id: 7, details: { max_nodes: 50, max_depth: 3 } },
      {
        code: 'watchlist_stale',
        entity_id: 7,
        message:
          'The UN Security Council Consolidated List (un) screened against is version 2026-11-01T10:00:00.000Z, published on 2026-11-01, more than 7 days before 2026-11-25: a later designation may be missing.',
        details: { list: 'un', version: '2026-11-01T10:00:00.000Z', published_on: '2026-11-01', freshness_days: 7, as_of: '2026-11-25' },
      },
    ]);
  });

  it('names each entity whose country did not map, on the entity, in id order', () => {
    const limitations = enrichmentLimitations({
      ...covered,
      unmappedNationalities: [
        { entity_id: 12, name: 'Fictitious Foreign Two', field: 'country', country: 'SAO MARTINHO' },
        { entity_id: 9, name: 'Fictitious Foreign One', field: 'country', country: 'REPUBLICA DE ATLANTIDA' },
      ],
    });
    expect(limitations).toEqual([
      {
        code: 'nationality_unmapped',
        entity_id: 9,
        details: { field: 'country', country: 'REPUBLICA DE ATLANTIDA' },
        message: "Nationality of Fictitious Foreign One unknown: country 'REPUBLICA DE ATLANTIDA' not mapped.",
      },
      {
        code: 'nationality_unmapped',
        entity_id: 12,
        details: { field: 'country', country: 'SAO MARTINHO' },
        message: "Nationality of Fictitious Foreign Two unknown: country 'SAO MARTINHO' not mapped.",
      },
    ]);
  });
});

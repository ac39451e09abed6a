import { MEDIA_SCREENED_ENTITIES, nationalityOf, planNetworkScreening, WATCHLIST_SCREENED_ENTITIES, watchlistSchemasOf } from '../../../../domain/analysis/plan-network-screening';
import { entity } from '../scoring/support/snapshot-builder';

describe('planNetworkScreening (who an analysis screens)', () => {
  it.each([
    ['person', ['person']],
    ['organization', ['organization']],
    ['financial_institution', ['organization']],
    ['political_party', ['organization']],
    ['foreign_entity', ['person', 'organization']],
    ['government_agency', []],
    ['vessel', []],
    ['aircraft', []],
    ['notary_office', []],
    ['unknown', []],
  ])('a %s is screened as %j', (type, schemas) => {
    expect(watchlistSchemasOf(type)).toEqual(schemas);
  });

  it.each([
    ['a person with an alpha-2 nationality', entity(1, 'person', 'Fictitious Person', { profile: { nationality: 'ar' } }), 'AR'],
    ['a person with a country name as citizenship', entity(1, 'person', 'Fictitious Person', { profile: { citizenship: 'Argentina' } }), 'AR'],
    ['a person without either', entity(1, 'person', 'Fictitious Person', { profile: { country: 'Argentina' } }), null],
    ['a foreign partner with the registry\'s Portuguese country name', entity(1, 'foreign_entity', 'Fictitious Foreign', { profile: { country: 'ESTADOS UNIDOS' } }), 'US'],
    ['an unknown country name (no guess)', entity(1, 'foreign_entity', 'Fictitious Foreign', { profile: { country: 'Atlantida' } }), null],
  ])('nationalityOf %s', (_name, e, expected) => {
    expect(nationalityOf(e)).toBe(expected);
  });

  it('screens the subject and every screenable party of the network, nearest first, a foreign partner twice, with what the store knows', () => {
    const plan = planNetworkScreening([
      entity(30, 'organization', 'Fictitious Far Holding', { hop: 2, profile: { trade_name: 'Far Trade Fictitious' } }),
      entity(10, 'person', 'Fictitious Subject Person', { hop: 0, profile: { birth_date: '1971-04-12', nationality: 'BR' } }),
      entity(20, 'foreign_entity', 'Fictitious Foreign Partner', { hop: 1, profile: { country: 'ARGENTINA' } }),
      entity(21, 'government_agency', 'Fictitious Agency', { hop: 1 }),
    ]);
    expect(plan.watchlists).toEqual({
      queries: [
        { entity_id: 10, schema: 'person', name: 'Fictitious Subject Person', aliases: [], birth_date: '1971-04-12', nationality: 'BR' },
        { entity_id: 20, schema: 'person', name: 'Fictitious Foreign Partner', aliases: [], birth_date: null, nationality: 'AR' },
        { entity_id: 20, schema: 'organization', name: 'Fictitious Foreign Partner', aliases: [], birth_date: null, nationality: 'AR' },
        { entity_id: 30, schema: 'organization', name: 'Fictitious Far Holding', aliases: ['Far Trade Fictitious'], birth_date: null, nationality: null },
      ],
      screenedEntityIds: [10, 20, 30],
      skipped: 0,
    });
    expect(plan.media.names.map((n) => n.entity_id)).toEqual([10, 20, 21]);
    expect(plan.media.skipped).toBe(0);
  });

  it.each([
    ['1980', '1980'],
    ['1980-02-29', '1980-02-29'],
    ['1980-02-29T00:00:00Z', '1980-02-29'],
    ['unknown', null],
  ])('a birth date %p is screened as %p', (value, expected) => {
    expect(planNetworkScreening([entity(1, 'person', 'Fictitious Person', { profile: { birth_date: value } })]).watchlists.queries[0].birth_date).toBe(expected);
  });

  it('bounds both screenings: the nearest parties first, the rest counted as skipped', () => {
    const many = Array.from({ length: WATCHLIST_SCREENED_ENTITIES + 3 }, (_, i) => entity(i + 1, i % 2 === 0 ? 'person' : 'organization', `Fictitious Party ${i + 1}`, { hop: i === 0 ? 0 : i < 40 ? 1 : 2 }));
    const plan = planNetworkScreening(many);
    expect(plan.watchlists.skipped).toBe(3);
    expect(plan.watchlists.screenedEntityIds).toHaveLength(WATCHLIST_SCREENED_ENTITIES);
    expect(plan.watchlists.screenedEntityIds).toContain(1);
    expect(plan.media.skipped).toBe(40 - MEDIA_SCREENED_ENTITIES);
    expect(new Set(plan.media.names.map((n) => n.entity_id)).size).toBe(MEDIA_SCREENED_ENTITIES);
  });
});

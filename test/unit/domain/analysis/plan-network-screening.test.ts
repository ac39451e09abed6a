import {
  MEDIA_SCREENED_ENTITIES,
  nationalityOf,
  planNetworkScreening,
  resolveNationality,
  WATCHLIST_SCREENED_ENTITIES,
  watchlistSchemasOf,
} from '../../../../domain/analysis/plan-network-screening';
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
    [
      'a person with a country name as citizenship',
      entity(1, 'person', 'Fictitious Person', { profile: { citizenship: 'Argentina' } }),
      'AR',
    ],
    ['a person without either', entity(1, 'person', 'Fictitious Person', { profile: { country: 'Argentina' } }), null],
    [
      "a foreign partner with the registry's Portuguese country name",
      entity(1, 'foreign_entity', 'Fictitious Foreign', { profile: { country: 'ESTADOS UNIDOS' } }),
      'US',
    ],
    [
      "a foreign partner with the registry's inverted country name",
      entity(1, 'foreign_entity', 'Fictitious Foreign', { profile: { country: 'SIRIA, REPUBLICA ARABE DA' } }),
      'SY',
    ],
    [
      "a foreign partner with the registry's abbreviated country name",
      entity(1, 'foreign_entity', 'Fictitious Foreign', { profile: { country: 'COREIA, REP.POP.DEMOCRATICA' } }),
      'KP',
    ],
    ['an unknown country name (no guess)', entity(1, 'foreign_entity', 'Fictitious Foreign', { profile: { country: 'Atlantida' } }), null],
  ])('nationalityOf %s', (_name, e, expected) => {
    expect(nationalityOf(e)).toBe(expected);
  });

  it.each([
    ['a mapped name', { country: 'IRA, REPUBLICA ISLAMICA DO' }, { nationality: 'IR', unmapped: null }],
    ['an alpha-2 code', { country: 'ir' }, { nationality: 'IR', unmapped: null }],
    ['no country at all', {}, { nationality: null, unmapped: null }],
    [
      'a name no tier maps',
      { country: 'REPUBLICA DE ATLANTIDA' },
      { nationality: null, unmapped: { field: 'country', country: 'REPUBLICA DE ATLANTIDA' } },
    ],
    [
      'a name two countries share',
      { country: 'SAO MARTINHO' },
      { nationality: null, unmapped: { field: 'country', country: 'SAO MARTINHO' } },
    ],
    [
      'an unmapped country, then a mapped nationality',
      { country: 'Atlantida', nationality: 'SIRIA' },
      { nationality: 'SY', unmapped: null },
    ],
  ])('resolveNationality of a foreign partner with %s', (_name, profile, expected) => {
    expect(resolveNationality(entity(1, 'foreign_entity', 'Fictitious Foreign', { profile }))).toEqual(expected);
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
        {
          entity_id: 30,
          schema: 'organization',
          name: 'Fictitious Far Holding',
          aliases: ['Far Trade Fictitious'],
          birth_date: null,
          nationality: null,
        },
      ],
      screenedEntityIds: [10, 20, 30],
      skipped: 0,
      unmappedNationalities: [],
    });
    expect(plan.media.names.map((n) => n.entity_id)).toEqual([10, 20, 21]);
    expect(plan.media.skipped).toBe(0);
  });

  it('lists each screened entity whose country name does not map, once, by id (never a silent null)', () => {
    const plan = planNetworkScreening([
      entity(10, 'organization', 'Fictitious Subject Ltda', { hop: 0, profile: { country: 'BRASIL' } }),
      entity(40, 'foreign_entity', 'Fictitious Unmapped Two', { hop: 1, profile: { country: 'REPUBLICA DE ATLANTIDA' } }),
      entity(20, 'foreign_entity', 'Fictitious Unmapped One', { hop: 1, profile: { country: 'SAO MARTINHO' } }),
      entity(30, 'person', 'Fictitious Person', { hop: 1, profile: { nationality: 'Lilliput' } }),
      entity(50, 'government_agency', 'Fictitious Agency', { hop: 1, profile: { country: 'Atlantida' } }),
    ]);
    expect(plan.watchlists.unmappedNationalities).toEqual([
      { entity_id: 20, name: 'Fictitious Unmapped One', field: 'country', country: 'SAO MARTINHO' },
      { entity_id: 30, name: 'Fictitious Person', field: 'nationality', country: 'Lilliput' },
      { entity_id: 40, name: 'Fictitious Unmapped Two', field: 'country', country: 'REPUBLICA DE ATLANTIDA' },
    ]);
    expect(plan.watchlists.queries.filter((q) => q.entity_id === 40).map((q) => q.nationality)).toEqual([null, null]);
  });

  it.each([
    ['1980', '1980'],
    ['1980-02-29', '1980-02-29'],
    ['1980-02-29T00:00:00Z', '1980-02-29'],
    ['unknown', null],
  ])('a birth date %p is screened as %p', (value, expected) => {
    expect(
      planNetworkScreening([entity(1, 'person', 'Fictitious Person', { profile: { birth_date: value } })]).watchlists.queries[0].birth_date,
    ).toBe(expected);
  });

  it('bounds both screenings: the nearest parties first, the rest counted as skipped', () => {
    const many = Array.from({ length: WATCHLIST_SCREENED_ENTITIES + 3 }, (_, i) =>
      entity(i + 1, i % 2 === 0 ? 'person' : 'organization', `Fictitious Party ${i + 1}`, { hop: i === 0 ? 0 : i < 40 ? 1 : 2 }),
    );
    const plan = planNetworkScreening(many);
    expect(plan.watchlists.skipped).toBe(3);
    expect(plan.watchlists.screenedEntityIds).toHaveLength(WATCHLIST_SCREENED_ENTITIES);
    expect(plan.watchlists.screenedEntityIds).toContain(1);
    expect(plan.media.skipped).toBe(40 - MEDIA_SCREENED_ENTITIES);
    expect(new Set(plan.media.names.map((n) => n.entity_id)).size).toBe(MEDIA_SCREENED_ENTITIES);
  });
});

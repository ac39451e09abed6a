import { presentScreening } from '../../../../api/presenters/screening-presenter';
import type { ScreeningHitRow } from '../../../../db/repositories/screenings/screening-hit-repository';
import type { ScreeningRow } from '../../../../db/repositories/screenings/screening-repository';
import type { EntityRow } from '../../../../domain/entity-store/subject-profile';
import { mediaCategories } from '../../../../domain/media/media-taxonomy';

const row: ScreeningRow = {
  id: 5,
  uuid: '0b1c2d3e-4f50-4a61-8b72-839405a6b7c8',
  company_id: 7,
  entity_id: 42,
  status: 'completed',
  client_reference: null,
  webhook_endpoint_uuid: null,
  include_related: true,
  as_of: new Date('2026-11-23T00:00:00.000Z'),
  names: [{ entity_id: 42, name: 'ACME LTDA', kind: 'organization' }],
  counts_by_category: { fraud: 2 },
  hit_count: 2,
  limitations: [],
  matcher_version: 'm-1',
  taxonomy_version: 't-1',
  error: null,
  created_at: new Date('2026-11-23T10:00:00.000Z'),
  started_at: new Date('2026-11-23T10:00:01.000Z'),
  completed_at: new Date('2026-11-23T10:00:02.000Z'),
};
const entity = {
  id: 42,
  entity_type: 'organization',
  display_name: 'ACME LTDA',
  normalized_name: 'acme',
  document: '12345678000195',
  document_type: 'cnpj',
  status: null,
  profile: {},
} satisfies EntityRow;
const hit: ScreeningHitRow = {
  position: 0,
  article_id: 'art-1',
  url: 'https://news.example.com/1',
  title: 'ACME fined',
  source: 'news',
  published_at: null,
  entity_id: '42' as unknown as number,
  matched_name: 'ACME LTDA',
  name_source: 'rf',
  match_type: 'exact',
  match_score: 1,
  matched_in: 'title',
  category: 'fraud',
  category_terms: ['fraude'],
  snippet: '… ACME …',
};

describe('presentScreening: the screening from its row, its entity and its hits', () => {
  it.each([
    ['a known entity', entity, { entity_id: 42, entity_type: 'organization', display_name: 'ACME LTDA', document: '12345678000195' }],
    ['an entity no longer in the store', undefined, { entity_id: 42, entity_type: 'unknown', display_name: '', document: null }],
  ])('the subject of %s', (_case, e, subject) => {
    expect(presentScreening(row, e, []).subject).toEqual(subject);
  });

  it('counts every category, zero when none', () => {
    const counts = presentScreening(row, entity, []).counts_by_category;
    expect(Object.keys(counts)).toEqual([...mediaCategories]);
    expect(counts).toMatchObject({ fraud: 2, sanctions: 0, other: 0 });
  });

  it('hits as the API shows them: the article nested, the entity id a number', () => {
    const [shown] = presentScreening(row, entity, [hit]).hits;
    expect(shown).toEqual({
      article: { id: 'art-1', url: 'https://news.example.com/1', title: 'ACME fined', source: 'news', published_at: null },
      entity_id: 42,
      matched_name: 'ACME LTDA',
      name_source: 'rf',
      match_type: 'exact',
      match_score: 1,
      matched_in: 'title',
      category: 'fraud',
      category_terms: ['fraude'],
      snippet: '… ACME …',
    });
  });

  it('names without a source show null, times as ISO strings', () => {
    const shown = presentScreening(row, entity, []);
    expect(shown.names).toEqual([{ entity_id: 42, name: 'ACME LTDA', kind: 'organization', source: null }]);
    expect([shown.as_of, shown.created_at, shown.completed_at]).toEqual([
      '2026-11-23T00:00:00.000Z',
      '2026-11-23T10:00:00.000Z',
      '2026-11-23T10:00:02.000Z',
    ]);
    expect(shown.versions).toEqual({ matcher_version: 'm-1', taxonomy_version: 't-1' });
  });
});

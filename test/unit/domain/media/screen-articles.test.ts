import { compareHits } from '../../../../domain/media/screen-article';
import {
  countByCategory,
  mediaCutoffOf,
  screenArticles,
  screenCandidates,
  snapshotMediaHitsOf,
} from '../../../../domain/media/screen-articles';
import { article, screeningNames } from './support/screening-fixtures';

describe('screening many articles', () => {
  const names = screeningNames();

  it('orders hits by score, newest, article id, entity id; counts distinct articles per category', () => {
    const hits = screenArticles(names, [
      article('b', 'x', 'Renato V. Braga, fraude', '2025-01-01T00:00:00.000Z'),
      article('a', 'x', 'Tupinambá Metais, fraude', '2024-01-01T00:00:00.000Z'),
      article('c', 'x', 'Tupinambá Metais e Renato Vasconcelos Braga, propina', '2025-06-01T00:00:00.000Z'),
    ]);
    expect(hits.map((h) => `${h.article_id}:${h.entity_id}`)).toEqual(['c:1', 'c:2', 'a:1', 'b:2']);
    expect([...hits].sort(compareHits)).toEqual(hits);
    expect(countByCategory(hits)).toEqual({
      sanctions: 0,
      organized_crime: 0,
      money_laundering: 0,
      corruption: 1,
      fraud: 2,
      tax_crimes: 0,
      environmental: 0,
      labour: 0,
      other: 0,
    });
  });
});

describe('screening the candidates the corpus found', () => {
  const names = screeningNames();
  const candidates = [
    { ...article('a', 'Tupinambá Metais, fraude', 'x', '2024-01-01T00:00:00.000Z'), id: 11 },
    { ...article('b', 'x', 'Renato V. Braga, fraude', '2025-01-01T00:00:00.000Z'), id: 12 },
    { ...article('z', 'nobody here', 'x'), id: 13 },
  ];

  it.each([
    ['complete', false],
    ['truncated', true],
  ])("the %s candidates give the matcher's hits with their row id and name source", (_, truncated) => {
    const run = screenCandidates(names, { articles: candidates, truncated });
    expect(run.candidates).toBe(3);
    expect(run.truncated).toBe(truncated);
    expect(run.hits.map((h) => [h.article_id, h.entity_id, h.media_article_id, h.name_source])).toEqual([
      ['a', 1, 11, 'trade_name'],
      ['b', 2, 12, 'partner'],
    ]);
    expect(run.hits.map(({ media_article_id: _id, name_source: _source, ...hit }) => hit)).toEqual(screenArticles(names, candidates));
  });

  it('the snapshot keeps the strongest `limit` hits, without what only a stored screening records', () => {
    const run = screenCandidates(names, { articles: candidates, truncated: false });
    expect(snapshotMediaHitsOf(run, 1)).toEqual([
      {
        article_id: 'a',
        url: 'https://x/a',
        title: 'Tupinambá Metais, fraude',
        source: 'X',
        published_at: '2024-01-01T00:00:00.000Z',
        entity_id: 1,
        matched_name: 'Tupinambá Metais',
        match_type: run.hits[0].match_type,
        match_score: run.hits[0].match_score,
        category: 'fraud',
        snippet: run.hits[0].snippet,
      },
    ]);
    expect(snapshotMediaHitsOf(run)).toHaveLength(2);
  });

  it.each([
    ['2025-03-31', '2025-03-31T23:59:59.999Z'],
    ['2025-03-31T10:00:00.000Z', '2025-03-31T10:00:00.000Z'],
  ])('as_of %s reads articles published up to %s', (asOf, cutoff) => expect(mediaCutoffOf(asOf).toISOString()).toBe(cutoff));
});

import { compareHits } from '../../../../domain/media/screen-article';
import { countByCategory, screenArticles } from '../../../../domain/media/screen-articles';
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
    expect(countByCategory(hits)).toEqual({ sanctions: 0, organized_crime: 0, money_laundering: 0, corruption: 1, fraud: 2, tax_crimes: 0, environmental: 0, labour: 0, other: 0 });
  });
});

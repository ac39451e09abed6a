import { screenArticle } from '../../../../domain/media/screen-article';
import { article, screeningNames } from './support/screening-fixtures';

describe('screening one article', () => {
  const names = screeningNames();

  it('gives one hit per entity, its best name, title first at equal score, classified once', () => {
    const hits = screenArticle(names, article('a1', 'Tupinambá Metais é alvo de operação', 'A Metalúrgica Tupinambá Limitada e Renato V. Braga são suspeitos de lavagem de dinheiro.'));
    expect(hits.map((h) => [h.entity_id, h.matched_name, h.match_type, h.match_score, h.matched_in, h.category])).toEqual([
      [1, 'Tupinambá Metais', 'exact_full_name', 100, 'title', 'money_laundering'],
      [2, 'Renato Vasconcelos Braga', 'initials', 90, 'body', 'money_laundering'],
    ]);
    expect(hits[1].snippet).toContain('«Renato V. Braga»');
  });

  it('reports nothing under the threshold', () => {
    expect(screenArticle(names, article('a2', 'Braga', 'Renato Braga Silva e a Tupinambá'))).toEqual([]);
  });
});

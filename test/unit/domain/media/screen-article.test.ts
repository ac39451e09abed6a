import { matchName } from '../../../../domain/media/match-name';
import { screenArticle } from '../../../../domain/media/screen-article';
import { article, screeningNames } from './support/screening-fixtures';

describe('screening one article', () => {
  const names = screeningNames();

  it('gives one hit per entity, its best name, title first at equal score, classified once', () => {
    const hits = screenArticle(
      names,
      article(
        'a1',
        'Tupinambá Metais é alvo de operação',
        'A Metalúrgica Tupinambá Limitada e Renato V. Braga são suspeitos de lavagem de dinheiro.',
      ),
    );
    expect(hits.map((h) => [h.entity_id, h.matched_name, h.match_type, h.match_score, h.matched_in, h.category])).toEqual([
      [1, 'Tupinambá Metais', 'exact_full_name', 100, 'title', 'money_laundering'],
      [2, 'Renato Vasconcelos Braga', 'initials', 90, 'body', 'money_laundering'],
    ]);
    expect(hits[1].snippet).toContain('«Renato V. Braga»');
  });

  it('matches every name on the words it shares with the others as it would alone', () => {
    const screened = article(
      'a3',
      'Braga, Renato Vasconcelos e Tupinambá Metais',
      'Renato V. Braga, sócio da Metalúrgica Tupinambá Limitada, e a Tupinambá Metais S.A. foram citados.',
    );
    const hits = screenArticle(names, screened);
    expect(hits.length).toBeGreaterThan(0);
    for (const hit of hits) {
      const name = names.find((n) => n.entity_id === hit.entity_id && n.name === hit.matched_name)!;
      const alone = matchName(name.profile, hit.matched_in === 'title' ? screened.title : screened.body);
      expect([hit.match_type, hit.match_score]).toEqual([alone?.match_type, alone?.score]);
    }
  });

  it('reports nothing under the threshold', () => {
    expect(screenArticle(names, article('a2', 'Braga', 'Renato Braga Silva e a Tupinambá'))).toEqual([]);
  });
});

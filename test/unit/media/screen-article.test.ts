import { buildSnippet } from '../../../domain/media/build-snippet';
import { buildNameProfile } from '../../../domain/media/name-profile';
import { compareHits, prepareNames, screenArticle } from '../../../domain/media/screen-article';
import { countByCategory, screenArticles } from '../../../domain/media/screen-articles';
import { relationOf, screeningNamesOf } from '../../../domain/media/screening-names';
import { searchTermsFor } from '../../../domain/media/search-terms';

const article = (id: string, title: string, body: string, published_at = '2025-01-01T00:00:00.000Z') => ({ article_id: id, url: `https://x/${id}`, title, source: 'X', published_at, body });

describe('snippets', () => {
  it.each([
    ['short text, whole', 'Renato Braga foi preso.', 0, 12, '«Renato Braga» foi preso.'],
    ['cut at word boundaries with ellipses', `${'palavra '.repeat(30)}Renato Braga${' depois'.repeat(30)}`, 240, 252, '…palavra palavra'],
    ['whitespace collapsed', 'A\n\nRenato   Braga\tfoi', 3, 17, 'A «Renato Braga» foi'],
  ])('%s', (_why, text, start, end, expected) => {
    const snippet = buildSnippet(text, start, end);
    if (expected.startsWith('…')) {
      expect(snippet.startsWith('…palavra')).toBe(true);
      expect(snippet.endsWith('depois…')).toBe(true);
      expect(snippet).toContain('«Renato Braga»');
      expect(snippet.length).toBeLessThan(220);
    } else expect(snippet).toBe(expected);
  });
});

describe('screening one article', () => {
  const names = prepareNames([
    { entity_id: 2, name: 'Renato Vasconcelos Braga', kind: 'person', source: 'partner' },
    { entity_id: 1, name: 'Metalúrgica Tupinambá Ltda', kind: 'organization', source: 'display_name' },
    { entity_id: 1, name: 'Tupinambá Metais', kind: 'organization', source: 'trade_name' },
  ]);

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

describe('names to screen and their full-text terms', () => {
  it('takes display, legal and trade names once each; persons only their display name', () => {
    expect(screeningNamesOf({ entity_id: 5, entity_type: 'organization', display_name: 'ACME METAIS', profile: { legal_name: 'Acme Metais Ltda', trade_name: 'Acme  Metais', title: 'ACME' } })).toEqual([
      { entity_id: 5, name: 'ACME METAIS', kind: 'organization', source: 'display_name' },
      { entity_id: 5, name: 'Acme Metais Ltda', kind: 'organization', source: 'legal_name' },
      { entity_id: 5, name: 'ACME', kind: 'organization', source: 'trade_name' },
    ]);
    expect(screeningNamesOf({ entity_id: 6, entity_type: 'person', display_name: 'Ana Lima', profile: { legal_name: 'x' } }, 'partner')).toEqual([{ entity_id: 6, name: 'Ana Lima', kind: 'person', source: 'partner' }]);
  });

  it.each([
    ['PARTNER_OF', 'Sócio-Administrador', 'administrator'],
    ['PARTNER_OF', 'Sócio', 'partner'],
    ['ADMINISTERS', null, 'administrator'],
    ['OWNS', null, 'partner'],
  ])('%s / %s → %s', (type, role, expected) => expect(relationOf(type, role)).toBe(expected));

  it.each([
    ['Maria Aparecida da Silva', 'person', ['MARIA', 'SILVA']],
    ['Renato', 'person', ['RENATO']],
    ['Construtora Andrade Gutierrez S.A.', 'organization', ['ANDRADE', 'GUTIERREZ']],
    ['Brasil Comércio e Serviços Ltda', 'organization', ['BRASIL', 'COMERCIO', 'SERVICOS']],
    ['Ltda', 'organization', []],
  ] as const)('%s → %j', (name, kind, terms) => expect(searchTermsFor(buildNameProfile(name, kind))).toEqual(terms));
});

import { buildNameProfile } from '../../../../domain/media/name-profile';
import { searchQueriesOf, searchQueryOf, searchTermsFor } from '../../../../domain/media/search-terms';

describe('full-text search terms', () => {
  it.each([
    ['Maria Aparecida da Silva', 'person', ['MARIA', 'SILVA']],
    ['Renato', 'person', ['RENATO']],
    ['Construtora Andrade Gutierrez S.A.', 'organization', ['ANDRADE', 'GUTIERREZ']],
    ['Brasil Comércio e Serviços Ltda', 'organization', ['BRASIL', 'COMERCIO', 'SERVICOS']],
    ['Ltda', 'organization', []],
  ] as const)('%s → %j', (name, kind, terms) => expect(searchTermsFor(buildNameProfile(name, kind))).toEqual(terms));
});

describe('full-text queries', () => {
  it.each([
    [['Maria Aparecida da Silva'], ['maria silva']],
    [
      ['Renato', 'Maria Silva', 'Maria da Silva', 'Ltda'],
      ['maria silva', 'renato'],
    ],
    [['Ltda'], []],
  ] as const)('%j → %j (distinct, sorted, none empty)', (names, queries) => {
    const profiles = names.map((n) => buildNameProfile(n, n === 'Ltda' ? 'organization' : 'person'));
    expect(searchQueriesOf(profiles)).toEqual(queries);
    for (const p of profiles) expect(searchQueryOf(p)).toBe(searchTermsFor(p).join(' ').toLowerCase());
  });
});

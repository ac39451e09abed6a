import { buildNameProfile } from '../../../../domain/media/name-profile';
import { searchTermsFor } from '../../../../domain/media/search-terms';

describe('full-text search terms', () => {
  it.each([
    ['Maria Aparecida da Silva', 'person', ['MARIA', 'SILVA']],
    ['Renato', 'person', ['RENATO']],
    ['Construtora Andrade Gutierrez S.A.', 'organization', ['ANDRADE', 'GUTIERREZ']],
    ['Brasil Comércio e Serviços Ltda', 'organization', ['BRASIL', 'COMERCIO', 'SERVICOS']],
    ['Ltda', 'organization', []],
  ] as const)('%s → %j', (name, kind, terms) => expect(searchTermsFor(buildNameProfile(name, kind))).toEqual(terms));
});

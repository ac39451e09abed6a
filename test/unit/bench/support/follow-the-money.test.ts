import { entryEntity, queryEntity, referencePairOf } from '../../../../bench/support/follow-the-money';
import type { WatchlistEntry } from '../../../../domain/watchlists/watchlist-entry';

const entry: WatchlistEntry = {
  list: 'un',
  entry_id: 'QDi.1',
  schema: 'person',
  names: [
    { name: 'Ivan Petrov', quality: 'primary' },
    { name: 'Иван Петров', quality: 'strong' },
    { name: 'Vanya', quality: 'weak' },
  ],
  birth_dates: ['1960-01-02', '1961'],
  nationalities: ['RU'],
  documents: [{ type: 'Passport', number: 'AB 123', country: 'RU' }],
  programs: ['QDi'],
  listed_on: null,
};

describe("the reference matcher's entities", () => {
  it.each([
    ['a bare person', { schema: 'person' as const, name: 'Ivan' }, { schema: 'Person', properties: { name: ['Ivan'] } }],
    [
      'a person with everything',
      { schema: 'person' as const, name: 'Ivan', aliases: ['Vanya'], birth_date: '1960', nationality: 'RU', document: 'AB123' },
      { schema: 'Person', properties: { name: ['Ivan'], alias: ['Vanya'], birthDate: ['1960'], nationality: ['ru'], idNumber: ['AB123'] } },
    ],
    [
      'an organization: its country, not a nationality',
      { schema: 'organization' as const, name: 'Acme', nationality: 'BR' },
      { schema: 'Organization', properties: { name: ['Acme'], country: ['br'] } },
    ],
  ])('query: %s', (_label, query, expected) => {
    expect(queryEntity('q-1', query)).toEqual({ id: 'q-1', ...expected });
  });

  it("writes an entry's names by quality and its other features", () => {
    expect(entryEntity(entry)).toEqual({
      id: 'un-QDi.1',
      schema: 'Person',
      properties: {
        name: ['Ivan Petrov'],
        alias: ['Иван Петров'],
        weakAlias: ['Vanya'],
        birthDate: ['1960-01-02', '1961'],
        nationality: ['ru'],
        idNumber: ['AB 123'],
      },
    });
  });

  it('pairs the query and the entry under the pair id', () => {
    const pair = referencePairOf('7', { schema: 'person', name: 'Ivan' }, entry);
    expect([pair.id, pair.query.id, pair.candidate.id]).toEqual(['7', 'q-7', 'un-QDi.1']);
  });
});

import { candidateQueryOf, candidateRetrieval } from '../../../../domain/watchlists/candidate-query';
import type { WatchlistSchema } from '../../../../domain/watchlists/watchlist-entry';

describe('candidateQueryOf', () => {
  it.each([
    ['one word: strong on that word', 'person', ['Bokazim'], ['bokazim'], [['s:bkzm']], 1],
    [
      'two words: strong only on both',
      'person',
      ['Mohammed Ali'],
      ['ali mohammed'],
      [
        ['s:l', 'v:ali'],
        ['s:mhmd', 'v:muhammad'],
      ],
      2,
    ],
    [
      'three words: strong on two (one may be spelled past its keys)',
      'person',
      ['Yusuf Hassan Bokazim'],
      ['bokazim hassan yusuf'],
      [['s:bkzm'], ['s:hsn', 'v:hasan'], ['s:sf', 'v:yusuf']],
      2,
    ],
    [
      'four words: strong on three',
      'person',
      ['Ivan Sergeyevich Petrov Bokazim'],
      ['bokazim ivan petrov sergeyevich'],
      [['s:bkzm'], ['s:ptrv'], ['s:srgvc'], ['s:vn']],
      3,
    ],
    [
      'aliases: words of every name once, strong by the widest name',
      'person',
      ['Mohammed Ali Hassan', 'Muhammad al-Hasan'],
      ['ali hassan mohammed', 'hasan muhammad'],
      [
        ['s:hsn', 'v:hasan'],
        ['s:l', 'v:ali'],
        ['s:mhmd', 'v:muhammad'],
      ],
      2,
    ],
    [
      'only legal forms and generic words: the whole name is its one word, an empty full key left out',
      'organization',
      ['Global Trading Corp', 'LTDA'],
      ['global trading'],
      [['n:global trading']],
      1,
    ],
    ['nothing comparable', 'person', ['Mr.'], [], [], 1],
  ] as const)('%s: %j', (_label, schema: WatchlistSchema, names, fullKeys, words, strongWords) => {
    expect(candidateQueryOf(schema, names)).toEqual({ schema, fullKeys, words, strongWords });
  });

  it('cuts each road at 50 entries and fetches a word alone only below a few hundred names', () => {
    expect(candidateRetrieval).toEqual({ perRoad: 50, rareWordNames: 300, rarestWords: 4 });
    expect(Object.isFrozen(candidateRetrieval)).toBe(true);
  });
});

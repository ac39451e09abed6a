import { candidateKeysOf } from '../../../../domain/watchlists/candidate-keys';
import type { WatchlistSchema } from '../../../../domain/watchlists/watchlist-entry';

describe('candidateKeysOf', () => {
  it.each([
    ['Usama bin Laden', 'person', 'laden usama', ['s:ldn', 's:sm', 'v:usama'], [['s:ldn'], ['s:sm', 'v:usama']]],
    [
      'Mohammed Ali',
      'person',
      'ali mohammed',
      ['s:l', 's:mhmd', 'v:ali', 'v:muhammad'],
      [
        ['s:l', 'v:ali'],
        ['s:mhmd', 'v:muhammad'],
      ],
    ],
    ['محمد علي', 'person', 'ly mhmd', ['s:l', 's:mhmd'], [['s:l'], ['s:mhmd']]],
    ['Global Trading Corp', 'organization', 'global trading', ['n:global trading'], [['n:global trading']]],
    ['TRADING GLOBAL, L.L.C.', 'organization', 'global trading', ['n:global trading'], [['n:global trading']]],
    ['Global Trading Limited Liability Company', 'organization', 'global trading', ['n:global trading'], [['n:global trading']]],
    ['J. K. Q. Ltd', 'organization', 'j k q', ['n:j k q'], [['n:j k q']]],
    ['ACME Global Trading S.A.', 'organization', 'acme global trading', ['s:km'], [['s:km']]],
    ['J. Smith', 'person', 'j smith', ['s:smt'], [['s:smt']]],
    ['J. K.', 'person', 'j k', ['n:j k'], [['n:j k']]],
    ['Smith John Smith', 'person', 'john smith smith', ['s:jhn', 's:smt'], [['s:jhn'], ['s:smt']]],
  ] as const)('%j (%s) → %j %j, by word %j', (name, schema: WatchlistSchema, fullKey, tokenKeys, wordKeys) => {
    expect(candidateKeysOf(name, schema)).toEqual({ fullKey, tokenKeys, wordKeys });
  });

  it.each([
    ['Mohammed Hussein', 'محمد حسين'],
    ['Aleksandr Ivanov', 'Александр Иванов'],
    ['Abdurrahman Yusuf', 'Abd al-Rahman Youssef'],
  ])('%j and %j share a token key (the scorer would agree, so retrieval must fetch)', (a, b) => {
    const [ka, kb] = [candidateKeysOf(a, 'person').tokenKeys, candidateKeysOf(b, 'person').tokenKeys];
    expect(ka.filter((k) => kb.includes(k)).length).toBeGreaterThan(0);
  });
});

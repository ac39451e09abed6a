import { compareNames, compareTokens } from '../../../../domain/watchlists/compare-names';
import { normalizeWatchlistName } from '../../../../domain/watchlists/normalize-name';
import type { WatchlistSchema } from '../../../../domain/watchlists/watchlist-entry';

const compare = (a: string, b: string, schema: WatchlistSchema = 'person') =>
  compareNames(normalizeWatchlistName(a, schema), normalizeWatchlistName(b, schema));
const token = (text: string, consonantal = false) => ({ text, kind: 'name' as const, consonantal });

describe('compareTokens', () => {
  it.each([
    ['ali', 'ali', false, 1, 'exact'],
    ['mohammed', 'muhammad', false, 0.95, 'spelling_variant'],
    ['husayn', 'hussayn', false, 0.9667, 'similar_spelling'],
    ['mhmd', 'muhammad', true, 0.92, 'transliteration'],
    ['j', 'john', false, 0.8, 'initial'],
    ['k', 'john', false, 0, 'initial'],
    ['rahmatullah', 'rahmatulla', false, 0.9818, 'similar_spelling'],
    ['alrawi', 'rawi', false, 1, 'joined'],
    ['iwanow', 'ivanov', false, 0.95, 'transliteration'],
    ['mikhailovich', 'mikhail', false, 0.79, 'similar_spelling'],
    ['ruiz', 'cruz', false, 0.79, 'similar_spelling'],
  ] as const)('%s vs %s (Arabic script: %s) → %d %s', (a, b, consonantal, similarity, reason) => {
    const result = compareTokens(token(a, consonantal), token(b));
    expect(result.similarity).toBeCloseTo(similarity, 4);
    expect(result.reason).toBe(reason);
  });
});

describe('compareNames', () => {
  it.each([
    // order, variants, transliteration
    ['Mohammed Ali Hassan', 'Hasan, Muhammad Ali', 'person', 0.9667, []],
    ['محمد علي حسن', 'Muhammad Ali Hasan', 'person', 0.92, []],
    ['Сергей Иванов', 'Sergei Ivanov', 'person', 0.975, []],
    // missing middle names and second surnames cost a little
    ['Juan Perez', 'Juan Carlos Pérez González', 'person', 0.86, []],
    ['Maria Silva', 'Maria Fernanda Silva', 'person', 0.93, []],
    // joined words
    ['Xi Jinping', 'Xi Jin-ping', 'person', 1, []],
    // one shared word is not a name agreement
    ['Ivan Petrov', 'Ivan Sokolov', 'person', 0.43, ['one_word_agrees']],
    ['Ivan Petrov', 'Sergei Petrov', 'person', 0.43, ['one_word_agrees']],
    ['Mohammed', 'Mohammed Ali Khan', 'person', 0.5, ['one_word_agrees']],
    ['Ahmed Hassan Ali', 'Ahmed Hassan Omar', 'person', 0.5967, []],
    // organizations: legal forms and generic words
    ['CORP', 'Acme Corp', 'organization', 0, ['no_distinctive_word']],
    // a name of common words only names its company by all of its words; legal forms neither block nor carry
    ['Global Trading Corp', 'Global Trading Ltd', 'organization', 1, []],
    ['GLOBAL TRADING LLC', 'Trading Global, Ltd.', 'organization', 1, []],
    ['Global Trading S.A.', 'GLOBAL TRADING LLC', 'organization', 0.95, ['legal_form_differs']],
    ['Global Trading', 'Global Trading GmbH', 'organization', 1, []],
    ['Global Trading LLC', 'Global Shipping LLC', 'organization', 0.3, ['only_generic_words_agree']],
    ['Global Trading', 'Global Trading Group', 'organization', 0.3, ['only_generic_words_agree']],
    ['Global Trading Corp', 'Acme Global Trading Corp', 'organization', 0, ['no_distinctive_word']],
    ['Marine Services', 'Energy Resources', 'organization', 0, ['no_distinctive_word']],
    // legal forms of several words (OpenSanctions' org types)
    ['Acme Limited Liability Company', 'ACME LLC', 'organization', 1, []],
    ['Acme Sociedade Anônima', 'Acme S/A', 'organization', 1, []],
    ['Zenith Pty Ltd', 'Zenith Proprietary Limited', 'organization', 1, []],
    ['Общество с ограниченной ответственностью «Ромашка»', 'OOO Romashka', 'organization', 1, []],
    ['Alpha Global Trading Corp', 'Beta Global Trading Ltd', 'organization', 0.2633, ['only_generic_words_agree']],
    ['Alpha Global Trading S.A.', 'Beta Global Trading Ltd', 'organization', 0.2133, ['only_generic_words_agree', 'legal_form_differs']],
    ['Acme Trading LLC', 'ACME TRADING S.A.', 'organization', 0.95, ['legal_form_differs']],
    ['Acme Trading LLC', 'Acme Trading Limited', 'organization', 1, []],
    ['Acme Trading', 'ACME TRADING S.A.', 'organization', 1, []],
    ['АО «Нефтегаз»', 'JSC NEFTEGAZ', 'organization', 1, []],
    ['Boris Mikhailovitch Orloff', 'Mikhail Borisovich Orlov', 'person', 0.1767, ['one_word_agrees']],
  ] as const)('%j vs %j (%s) → %d %j', (a, b, schema, score, limits) => {
    const result = compare(a, b, schema);
    expect(result.score).toBeCloseTo(score, 4);
    expect(result.limits).toEqual(limits);
  });

  it('names the agreeing pairs and why', () => {
    expect(compare('Xi Jinping', 'Xi Jin-ping').agreements).toEqual([
      { query: 'xi', entry: 'xi', similarity: 1, reason: 'exact' },
      { query: 'jinping', entry: 'jinping', similarity: 1, reason: 'joined' },
    ]);
    expect(compare('Abu Bakr al-Baghdadi', 'Abubakar Al-Baghdadi').agreements).toEqual([
      { query: 'baghdadi', entry: 'baghdadi', similarity: 1, reason: 'exact' },
      { query: 'bakr', entry: 'abubakar', similarity: 0.9, reason: 'spelling_variant' },
    ]);
  });

  it('is symmetric in score for the examples above', () => {
    for (const [a, b] of [
      ['Juan Perez', 'Juan Carlos Pérez González'],
      ['Xi Jinping', 'Xi Jin-ping'],
      ['Ivan Petrov', 'Ivan Sokolov'],
    ]) {
      expect(compare(a, b).score).toBeCloseTo(compare(b, a).score, 4);
    }
  });
});

import { variantKey, nameSkeleton } from './name-variants';
import { comparableTokens, normalizeWatchlistName } from './normalize-name';
import type { WatchlistSchema } from './watchlist-entry';

/**
 * The keys a store indexes to fetch a query's candidates, computed by the same normalization
 * the scorer uses so that retrieval and scoring agree on what a name is:
 *
 * - `fullKey`: the comparable words (no legal forms, particles or titles) sorted and joined by
 *   one space — for a trigram similarity index (order-free: "Bin Laden Usama" and "Usama bin
 *   Ladin" share most trigrams).
 * - `tokenKeys`: per distinctive word, its consonant skeleton (`s:mhmd`) and, when the word
 *   belongs to a spelling-variant group, the group (`v:muhammad`) — for an inverted (array or
 *   GIN) index. A query's candidates are the entries sharing at least one token key, or whose
 *   full key is trigram-similar; the scorer then ranks them.
 *
 * - `wordKeys`: the same token keys grouped by the word they come from (one word, one group; a
 *   repeated word once) — retrieval 1.1 asks for names sharing keys of two words at once
 *   (candidate-query.ts).
 *
 * Generic business words and one-letter initials give no token key: "TRADING" or "J" would
 * fetch a large part of any list and decide nothing. A name left with no token key at all — made
 * only of such words — has one key of its whole: `n:` and its full key ("n:global trading"), so
 * that its own words, in any order and with any legal form, fetch it (docs/watchlists.md, "Candidates").
 */
export type CandidateKeys = { fullKey: string; tokenKeys: string[]; wordKeys: string[][] };

export function candidateKeysOf(name: string, schema: WatchlistSchema): CandidateKeys {
  const tokens = comparableTokens(normalizeWatchlistName(name, schema));
  const fullKey = tokens
    .map((t) => t.text)
    .sort()
    .join(' ');
  const keys = new Set<string>();
  const words = new Map<string, string[]>();
  for (const token of tokens) {
    if (token.kind !== 'name' || token.text.length < 2) continue;
    const own: string[] = [];
    const skeleton = nameSkeleton(token.text);
    if (skeleton.length > 0) own.push(`s:${skeleton}`);
    const variant = token.consonantal ? null : variantKey(token.text);
    if (variant) own.push(`v:${variant}`);
    own.sort();
    for (const key of own) keys.add(key);
    if (own.length > 0) words.set(own.join(' '), own);
  }
  // A name without a distinctive word ("GLOBAL TRADING LLC", "A. B. C.") is keyed by the whole of
  // it: its exact self (legal forms aside) must reach it, and only names of the same words share the key.
  if (keys.size === 0 && fullKey !== '') {
    const whole = `n:${fullKey}`;
    keys.add(whole);
    words.set(whole, [whole]);
  }
  return {
    fullKey,
    tokenKeys: [...keys].sort(),
    wordKeys: [...words.values()].sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : a.length - b.length)),
  };
}

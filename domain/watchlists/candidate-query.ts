import { candidateKeysOf } from './candidate-keys';
import type { WatchlistSchema } from './watchlist-entry';

/**
 * What the store is asked for one screening query (retrieval of matcher 1.1, docs/watchlists.md
 * "Candidates"): the full keys of its names (the trigram road), its distinctive words each with
 * its token keys (the token road), and how many of those words a fetched name must share for the
 * token road to count as strong — then the trigram road is not run for that query.
 *
 * Why "strong" is W − 1 words (at least 2) for a name of W distinctive words: the scorer caps a
 * name agreeing on one distinctive word at 0.5 (§4), so a match shares two words or more, and one
 * word may be spelled so that its keys differ (it is then the trigram road's job, run whenever
 * no candidate reaches the mark). A one-word name is strong on its word.
 */
export type CandidateQuery = { schema: WatchlistSchema; fullKeys: string[]; words: string[][]; strongWords: number };

/** How the store cuts the roads (the numbers are measured in docs/watchlists.md, "Throughput"). */
export const candidateRetrieval = Object.freeze({
  /** At most this many entries per road and query (recall stays at 99 % with 50 against 200). */
  perRoad: 50,
  /** A word whose keys are shared by more names than this is never fetched alone, only paired with another word. */
  rareWordNames: 300,
  /** Only the query's rarest words are fetched: alone (when rare) and in pairs. */
  rarestWords: 4,
});

export function candidateQueryOf(schema: WatchlistSchema, names: readonly string[]): CandidateQuery {
  const keys = names.map((n) => candidateKeysOf(n, schema));
  const fullKeys = [...new Set(keys.map((k) => k.fullKey).filter((k) => k !== ''))];
  const words = new Map<string, string[]>();
  for (const k of keys) for (const word of k.wordKeys) words.set(word.join(' '), word);
  const widest = Math.max(0, ...keys.map((k) => k.wordKeys.length));
  const strongWords = widest <= 1 ? 1 : Math.max(2, widest - 1);
  return { schema, fullKeys, words: [...words.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, w]) => w), strongWords };
}

import type { MatcherAlgorithm } from './watchlist-entry';

/**
 * The name matcher's identity, recorded beside every result and in every analysis' evidence.
 * Bump rule (semver): major — a score's meaning changes (threshold semantics, features added or
 * removed); minor — any change that can change a score or a `match` flag for some input (a
 * weight, a word list, a transliteration table, a variant group); patch — changes that leave
 * every score equal (refactoring, explanations' wording is a minor: clients may read it).
 * The candidate retrieval is part of the version: it decides which entries are scored at all.
 * 1.1.0 — retrieval by word rarity, at most 50 entries per road, the trigram road only when the
 * words found no strong candidate (docs/watchlists.md, "Candidates").
 * 1.2.0 — every listed name findable by itself: a name of common words only agrees with the same
 * words and is keyed by its whole (`n:`); legal forms from OpenSanctions' org types, of one or
 * more words (legal-forms.ts). Names imported before are re-keyed by migration
 * 20261128140000_watchlist_whole_name_keys.
 */
export const matcherAlgorithm: MatcherAlgorithm = Object.freeze({ name: 'era-name-matcher', version: '1.2.0' });

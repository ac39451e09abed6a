import type { MatcherAlgorithm } from './watchlist-entry';

/**
 * The name matcher's identity, recorded beside every result and in every analysis' evidence.
 * Bump rule (semver): major — a score's meaning changes (threshold semantics, features added or
 * removed); minor — any change that can change a score or a `match` flag for some input (a
 * weight, a word list, a transliteration table, a variant group); patch — changes that leave
 * every score equal (refactoring, explanations' wording is a minor: clients may read it).
 */
export const matcherAlgorithm: MatcherAlgorithm = Object.freeze({ name: 'era-name-matcher', version: '1.0.0' });

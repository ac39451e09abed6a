/**
 * The stored search keys of a watchlist name until the matcher's own normalizer and candidate
 * keys (domain/watchlists/normalize-name.ts, candidate-keys.ts, built beside this file) replace
 * them: a normalized name for trigram similarity, and token keys for exact-token retrieval.
 * Retrieval only: the scorer compares names itself, so these keys need only be generous
 * enough that a true match is among the candidates.
 */

/** Legal-form words: they never select a candidate on their own. */
const legalForms = new Set(['LTDA', 'SA', 'S', 'A', 'EIRELI', 'ME', 'EPP', 'LLC', 'LTD', 'INC', 'CORP', 'CO', 'PLC', 'GMBH', 'AG', 'JSC', 'OOO', 'PJSC', 'LLP', 'LP', 'COMPANY', 'LIMITED', 'CORPORATION']);

/** "Muḥammad  al-Ḥasan" → "MUHAMMAD AL HASAN": accents folded, upper case, punctuation to spaces. */
export function normalizeWatchlistName(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toUpperCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim()
    .replace(/\s+/g, ' ');
}

/**
 * A token's consonant skeleton: first letter, then the consonants without repeats, so that
 * spelling variants share a key (MOHAMMED, MUHAMMAD, MOHAMED → MHMD).
 */
export function tokenSkeleton(token: string): string {
  const first = token[0];
  const rest = token.slice(1).replace(/[AEIOUYW]/g, '').replace(/(.)\1+/g, '$1');
  return `${first}${first === rest[0] ? rest.slice(1) : rest}`;
}

/** The token keys of a normalized name: each token of two or more characters and its skeleton, legal forms left out. */
export function watchlistNameTokens(normalized: string): string[] {
  const keys = new Set<string>();
  for (const token of normalized.split(' ')) {
    if (token.length < 2 || legalForms.has(token)) continue;
    keys.add(token);
    if (/^[A-Z]{3,}$/.test(token)) keys.add(`~${tokenSkeleton(token)}`);
  }
  return [...keys].sort();
}

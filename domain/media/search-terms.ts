import type { NameProfile } from './name-profile';

/**
 * The words a candidate article must contain (all of them) for the full-text prefilter. Kept
 * loose on purpose — the scorer decides — but never looser than the scorer could accept:
 * persons need their first and last words (middle names may be omitted or abbreviated);
 * organizations their distinctive words, or all their core words when every one is generic.
 * Empty → the name cannot match anything and is not searched.
 */
export function searchTermsFor(profile: NameProfile): string[] {
  const { core, distinctive } = profile;
  if (core.length === 0) return [];
  if (profile.kind === 'person') return core.length === 1 ? core : [...new Set([core[0], core[core.length - 1]])];
  // Company forms are left out: the corpus spells them too many ways (Ltda., Limitada, S/A).
  return [...new Set(distinctive.length > 0 ? distinctive : core)];
}

/** The full-text query of one name: its search terms as one lower-case phrase ('' when it cannot match). */
export function searchQueryOf(profile: NameProfile): string {
  return searchTermsFor(profile).join(' ').toLowerCase();
}

/** The distinct, non-empty queries of several names, sorted (one statement, the same text for the same names). */
export function searchQueriesOf(profiles: NameProfile[]): string[] {
  return [...new Set(profiles.map(searchQueryOf).filter(Boolean))].sort();
}

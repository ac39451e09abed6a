/** How a name was found in an article; the API shows it beside each hit. */
export type MatchType =
  | 'exact_full_name'
  | 'initials'
  | 'middle_names_omitted'
  | 'reordered_tokens'
  | 'name_without_legal_form'
  | 'distinctive_tokens'
  | 'legal_form_differs'
  | 'single_distinctive_token'
  | 'single_token';

/** A name found in a text: its score (integer 0-100) and character range in that text. */
export type NameMatch = { match_type: MatchType; score: number; start: number; end: number };

/** Better score first, then the earlier place in the text: the one order used everywhere. */
export function isBetterMatch(a: NameMatch, b: NameMatch | null): boolean {
  if (!b) return true;
  return a.score > b.score || (a.score === b.score && a.start < b.start);
}

export function clampScore(score: number): number {
  return Math.max(0, Math.min(100, Math.round(score)));
}

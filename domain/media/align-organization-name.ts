import { commonSurnames, companyFormFamily } from './name-vocabulary';
import type { NameProfile } from './name-profile';
import { clampScore, isBetterMatch, MatchType, NameMatch } from './match-types';
import { ContentToken, findReordered, findSequence } from './token-sequence';
import type { TextToken } from './tokenize-text';

/** Points taken when the name's distinctive words are only common surnames (SILVA & SANTOS LTDA). */
const SURNAME_FIRM_PENALTY = 30;

function familyOf(forms: string[]): Set<string> {
  return new Set(forms.map((f) => companyFormFamily[f]).filter(Boolean));
}

/** A company form right beside the match that belongs to another family (S.A. for a LTDA). */
function hasConflictingForm(profile: NameProfile, tokens: TextToken[], from: ContentToken, to: ContentToken): boolean {
  const own = familyOf(profile.forms);
  if (own.size === 0) return false;
  const beside = [tokens[to.index + 1], tokens[to.index + 2], tokens[from.index - 1]].filter(Boolean).map((t) => companyFormFamily[t.word]);
  return beside.some((family) => family !== undefined && !own.has(family));
}

/**
 * Organizations: the full name (company form included) is best; without the form it is nearly
 * as good; the distinctive words alone (generic words like COMERCIO dropped) only when there are
 * at least two of them. A name made only of generic words matches only in full, with its form.
 */
export function alignOrganizationName(profile: NameProfile, text: string, tokens: TextToken[], content: ContentToken[]): NameMatch | null {
  const { words, core, distinctive } = profile;
  if (core.length === 0) return null;
  let best: NameMatch | null = null;
  const surnameFirm = distinctive.length > 0 && distinctive.every((w) => commonSurnames.has(w));
  const consider = (type: MatchType, score: number, at: number, length: number) => {
    const match = { match_type: type, score: clampScore(score), start: content[at].start, end: content[at + length - 1].end };
    if (isBetterMatch(match, best)) best = match;
  };

  // A name of generic words only (BRASIL COMERCIO LTDA) is specific only with its form, and less so.
  const fullScore = distinctive.length > 0 ? 100 : profile.forms.length > 0 ? 85 : 60;
  const oneWord = words.length === 1;
  const oneWordScore = distinctive.length === 1 ? singleTokenScore(words[0]) : 50;
  for (const at of findSequence(text, tokens, content, words))
    consider(oneWord ? 'single_token' : 'exact_full_name', oneWord ? oneWordScore : fullScore, at, words.length);
  if (distinctive.length === 0) return best;

  if (profile.forms.length > 0) {
    for (const at of findSequence(text, tokens, content, core)) {
      const conflicting = hasConflictingForm(profile, tokens, content[at], content[at + core.length - 1]);
      if (conflicting) consider('legal_form_differs', 55, at, core.length);
      else if (core.length === 1) consider('single_distinctive_token', 55, at, 1);
      else consider('name_without_legal_form', 92 - (surnameFirm ? SURNAME_FIRM_PENALTY : 0), at, core.length);
    }
  }
  if (distinctive.length < core.length) {
    const base = distinctive.length >= 2 ? 80 - (surnameFirm ? SURNAME_FIRM_PENALTY : 0) : 55;
    const type = distinctive.length >= 2 ? 'distinctive_tokens' : 'single_distinctive_token';
    for (const at of findSequence(text, tokens, content, distinctive)) consider(type, base, at, distinctive.length);
  }
  for (const at of findReordered(text, tokens, content, core))
    consider('reordered_tokens', 78 - (surnameFirm ? SURNAME_FIRM_PENALTY : 0), at, core.length);
  return best;
}

/** A one-word name ("PETROBRAS") is reportable only when long and not a common name. */
function singleTokenScore(word: string): number {
  return word.length >= 5 && !commonSurnames.has(word) ? 75 : 50;
}

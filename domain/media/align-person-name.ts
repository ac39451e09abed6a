import { generationalSuffixes, particles } from './name-vocabulary';
import type { NameProfile } from './name-profile';
import { clampScore, isBetterMatch, MatchType, NameMatch } from './match-types';
import { areJoined, ContentToken, findReordered } from './token-sequence';
import type { TextToken } from './tokenize-text';

/** Points taken when the matched words are all very common (MARIA SILVA): homonyms abound. */
const COMMON_NAME_PENALTY = 20;
/** Points taken when the text's name goes on with another capitalized word ("Maria Silva Costa"). */
const EXTENDED_NAME_PENALTY = 25;

type Alignment = { from: number; to: number; initials: number; skipped: number };

/**
 * Walks the text from an occurrence of the first given name, consuming the subject's words in
 * order: equal words, an initial for a middle name ("A." for APARECIDA), or omitted middle names.
 * Any other word in between ends the walk: "Maria Clara Lima" is not MARIA LIMA.
 */
function alignFrom(text: string, tokens: TextToken[], content: ContentToken[], i: number, words: string[]): Alignment | null {
  const n = words.length;
  let j = 1;
  let k = i + 1;
  let initials = 0;
  let skipped = 0;
  while (j < n && k < content.length && areJoined(text, tokens, content[k - 1], content[k])) {
    const word = content[k].word;
    if (word === words[j]) {
      j++;
    } else if (j < n - 1 && word.length === 1 && words[j].startsWith(word)) {
      initials++;
      j++;
    } else {
      const m = words.indexOf(word, j + 1);
      if (m < 0) return null;
      skipped += m - j;
      j = m + 1;
    }
    k++;
  }
  return j === n ? { from: i, to: k - 1, initials, skipped } : null;
}

/** A capitalized name word right before or after the match means a longer, other name. */
function isExtendedName(
  text: string,
  tokens: TextToken[],
  from: ContentToken,
  to: ContentToken,
): { extended: boolean; generational: boolean } {
  const isNameWord = (t: TextToken | undefined, gap: string) =>
    !!t && /^\s+$/.test(gap) && !particles.has(t.word) && /^\p{Lu}\p{Ll}/u.test(text.slice(t.start, t.end));
  const after = tokens[to.index + 1];
  const before = tokens[from.index - 1];
  const generational = !!after && generationalSuffixes.has(after.word) && /^\s+$/.test(text.slice(to.end, after.start));
  const beforeGap = before ? text.slice(before.end, from.start) : '';
  // The first word of a sentence is capitalized whatever it is.
  const beforeStartsSentence = !before || from.index === 1 || /[.!?:;]$/.test(text.slice(0, before.start).trimEnd());
  const extended =
    isNameWord(after, after ? text.slice(to.end, after.start) : '') || (!beforeStartsSentence && isNameWord(before, beforeGap));
  return { extended, generational };
}

export function alignPersonName(profile: NameProfile, text: string, tokens: TextToken[], content: ContentToken[]): NameMatch | null {
  const words = profile.core;
  if (words.length === 0) return null;
  let best: NameMatch | null = null;
  const consider = (type: MatchType, base: number, from: ContentToken, to: ContentToken) => {
    const { extended, generational } = isExtendedName(text, tokens, from, to);
    let score = base;
    if (profile.allCommon) score -= COMMON_NAME_PENALTY;
    if (extended) score -= EXTENDED_NAME_PENALTY;
    // "José Carlos Silva Filho" is the son of JOSE CARLOS SILVA, not him.
    if (generational && !profile.endsWithGenerationalSuffix) score -= 2 * EXTENDED_NAME_PENALTY;
    const match = { match_type: type, score: clampScore(score), start: from.start, end: to.end };
    if (isBetterMatch(match, best)) best = match;
  };
  if (words.length === 1) {
    content.forEach((t) => t.word === words[0] && consider('single_token', 50, t, t));
    return best;
  }
  for (let i = 0; i < content.length; i++) {
    if (content[i].word !== words[0]) continue;
    const a = alignFrom(text, tokens, content, i, words);
    if (!a) continue;
    if (a.skipped > 0) consider('middle_names_omitted', 88 - 6 * a.skipped - 2 * a.initials, content[a.from], content[a.to]);
    else if (a.initials > 0) consider('initials', 92 - 2 * a.initials, content[a.from], content[a.to]);
    else consider('exact_full_name', 100, content[a.from], content[a.to]);
  }
  for (const i of findReordered(text, tokens, content, words)) consider('reordered_tokens', 85, content[i], content[i + words.length - 1]);
  return best;
}

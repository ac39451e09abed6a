import { normalizeName } from '../names/normalize-name';
import { MediaCategory, mediaCategories, taxonomyTerms } from './media-taxonomy';

/** Terms in a title weigh more than in the body: headlines say what the story is about. */
const TITLE_WEIGHT = 2;

export type Classification = {
  category: MediaCategory;
  /** Weighted term hits per category (categories without hits omitted). */
  scores: Partial<Record<MediaCategory, number>>;
  /** The distinct terms found for the chosen category, in taxonomy order. */
  terms: string[];
};

/** A term's word: `FRAUD*` matches every word that starts with FRAUD, others match exactly. */
type CompiledWord = { text: string; prefix: boolean };
type CompiledTerm = { term: string; words: CompiledWord[] };
// Compiled once: the patterns are read for every word of every candidate article of an analysis.
const compiled: [MediaCategory, CompiledTerm[]][] = Object.entries(taxonomyTerms).map(([category, terms]) => [
  category as MediaCategory,
  terms.map((term) => ({
    term,
    words: term.split(' ').map((w) => (w.endsWith('*') ? { text: w.slice(0, -1), prefix: true } : { text: w, prefix: false })),
  })),
]);

function wordMatches(pattern: CompiledWord, word: string): boolean {
  return pattern.prefix ? word.startsWith(pattern.text) : word === pattern.text;
}

function countTerm(words: string[], term: CompiledTerm): number {
  let count = 0;
  const length = term.words.length;
  for (let i = 0; i + length <= words.length; i++) {
    let all = true;
    for (let j = 0; j < length && all; j++) all = wordMatches(term.words[j], words[i + j]);
    if (all) count++;
  }
  return count;
}

/**
 * The category of an article by weighted counts of taxonomy terms; ties go to the category that
 * comes first in `mediaCategories`; no term at all → `other`. Pure and deterministic.
 */
export function classifyArticle(title: string, body: string): Classification {
  const titleWords = normalizeName(title).split(' ');
  const bodyWords = normalizeName(body).split(' ');
  const scores: Partial<Record<MediaCategory, number>> = {};
  const termsFound: Partial<Record<MediaCategory, string[]>> = {};
  for (const [category, terms] of compiled) {
    let score = 0;
    for (const term of terms) {
      const hits = TITLE_WEIGHT * countTerm(titleWords, term) + countTerm(bodyWords, term);
      if (hits === 0) continue;
      score += hits;
      (termsFound[category] ??= []).push(term.term);
    }
    if (score > 0) scores[category] = score;
  }
  let category: MediaCategory = 'other';
  for (const candidate of mediaCategories) {
    if ((scores[candidate] ?? 0) > (scores[category] ?? 0)) category = candidate;
  }
  return { category, scores, terms: termsFound[category] ?? [] };
}

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

type CompiledTerm = { term: string; words: string[] };
const compiled: [MediaCategory, CompiledTerm[]][] = Object.entries(taxonomyTerms).map(([category, terms]) => [
  category as MediaCategory,
  terms.map((term) => ({ term, words: term.split(' ') })),
]);

function wordMatches(pattern: string, word: string): boolean {
  return pattern.endsWith('*') ? word.startsWith(pattern.slice(0, -1)) : word === pattern;
}

function countTerm(words: string[], term: CompiledTerm): number {
  let count = 0;
  for (let i = 0; i + term.words.length <= words.length; i++) {
    if (term.words.every((w, j) => wordMatches(w, words[i + j]))) count++;
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

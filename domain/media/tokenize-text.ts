import { normalizeName } from '../names/normalize-name';
import { companyFormAliases } from './name-vocabulary';

/** A word of a text, normalized like names are, with its place in the original string. */
export type TextToken = { word: string; start: number; end: number };

const wordPattern = /[\p{L}\p{N}&]+/gu;

/**
 * Splits a text into normalized words (normalizeName, then company forms canonicalized:
 * LIMITADA → LTDA, COMPANHIA → CIA) keeping the original offsets for snippets. "S.A.", "S/A" and
 * "S A" become one token SA: the punctuation of company forms varies more than their letters.
 */
export function tokenizeText(text: string): TextToken[] {
  const raw: TextToken[] = [];
  // Articles repeat their words: each distinct one is normalized once per text.
  const normalized = new Map<string, string>();
  for (const match of text.matchAll(wordPattern)) {
    let word = normalized.get(match[0]);
    if (word === undefined) {
      word = normalizeName(match[0]).replace(/ /g, '');
      normalized.set(match[0], word);
    }
    if (word) raw.push({ word, start: match.index, end: match.index + match[0].length });
  }
  const tokens: TextToken[] = [];
  for (let i = 0; i < raw.length; i++) {
    const current = raw[i];
    const next = raw[i + 1];
    if (
      current.word === 'S' &&
      next?.word === 'A' &&
      next.start - current.end <= 2 &&
      /^[\s./]*$/.test(text.slice(current.end, next.start))
    ) {
      tokens.push({ word: 'SA', start: current.start, end: next.end });
      i++;
      continue;
    }
    tokens.push({ word: companyFormAliases[current.word] ?? current.word, start: current.start, end: current.end });
  }
  return tokens;
}

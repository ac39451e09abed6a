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
  for (const match of text.matchAll(wordPattern)) {
    const word = normalizeName(match[0]).replace(/ /g, '');
    if (word) raw.push({ word, start: match.index, end: match.index + match[0].length });
  }
  const tokens: TextToken[] = [];
  for (let i = 0; i < raw.length; i++) {
    const current = raw[i];
    const next = raw[i + 1];
    if (current.word === 'S' && next?.word === 'A' && next.start - current.end <= 2 && /^[\s./]*$/.test(text.slice(current.end, next.start))) {
      tokens.push({ word: 'SA', start: current.start, end: next.end });
      i++;
      continue;
    }
    tokens.push({ ...current, word: companyFormAliases[current.word] ?? current.word });
  }
  return tokens;
}

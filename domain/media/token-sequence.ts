import { particles } from './name-vocabulary';
import type { TextToken } from './tokenize-text';

/** The words of a text that carry a name (joining particles removed), with their index in the full list. */
export type ContentToken = TextToken & { index: number };

export function contentTokens(tokens: TextToken[]): ContentToken[] {
  const out: ContentToken[] = [];
  for (let index = 0; index < tokens.length; index++) {
    const t = tokens[index];
    if (!particles.has(t.word)) out.push({ word: t.word, start: t.start, end: t.end, index });
  }
  return out;
}

/**
 * Whether two consecutive words of a text belong to one name: only spaces, hyphens or
 * apostrophes between them, a dot after an abbreviation or initial ("Cia.", "A."), and a comma
 * only when the caller allows it ("SILVA, José"). Particles in between are fine.
 */
export function areJoined(text: string, tokens: TextToken[], a: ContentToken, b: ContentToken, allowComma = false): boolean {
  for (let i = a.index; i < b.index; i++) {
    const gap = text.slice(tokens[i].end, tokens[i + 1].start);
    if (/^[\s\-'’/]*$/.test(gap)) continue;
    if (tokens[i].word.length <= 4 && /^[\s.\-/]*$/.test(gap)) continue;
    if (allowComma && i === a.index && /^\s*,\s*$/.test(gap)) continue;
    return false;
  }
  return true;
}

/** Start positions (in `content`) where `sequence` occurs as consecutive, joined words. */
export function findSequence(text: string, tokens: TextToken[], content: ContentToken[], sequence: string[]): number[] {
  const found: number[] = [];
  if (sequence.length === 0) return found;
  for (let i = 0; i + sequence.length <= content.length; i++) {
    let ok = true;
    for (let j = 0; j < sequence.length && ok; j++) {
      ok = content[i + j].word === sequence[j] && (j === 0 || areJoined(text, tokens, content[i + j - 1], content[i + j]));
    }
    if (ok) found.push(i);
  }
  return found;
}

/**
 * Start positions of windows of `words.length` joined words holding exactly the same words in
 * another order ("SILVA, José Carlos" for JOSE CARLOS SILVA).
 */
export function findReordered(text: string, tokens: TextToken[], content: ContentToken[], words: string[]): number[] {
  const found: number[] = [];
  const n = words.length;
  if (n < 2) return found;
  const wanted = [...words].sort().join(' ');
  const named = new Set(words);
  for (let i = 0; i + n <= content.length; i++) {
    // A window holding a word the name lacks is no reordering of it: rejected before any
    // allocation (an article body has thousands of windows, and screening reads up to a
    // thousand articles per analysis: docs/scaling.md, "What the curve shows").
    if (!windowWithin(content, i, n, named)) continue;
    const window = content.slice(i, i + n);
    if (window.map((t) => t.word).join(' ') === words.join(' ')) continue;
    if ([...window.map((t) => t.word)].sort().join(' ') !== wanted) continue;
    if (window.every((t, j) => j === 0 || areJoined(text, tokens, window[j - 1], t, true))) found.push(i);
  }
  return found;
}

function windowWithin(content: ContentToken[], from: number, length: number, words: ReadonlySet<string>): boolean {
  for (let j = from; j < from + length; j++) if (!words.has(content[j].word)) return false;
  return true;
}

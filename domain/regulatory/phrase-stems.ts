/**
 * How a code table's description confirms a meaning's phrase (docs/regulatory-manifest.md,
 * "Siscoaf code tables"): accents, case, punctuation, word order and the Portuguese inflections
 * of gender and number do not matter — "pessoa exposta politicamente" and "pessoas politicamente
 * expostas" say the same thing. Each word is folded to a stem (plural and gender endings
 * removed); a phrase is confirmed by a text when every stem of the phrase is among the text's
 * stems. Short function words (de, da, ou, seus…) carry no meaning and are dropped. A light
 * inflection folding, not a full stemmer: derivations (sanção / sancionado) stay distinct words,
 * so a meaning lists each of them as its own phrase.
 */

/** Articles, prepositions, conjunctions and possessives: dropped from both sides. */
const functionWords = new Set([
  'a',
  'o',
  'as',
  'os',
  'e',
  'ou',
  'de',
  'da',
  'do',
  'das',
  'dos',
  'em',
  'na',
  'no',
  'nas',
  'nos',
  'com',
  'por',
  'para',
  'ao',
  'aos',
  'um',
  'uma',
  'uns',
  'umas',
  'seu',
  'sua',
  'seus',
  'suas',
  'que',
  'se',
]);

/** Lower case, no accents, letters and digits only, single spaces. */
export function foldText(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/** Number (plural endings) then gender (final a/o/e) folded away: expostas, exposta, exposto → expost. */
export function stemWord(word: string): string {
  let w = word;
  if (w.length > 4) {
    if (/(oes|aes)$/.test(w))
      w = `${w.slice(0, -3)}ao`; // sanções → sancao, informações → informacao
    else if (w.endsWith('ais'))
      w = `${w.slice(0, -3)}al`; // finais → final
    else if (w.endsWith('eis'))
      w = `${w.slice(0, -3)}el`; // cadastráveis → cadastravel
    else if (/[rzs]es$/.test(w))
      w = w.slice(0, -2); // desabonadores → desabonador
    else if (w.endsWith('s')) w = w.slice(0, -1); // pessoas → pessoa
  }
  if (w.length > 3 && /[aoe]$/.test(w)) w = w.slice(0, -1); // sancionada, sancionado → sancionad
  return w;
}

/** The stems of a text's meaningful words, in order (repeats kept). */
export function textStems(text: string): string[] {
  return foldText(text)
    .split(' ')
    .filter((w) => w !== '' && !functionWords.has(w))
    .map(stemWord);
}

/** Whether the text says the phrase: every stem of the phrase is one of the text's, in any order. */
export function textConfirmsPhrase(text: string, phrase: string): boolean {
  const stems = new Set(textStems(text));
  const wanted = textStems(phrase);
  return wanted.length > 0 && wanted.every((s) => stems.has(s));
}

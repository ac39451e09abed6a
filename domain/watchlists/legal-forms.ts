import { foldLatin } from './fold-latin';
import data from './legal-forms.json';
import { isCyrillic, looksUkrainian, transliterateCyrillicWord } from './transliterate-cyrillic';

/**
 * Company legal forms and their family, from OpenSanctions' `rigour` (its org types, exported into
 * legal-forms.json by scripts/export-legal-forms.py; docs/watchlists.md, "Legal forms"): "LLC",
 * "Ltd", "Ltda", "GmbH", "OOO" are one family (`LLC`), "JSC", "S.A.", "AG", "PLC" another (`JSC`).
 * A form never carries a match nor blocks one; two organizations whose forms fall in different
 * families agree slightly less. The file is data versioned with the matcher (matcher-version.ts).
 *
 * Each alias is read as the normalizer reads a name: folded (Cyrillic transliterated), split into
 * words; "S.A.", "L.L.C." and "Sp. z o.o." — every word one or two letters — also as one joined
 * word ("sa", "llc", "spzoo"). An alias written in Cyrillic is a form only in a name written in
 * Cyrillic: "АО" and "ПАО" read `ao` and `pao`, ordinary Portuguese words in Latin letters.
 * Aliases in other scripts are left out (the normalizer drops those words).
 */
export type LegalFormTable = {
  /** Word sequences (joined by one space) → family, for words of any script. */
  latin: ReadonlyMap<string, string>;
  /** The same, only for words written in Cyrillic. */
  cyrillic: ReadonlyMap<string, string>;
  /** The longest alias, in words. */
  maxWords: number;
};

type FormSpec = { generic: string; aliases: string[] };

/** The words of one alias as the normalizer would read them, or null when no table covers its script. */
export function legalFormWords(alias: string): { words: string[]; cyrillic: boolean } | null {
  const cyrillic = isCyrillic(alias);
  const ukrainian = looksUkrainian(alias);
  const words: string[] = [];
  for (const raw of alias.normalize('NFC').split(/[^\p{L}\p{N}]+/u)) {
    if (!raw) continue;
    if (cyrillic !== isCyrillic(raw)) return null;
    const folded = foldLatin(cyrillic ? transliterateCyrillicWord(raw, ukrainian) : raw);
    if (!/^[a-z0-9]+$/.test(folded)) return null;
    words.push(folded);
  }
  return words.length > 0 ? { words, cyrillic } : null;
}

export function buildLegalFormTable(specs: readonly FormSpec[]): LegalFormTable {
  const latin = new Map<string, string>();
  const cyrillic = new Map<string, string>();
  let maxWords = 1;
  // The first family an alias meets wins: rigour's own types before the project's additions.
  const add = (table: Map<string, string>, key: string, family: string) => {
    if (!table.has(key)) table.set(key, family);
  };
  for (const spec of specs) {
    for (const alias of spec.aliases) {
      const read = legalFormWords(alias);
      if (!read) continue;
      const { words } = read;
      // A lone letter is an initial, never a form.
      if (words.length === 1 && words[0].length < 2) continue;
      const table = read.cyrillic ? cyrillic : latin;
      add(table, words.join(' '), spec.generic);
      if (words.length > 1 && words.every((w) => w.length <= 2)) add(table, words.join(''), spec.generic);
      maxWords = Math.max(maxWords, words.length);
    }
  }
  return { latin, cyrillic, maxWords };
}

export const legalFormTable: LegalFormTable = buildLegalFormTable([...(data.forms as FormSpec[]), ...(data.additions as FormSpec[])]);

/** The family of a legal-form token (its words joined by one space, or one joined word), or undefined. */
export function legalFormFamily(text: string, cyrillic: boolean): string | undefined {
  return legalFormTable.latin.get(text) ?? (cyrillic ? legalFormTable.cyrillic.get(text) : undefined);
}

/** Where the family of a form is asked without its script (a token already classified as a form). */
export function anyLegalFormFamily(text: string): string | undefined {
  return legalFormTable.latin.get(text) ?? legalFormTable.cyrillic.get(text);
}

import { normalizeName } from '../../domain/names/normalize-name';

// Already-normalized input: upper-case ASCII words of [A-Z0-9&] separated by single spaces.
const normalizedForm = /^[A-Z0-9&]+(?: [A-Z0-9&]+)*$/;
// Printable ASCII only: NFD decomposition is the identity, so it can be skipped.
const plainAscii = /^[\x20-\x7e]*$/;

/**
 * `normalizeName` with shortcuts for the common cases of bulk files (most Receita Federal names
 * are already upper-case ASCII): the result is identical, the Unicode NFD pass is what costs.
 */
export function normalizeNameFast(input: string): string {
  if (normalizedForm.test(input)) return input;
  if (!plainAscii.test(input)) return normalizeName(input);
  return input
    .toUpperCase()
    .replace(/[^A-Z0-9&]+/g, ' ')
    .trim()
    .replace(/\s+/g, ' ');
}

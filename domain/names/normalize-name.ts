/**
 * The one name normalization used everywhere (import, matching, search): accents folded,
 * upper case, punctuation to spaces, spaces collapsed. "José  da Silva-Ltda." → "JOSE DA SILVA LTDA".
 */
export function normalizeName(input: string): string {
  return input
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toUpperCase()
    .replace(/[^A-Z0-9&]+/g, ' ')
    .trim()
    .replace(/\s+/g, ' ');
}

/**
 * Receita Federal's CSV dialect: every field quoted, `;` between fields, no header. Real files
 * contain unescaped quotes inside names (`"BAR "DO ZE" LTDA"`), so a quoted line is split on
 * the `";"` boundary rather than by a strict CSV state machine; `""` still means one quote.
 * Unquoted lines (some code tables, hand-made files) are split on `;`.
 */
export function splitRfLine(line: string): string[] {
  if (line.length >= 2 && line.startsWith('"') && line.endsWith('"')) {
    const inner = line.slice(1, -1);
    const parts = inner.split('";"');
    return inner.includes('""') ? parts.map((p) => p.replace(/""/g, '"')) : parts;
  }
  return line.split(';').map((p) => (p.length >= 2 && p.startsWith('"') && p.endsWith('"') ? p.slice(1, -1).replace(/""/g, '"') : p));
}

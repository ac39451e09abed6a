/**
 * Where two JSON values differ, as JSON paths (`$.risk.score`, `$.signals[3].evidences[0].label`,
 * `$["odd key"]`): a key present on one side only, an array item beyond the other's length, or a
 * different scalar (type or value). Objects compare by keys in sorted order, arrays by position,
 * like canonical JSON (domain/canonical-json.ts), so two values with no difference have the same
 * canonical bytes. At most `limit` paths, in document order.
 */
export function jsonDifferences(stored: unknown, recomputed: unknown, limit = 100): { paths: string[]; truncated: boolean } {
  const paths: string[] = [];
  let truncated = false;
  const visit = (a: unknown, b: unknown, path: string): void => {
    if (truncated) return;
    if (isObject(a) && isObject(b)) {
      for (const key of [...new Set([...Object.keys(a), ...Object.keys(b)])].sort()) visit(a[key], b[key], `${path}${member(key)}`);
      return;
    }
    if (Array.isArray(a) && Array.isArray(b)) {
      for (let i = 0; i < Math.max(a.length, b.length); i++) visit(a[i], b[i], `${path}[${i}]`);
      return;
    }
    if (sameScalar(a, b)) return;
    if (paths.length === limit) truncated = true;
    else paths.push(path);
  };
  visit(stored, recomputed, '$');
  return { paths, truncated };
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Equal scalars; an object or array against anything else is a difference at this path. */
function sameScalar(a: unknown, b: unknown): boolean {
  if (typeof a === 'object' && a !== null) return false;
  if (typeof b === 'object' && b !== null) return false;
  // -0 and 0 are one JSON number; undefined (absent) only equals absent.
  return a === b || (typeof a === 'number' && typeof b === 'number' && a === 0 && b === 0);
}

function member(key: string): string {
  return /^[A-Za-z_$][A-Za-z0-9_$]*$/.test(key) ? `.${key}` : `[${JSON.stringify(key)}]`;
}

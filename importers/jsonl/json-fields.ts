/** Field readers for JSON-lines records; undefined = present but malformed. */
export function str(v: unknown, max = 100_000): string | null | undefined {
  if (v === null || v === undefined || v === '') return null;
  return typeof v === 'string' && v.length <= max ? v : undefined;
}

export function isoDate(v: unknown): string | null | undefined {
  if (v === null || v === undefined || v === '') return null;
  if (typeof v !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(v)) return undefined;
  const d = new Date(`${v}T00:00:00Z`);
  return Number.isNaN(d.getTime()) || d.toISOString().slice(0, 10) !== v ? undefined : v;
}

export function isoDateTime(v: unknown): string | null | undefined {
  if (v === null || v === undefined || v === '') return null;
  if (typeof v !== 'string') return undefined;
  if (/^\d{4}-\d{2}-\d{2}$/.test(v)) return isoDate(v) ? `${v}T00:00:00Z` : undefined;
  return Number.isNaN(Date.parse(v)) || !/^\d{4}-\d{2}-\d{2}T/.test(v) ? undefined : v;
}

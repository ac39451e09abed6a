/**
 * How numbers, dates and fingerprints read in the console. API data is shown as it is; only its
 * presentation follows the analyst's language (pt-BR or en).
 */
export type Language = 'en' | 'pt';

const locales: Record<Language, string> = { en: 'en-GB', pt: 'pt-BR' };

export function formatDateTime(iso: string | null | undefined, language: Language): string {
  if (!iso) return '—';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(locales[language], { dateStyle: 'short', timeStyle: 'medium', timeZone: 'UTC' }).format(date) + ' UTC';
}

export function formatNumber(value: number | null | undefined, language: Language, fractionDigits = 0): string {
  if (value === null || value === undefined || Number.isNaN(value)) return '—';
  return new Intl.NumberFormat(locales[language], { minimumFractionDigits: fractionDigits, maximumFractionDigits: fractionDigits }).format(
    value,
  );
}

/** Percentages come as numbers (38.368512) or decimal strings ("91.000000"): two decimals, trailing zeros dropped. */
export function formatPercent(value: number | string | null | undefined, language: Language): string {
  if (value === null || value === undefined || value === '') return '—';
  const number = typeof value === 'string' ? Number(value) : value;
  if (!Number.isFinite(number)) return '—';
  return `${new Intl.NumberFormat(locales[language], { maximumFractionDigits: 2 }).format(number)}%`;
}

/** Weights and multipliers are fixed point in basis points (10000 = 1.0). */
export function formatBasisPoints(value: number, language: Language): string {
  return new Intl.NumberFormat(locales[language], { minimumFractionDigits: 2, maximumFractionDigits: 4 }).format(value / 10000);
}

/** A fingerprint shortened for a table cell; the full value stays in the title and the copy. */
export function shortHash(hash: string | null | undefined, length = 12): string {
  if (!hash) return '—';
  return hash.length > length ? `${hash.slice(0, length)}…` : hash;
}

export function formatDuration(ms: number, language: Language): string {
  if (ms < 1000) return `${formatNumber(ms, language)} ms`;
  return `${formatNumber(ms / 1000, language, 1)} s`;
}

/** The colour tone of a risk level or severity, shared by badges, the chart and the graph. */
export function riskTone(level: string | null | undefined): 'critical' | 'high' | 'medium' | 'low' | 'neutral' {
  return level === 'critical' || level === 'high' || level === 'medium' || level === 'low' ? level : 'neutral';
}

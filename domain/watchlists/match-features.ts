import type { WatchlistDocument } from './watchlist-entry';

/**
 * The features beside the name. Each is null when the query or the entry does not carry it,
 * else a score in [0, 1] whose `verdict` says how it weighs: `confirms` raises the combined
 * score, `partial` raises it less, `neutral` leaves it, `contradicts` lowers it — and a
 * contradicting birth date or nationality forbids a match (score-match.ts).
 */
export type FeatureVerdict = 'confirms' | 'partial' | 'neutral' | 'contradicts';
export type FeatureResult = { score: number; verdict: FeatureVerdict; detail: string };

const fullDate = /^(\d{4})-(\d{2})-(\d{2})$/;
const yearOnly = /^(\d{4})$/;

function yearOf(date: string): string | null {
  return fullDate.exec(date)?.[1] ?? yearOnly.exec(date)?.[1] ?? null;
}

function compareOneDate(query: string, listed: string): FeatureResult {
  const [qy, ly] = [yearOf(query), yearOf(listed)];
  if (qy === null || ly === null) return { score: 0.5, verdict: 'neutral', detail: `"${query}" vs "${listed}" not comparable` };
  if (fullDate.test(query) && fullDate.test(listed)) {
    if (query === listed) return { score: 1, verdict: 'confirms', detail: `${query} equal` };
    // The same year with another day: a typing or calendar error as often as another person.
    if (qy === ly) return { score: 0.5, verdict: 'neutral', detail: `${query} vs ${listed}: same year, another day` };
  } else if (qy === ly) return { score: 0.8, verdict: 'partial', detail: `year ${qy} equal` };
  return { score: 0, verdict: 'contradicts', detail: `${query} vs ${listed}` };
}

const strength: Record<FeatureVerdict, number> = { confirms: 3, partial: 2, neutral: 1, contradicts: 0 };

/** The query's date ('YYYY-MM-DD' or 'YYYY') against the best of the entry's dates. */
export function compareBirthDate(query: string | undefined, listed: readonly string[]): FeatureResult | null {
  if (!query || listed.length === 0) return null;
  let best: FeatureResult | null = null;
  for (const date of listed) {
    const result = compareOneDate(query, date);
    if (!best || strength[result.verdict] > strength[best.verdict]) best = result;
  }
  return best;
}

/** ISO 3166 alpha-2: one of the entry's nationalities confirms, none of them contradicts. */
export function compareNationality(query: string | undefined, listed: readonly string[]): FeatureResult | null {
  if (!query || listed.length === 0) return null;
  const code = query.toUpperCase();
  const set = listed.map((c) => c.toUpperCase());
  return set.includes(code)
    ? { score: 1, verdict: 'confirms', detail: `${code} listed` }
    : { score: 0, verdict: 'contradicts', detail: `${code} not among ${set.join(', ')}` };
}

/** Upper case, letters and digits only: "AB 123.456-7" and "ab1234567" are one number. */
export function normalizeDocumentNumber(number: string): string {
  return number
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toUpperCase()
    .replace(/[^A-Z0-9]/g, '');
}

/**
 * An equal number is strong evidence. A query's document carries no type, so a different
 * number is only a weak contradiction (a person holds several passports over a life): it lowers
 * the score but never forbids a match on its own.
 */
export function compareDocument(query: string | undefined, listed: readonly WatchlistDocument[]): FeatureResult | null {
  if (!query || listed.length === 0) return null;
  const number = normalizeDocumentNumber(query);
  if (number.length === 0) return null;
  const equal = listed.find((d) => normalizeDocumentNumber(d.number) === number);
  if (equal) return { score: 1, verdict: 'confirms', detail: `${equal.type ?? 'document'} ${number} equal` };
  return { score: 0, verdict: 'contradicts', detail: `${number} not among the entry's ${listed.length} document(s)` };
}

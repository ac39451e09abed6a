/**
 * Watchlist results as the console shows them: a verdict's `watchlist_entry` evidence (rule
 * catalog 2026.12.1, docs/watchlists.md "In every analysis") and a POST /watchlists/match result
 * read into one shape. Pure: scores arrive as numbers (the match route) or as four-decimal strings
 * (a verdict's snapshot) and are shown alike.
 */
export type WatchlistFeatureName = 'name' | 'birth_date' | 'nationality' | 'document';
export const WATCHLIST_FEATURES: readonly WatchlistFeatureName[] = ['name', 'birth_date', 'nationality', 'document'];

export type WatchlistMatchView = {
  list: string;
  entryId: string;
  listVersion: string;
  /** The entry's primary name, and the name of it that agreed best. */
  name: string;
  matchedName: string;
  score: string;
  match: boolean;
  /** One row per feature: its score as text, or null when either side lacks it. */
  features: { feature: WatchlistFeatureName; score: string | null }[];
  explanation: string[];
  programs: string[];
};

/** "0.9441" from 0.9441 or "0.9441"; null stays null. */
export function formatMatchScore(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  const number = typeof value === 'number' ? value : Number(value);
  return Number.isFinite(number) ? number.toFixed(4) : String(value);
}

const text = (value: unknown): string => (typeof value === 'string' ? value : '');
const texts = (value: unknown): string[] => (Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : []);

/** One result (match route item or verdict evidence content), or null when it is not one. */
export function readWatchlistMatch(value: unknown): WatchlistMatchView | null {
  if (!value || typeof value !== 'object') return null;
  const r = value as Record<string, unknown>;
  if (typeof r.list !== 'string' || typeof r.entry_id !== 'string' || typeof r.match !== 'boolean') return null;
  const features = (r.features ?? {}) as Record<string, unknown>;
  const entry = (r.entry ?? {}) as Record<string, unknown>;
  const entryNames = Array.isArray(entry.names) ? (entry.names as { name?: unknown }[]).map((n) => text(n?.name)) : [];
  return {
    list: r.list,
    entryId: r.entry_id,
    listVersion: text(r.list_version),
    name: text(r.name) || entryNames[0] || text(r.matched_name),
    matchedName: text(r.matched_name),
    score: formatMatchScore(r.score) ?? '',
    match: r.match,
    features: WATCHLIST_FEATURES.map((feature) => ({ feature, score: formatMatchScore(features[feature]) })),
    explanation: texts(r.explanation),
    programs: texts(r.programs ?? entry.programs),
  };
}

/** The watchlist results among a signal's evidences (key `watchlist_entry`), in their order. */
export function watchlistMatchesOf(evidences: readonly { key: string; content: unknown }[] | undefined): WatchlistMatchView[] {
  return (evidences ?? [])
    .filter((e) => e.key === 'watchlist_entry')
    .map((e) => readWatchlistMatch(e.content))
    .filter((m): m is WatchlistMatchView => m !== null);
}

/** A list row of GET /watchlists as the freshness table shows it. */
export type WatchlistFreshnessRow = {
  list: string;
  publisher: string;
  version: string | null;
  published_at: string | null;
  entries: number;
  stale: boolean;
  freshness_days: number;
};

/** Stale lists first (they need an import), then the rest, each group in the API's order. */
export function orderByStaleness<T extends { stale: boolean }>(lists: readonly T[]): T[] {
  return [...lists.filter((l) => l.stale), ...lists.filter((l) => !l.stale)];
}

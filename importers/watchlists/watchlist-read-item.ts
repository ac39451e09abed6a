import type { WatchlistDocument, WatchlistEntry, WatchlistName } from '../../domain/watchlists/watchlist-entry';

/** A publication's identity: the publisher's own version text and the instant it names. */
export type ListVersion = { version: string; published_at: string };

/** What a list reader yields: the version once (wherever the format puts it) and every entry with its line. */
export type WatchlistReadItem = { kind: 'version'; version: ListVersion } | { kind: 'entry'; entry: WatchlistEntry; line: number };

const pad = (n: number) => String(n).padStart(2, '0');

/** A calendar date 'YYYY-MM-DD' when y-m-d is one, else undefined. */
export function calendarDate(year: number, month: number, day: number): string | undefined {
  const date = new Date(Date.UTC(year, month - 1, day));
  if (year < 1800 || date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return undefined;
  return `${year}-${pad(month)}-${pad(day)}`;
}

/** The years from..to (a range the list gives instead of a date), at most 20 of them. */
export function yearRange(from: number, to: number): string[] {
  if (!(from >= 1800 && to >= from && to - from <= 20)) return [];
  return Array.from({ length: to - from + 1 }, (_, i) => String(from + i));
}

/** Names without repeats (same text once, the stronger quality kept), primary first. */
export function distinctNames(names: WatchlistName[]): WatchlistName[] {
  const rank = { primary: 0, strong: 1, weak: 2 } as const;
  const kept = new Map<string, WatchlistName>();
  for (const name of names) {
    const text = name.name.replace(/\s+/g, ' ').trim();
    if (text === '') continue;
    const key = text.toUpperCase();
    const seen = kept.get(key);
    if (!seen || rank[name.quality] < rank[seen.quality])
      kept.set(key, { name: text, quality: seen?.quality === 'primary' ? 'primary' : name.quality });
  }
  return [...kept.values()].sort((a, b) => rank[a.quality] - rank[b.quality]);
}

export function distinct<T>(values: (T | undefined | null)[]): T[] {
  return [...new Set(values.filter((v): v is T => v !== undefined && v !== null))];
}

/** Documents without repeats, by number and country. */
export function distinctDocuments(documents: WatchlistDocument[]): WatchlistDocument[] {
  const kept = new Map<string, WatchlistDocument>();
  for (const d of documents)
    if (d.number.trim() !== '') kept.set(`${d.number.trim()}|${d.country ?? ''}`, { ...d, number: d.number.trim() });
  return [...kept.values()];
}

/**
 * The analyst's key lives in this tab's session storage only: closing the tab forgets it, other
 * tabs do not see it, and it never travels in a URL or a cookie.
 */
const KEY_SLOT = 'era-console.api-key';
const RECENT_SLOT = 'era-console.recent-analyses';

export function readApiKey(): string | null {
  return sessionStorage.getItem(KEY_SLOT);
}

export function storeApiKey(key: string): void {
  sessionStorage.setItem(KEY_SLOT, key);
}

export function forgetApiKey(): void {
  sessionStorage.removeItem(KEY_SLOT);
  sessionStorage.removeItem(RECENT_SLOT);
}

export type RecentAnalysis = { uuid: string; label: string; mode: 'sync' | 'async'; at: string };

/** The analyses run in this tab: the list a server without `GET /analyses` can still offer. */
export function readRecentAnalyses(): RecentAnalysis[] {
  try {
    const parsed = JSON.parse(sessionStorage.getItem(RECENT_SLOT) ?? '[]');
    return Array.isArray(parsed) ? parsed : [];
  } catch {
    return [];
  }
}

export function rememberAnalysis(entry: RecentAnalysis): void {
  const next = [entry, ...readRecentAnalyses().filter((r) => r.uuid !== entry.uuid)].slice(0, 50);
  sessionStorage.setItem(RECENT_SLOT, JSON.stringify(next));
}

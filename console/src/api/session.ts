/**
 * What the console keeps in the browser itself: the analyses run in this tab. The person's session
 * is an HttpOnly cookie the page never reads (docs/sign-in.md); its CSRF token lives in memory only.
 */
const RECENT_SLOT = 'era-console.recent-analyses';

/** Forgets what this tab remembered (sign-out). */
export function forgetTabState(): void {
  sessionStorage.removeItem(RECENT_SLOT);
}

/** Where sign-in starts: the api's login redirect, coming back to the console path the person was on. */
export function signInUrl(returnTo: string): string {
  return `/auth/login?return_to=${encodeURIComponent(returnTo.startsWith('/console') ? returnTo : '/console/')}`;
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

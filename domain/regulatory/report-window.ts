import type { RegulatoryManifest } from './manifest-types';

export type ReportWindow = { anchor_at: string; expires_at: string };

/**
 * The window in which a report may be generated and its narratives regenerated: the manifest's
 * hours (24, Lei 9.613 art. 11) from the analysis' completion. One function for the report and
 * the analysis read form, so that both always show the same `expires_at`.
 */
export function reportWindow(completedAt: Date | null, manifest: RegulatoryManifest): ReportWindow | null {
  if (!completedAt) return null;
  return {
    anchor_at: completedAt.toISOString(),
    expires_at: new Date(completedAt.getTime() + manifest.window.hours * 3_600_000).toISOString(),
  };
}

/** Open until `expires_at` inclusive of the last millisecond before it. */
export function isWindowOpen(window: ReportWindow | null, now: Date): boolean {
  return window !== null && now.getTime() < Date.parse(window.expires_at);
}

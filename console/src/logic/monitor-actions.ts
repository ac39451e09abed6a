import type { Monitor, MonitoringAlert, RiskLevel } from '../api/types';

/**
 * What the console offers on a monitor and how its lists are asked for (docs/monitoring.md).
 * Pure: the API decides (a change that does not fit is 409); this only hides what it would refuse.
 */
export type MonitorOffer = { pause: boolean; resume: boolean; stop: boolean };

export function monitorOffer(m: Pick<Monitor, 'status'>, canWrite: boolean): MonitorOffer {
  return { pause: canWrite && m.status === 'active', resume: canWrite && m.status === 'paused', stop: canWrite && m.status !== 'stopped' };
}

/**
 * The next review to show: none once the monitor is stopped — its run has ended and no review
 * will come, whatever date its last check left (docs/console.md). A paused monitor keeps its
 * date: it catches up on resume (docs/monitoring.md).
 */
export function nextReviewOf(m: Pick<Monitor, 'status' | 'next_review_at'>): string | null {
  return m.status === 'stopped' ? null : m.next_review_at;
}

export type MonitorFilters = { status: '' | Monitor['status']; riskLevel: '' | RiskLevel; openAlerts: '' | 'true' | 'false' };
export const noMonitorFilters: MonitorFilters = { status: '', riskLevel: '', openAlerts: '' };

/** GET /monitors query of the filters (an empty filter is left out). */
export function monitorListQuery(filters: MonitorFilters, limit = 100): string {
  const params = new URLSearchParams();
  if (filters.status) params.set('status', filters.status);
  if (filters.riskLevel) params.set('risk_level', filters.riskLevel);
  if (filters.openAlerts) params.set('has_open_alerts', filters.openAlerts);
  params.set('limit', String(limit));
  return `?${params.toString()}`;
}

export type AlertFilters = { status: '' | MonitoringAlert['status']; kind: '' | MonitoringAlert['kind'] };

/** GET /monitoring/alerts query of the inbox's filters. */
export function alertListQuery(filters: AlertFilters, limit = 100): string {
  const params = new URLSearchParams();
  if (filters.status) params.set('status', filters.status);
  if (filters.kind) params.set('kind', filters.kind);
  params.set('limit', String(limit));
  return `?${params.toString()}`;
}

/** One check of the monitor as its analyses list shows it. */
export type MonitorCheck = { uuid: string; created_at: string; status: string; risk_level: RiskLevel | null; score: number | null };
export type TimelineEntry = { check: MonitorCheck; alert: MonitoringAlert | null; baseline: boolean };

/**
 * The monitor's timeline of verdicts, newest first: each check (an analysis of mode `monitoring`)
 * with the alert it raised, if any. A check no alert names kept the verdict (same fingerprint).
 */
export function monitorTimeline(
  monitor: Pick<Monitor, 'baseline_analysis_uuid'>,
  checks: readonly MonitorCheck[],
  alerts: readonly MonitoringAlert[],
): TimelineEntry[] {
  const alertOf = new Map(alerts.map((a) => [a.analysis_uuid, a]));
  return [...checks]
    .sort((a, b) => (a.created_at < b.created_at ? 1 : a.created_at > b.created_at ? -1 : 0))
    .map((check) => ({ check, alert: alertOf.get(check.uuid) ?? null, baseline: check.uuid === monitor.baseline_analysis_uuid }));
}

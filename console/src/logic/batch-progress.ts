import type { AnalysisBatch, RiskLevel } from '../api/types';

/**
 * What the console shows of a portfolio batch and offers on it (docs/batches.md). Pure: the API
 * decides (a change that does not fit is 409); this only hides what it would refuse.
 */
export type BatchOffer = { pause: boolean; resume: boolean; cancel: boolean };

export function batchOffer(b: Pick<AnalysisBatch, 'status'>, canWrite: boolean): BatchOffer {
  const open = b.status === 'queued' || b.status === 'running' || b.status === 'paused';
  return {
    pause: canWrite && (b.status === 'queued' || b.status === 'running'),
    resume: canWrite && b.status === 'paused',
    cancel: canWrite && open,
  };
}

export type BatchProgress = { done: number; total: number; percent: number; etaSeconds: number | null };

/**
 * Rows done (completed, failed or canceled) out of the total, and the time left at the pace so
 * far: done rows per second since the batch started. No estimate before the first row, for a
 * batch that is not running, or once it is done.
 */
export function batchProgress(b: Pick<AnalysisBatch, 'status' | 'counts' | 'started_at'>, nowMs: number): BatchProgress {
  const { total, pending } = b.counts;
  const done = total - pending;
  const percent = total === 0 ? 100 : Math.floor((done * 100) / total);
  const startedMs = b.started_at ? Date.parse(b.started_at) : NaN;
  const elapsed = (nowMs - startedMs) / 1000;
  const running = b.status === 'running' && pending > 0 && done > 0 && Number.isFinite(elapsed) && elapsed > 0;
  return { done, total, percent, etaSeconds: running ? Math.ceil((pending * elapsed) / done) : null };
}

export const RISK_LEVELS: RiskLevel[] = ['low', 'medium', 'high', 'critical'];

/** The risk distribution as shares of the completed rows (0–100, summing to at most 100), for the chart. */
export function riskShares(b: Pick<AnalysisBatch, 'risk_levels'>): { level: RiskLevel; count: number; percent: number }[] {
  const total = RISK_LEVELS.reduce((sum, level) => sum + b.risk_levels[level], 0);
  return RISK_LEVELS.map((level) => ({
    level,
    count: b.risk_levels[level],
    percent: total === 0 ? 0 : Math.floor((b.risk_levels[level] * 100) / total),
  }));
}

/** A batch file's media type by its name (the API refuses anything else with 415). */
export function batchFileType(fileName: string): 'text/csv' | 'application/x-ndjson' | null {
  const lower = fileName.toLowerCase();
  if (lower.endsWith('.csv')) return 'text/csv';
  if (lower.endsWith('.ndjson') || lower.endsWith('.jsonl')) return 'application/x-ndjson';
  return null;
}

import type { RejectionLog } from './rejections';

export type TableCounts = { inserted: number; updated: number; unchanged: number };

export type ImportSummary = {
  kind: string;
  files: string[];
  import_run_id: number | null;
  rows_read: number;
  inserted: number;
  updated: number;
  unchanged: number;
  rejected: number;
  first_rejections: { file?: string; line: number; reason: string }[];
  /** Per target table; the top-level counts are their sums. */
  tables: Record<string, TableCounts>;
  duration_ms: number;
  rows_per_second: number;
  /** Set when the same bytes were already imported by a completed run (nothing was done). */
  skipped_as_already_imported?: boolean;
};

export function emptyCounts(): TableCounts {
  return { inserted: 0, updated: 0, unchanged: 0 };
}

export function buildSummary(input: {
  kind: string;
  files: string[];
  importRunId: number | null;
  rowsRead: number;
  rejections: RejectionLog;
  tables: Record<string, TableCounts>;
  startedAt: number;
}): ImportSummary {
  const durationMs = Math.max(1, Math.round(performance.now() - input.startedAt));
  const sum = (k: keyof TableCounts) => Object.values(input.tables).reduce((s, t) => s + t[k], 0);
  return {
    kind: input.kind,
    files: input.files,
    import_run_id: input.importRunId,
    rows_read: input.rowsRead,
    inserted: sum('inserted'),
    updated: sum('updated'),
    unchanged: sum('unchanged'),
    rejected: input.rejections.count,
    first_rejections: input.rejections.first,
    tables: input.tables,
    duration_ms: durationMs,
    rows_per_second: Math.round((input.rowsRead * 1000) / durationMs),
  };
}

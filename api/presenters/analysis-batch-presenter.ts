import type { AnalysisBatchRow, BatchResultRow } from '../../db/repositories/analysis-batches/analysis-batch-repository';
import { countsOf } from '../../domain/analysis-batches/batch-counts';
import { isoTimestamp } from '../edge/iso-timestamp';
import type { AnalysisBatchBody, BatchResultLine } from '../resources/analysis-batches/analysis-batch-schemas';

/** A batch's read form (docs/batches.md). */
export function presentAnalysisBatch(row: AnalysisBatchRow): AnalysisBatchBody {
  const self = `/analysis-batches/${row.uuid}`;
  return {
    uuid: row.uuid,
    name: row.name,
    status: row.status,
    pause_reason: row.status === 'paused' ? row.pause_reason : null,
    counts: countsOf(row),
    risk_levels: { low: row.risk_low, medium: row.risk_medium, high: row.risk_high, critical: row.risk_critical },
    webhook_endpoint_uuid: row.webhook_endpoint_uuid,
    created_by: { type: row.created_by.type, id: row.created_by.id, name: row.created_by.name },
    created_at: isoTimestamp(row.created_at)!,
    started_at: isoTimestamp(row.started_at),
    completed_at: isoTimestamp(row.completed_at),
    links: { self, results: `${self}/results` },
  };
}

/** One row of the results, as its NDJSON line's object. */
export function presentBatchResult(row: BatchResultRow): BatchResultLine {
  return {
    row: row.row_number,
    document: row.document,
    entity_id: row.entity_id === null ? null : Number(row.entity_id),
    client_reference: row.client_reference,
    status: row.status,
    analysis_uuid: row.analysis_uuid,
    score: row.score,
    risk_level: row.risk_level as BatchResultLine['risk_level'],
    error: row.error_code ? { code: row.error_code, message: row.error_message ?? '' } : null,
  };
}

export const BATCH_RESULTS_CSV_HEADER =
  'row,document,entity_id,client_reference,status,analysis_uuid,score,risk_level,error_code,error_message\n';

/**
 * A CSV field (RFC 4180): quoted when it holds a comma, a quote or a line break; a leading =, +,
 * - or @ is prefixed with a quote so a spreadsheet never runs a client's text as a formula.
 */
function csvField(value: string | number | null): string {
  if (value === null) return '';
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** One row of the results as a CSV line (with its line break). */
export function batchResultCsvLine(line: BatchResultLine): string {
  return (
    [
      line.row,
      line.document,
      line.entity_id,
      line.client_reference,
      line.status,
      line.analysis_uuid,
      line.score,
      line.risk_level,
      line.error?.code ?? null,
      line.error?.message ?? null,
    ]
      .map(csvField)
      .join(',') + '\n'
  );
}

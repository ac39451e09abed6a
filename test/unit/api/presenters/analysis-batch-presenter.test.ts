import { batchResultCsvLine, presentAnalysisBatch, presentBatchResult } from '../../../../api/presenters/analysis-batch-presenter';
import type { AnalysisBatchRow, BatchResultRow } from '../../../../db/repositories/analysis-batches/analysis-batch-repository';
import { analysisBatchSchema, batchResultLineSchema } from '../../../../api/resources/analysis-batches/analysis-batch-schemas';

const batch: AnalysisBatchRow = {
  id: 1,
  uuid: '6d1f0a2b-3c4d-4e5f-8a6b-7c8d9e0f1a2b',
  company_id: 7,
  name: 'book',
  format: 'csv',
  status: 'running',
  pause_reason: 'requested',
  webhook_endpoint_uuid: null,
  created_by: { type: 'api_key', id: 'k', name: 'key' },
  workflow_id: 'analysis-batch-x',
  total: 10,
  completed: 4,
  failed: 2,
  canceled: 1,
  risk_low: 3,
  risk_medium: 1,
  risk_high: 0,
  risk_critical: 0,
  created_at: new Date('2026-11-28T00:00:00Z'),
  started_at: null,
  completed_at: null,
};

const result: BatchResultRow = {
  row_number: 3,
  document: '11222333000181',
  entity_id: null,
  client_reference: 'a,"b"',
  status: 'failed',
  analysis_uuid: null,
  score: null,
  risk_level: null,
  error_code: 'entity_not_found',
  error_message: 'no entity',
};

describe('analysis batch presenter', () => {
  it.each([
    [
      'running: pending is what is not done; no pause reason',
      batch,
      { counts: { total: 10, pending: 3, completed: 4, failed: 2, canceled: 1 }, pause_reason: null },
    ],
    [
      'paused: its reason',
      { ...batch, status: 'paused' as const, pause_reason: 'quota_exceeded' as const },
      { pause_reason: 'quota_exceeded' },
    ],
  ])('%s', (_name, row, expected) => {
    const body = presentAnalysisBatch(row);
    expect(body).toMatchObject(expected);
    expect(analysisBatchSchema.parse(body)).toEqual(body);
    expect(body.links).toEqual({ self: `/analysis-batches/${batch.uuid}`, results: `/analysis-batches/${batch.uuid}/results` });
  });

  it.each([
    ['a failed row', result, '3,11222333000181,,"a,""b""",failed,,,,entity_not_found,no entity\n'],
    [
      'a formula is not run by a spreadsheet',
      { ...result, client_reference: '=HYPERLINK(1)', status: 'pending' as const, error_code: null, error_message: null },
      "3,11222333000181,,'=HYPERLINK(1),pending,,,,,\n",
    ],
  ])('CSV line of %s', (_name, row, line) => {
    const presented = presentBatchResult(row);
    expect(batchResultLineSchema.parse(presented)).toEqual(presented);
    expect(batchResultCsvLine(presented)).toBe(line);
  });
});

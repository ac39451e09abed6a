import type { NumberedRow } from '../../../domain/analysis-batches/batch-file-reader';
import type { RecordedActor } from '../../../domain/actor';
import type { Executor } from '../../create-db';
import { awaitCommitFenceSql, holdCommitFence, uuidLiteral } from '../commit-fence';
import { type CreatedRange, createdKeyColumn, type NewestFirstPage, pageNewestFirst } from '../newest-first';

export type BatchStatus = 'queued' | 'running' | 'paused' | 'completed' | 'canceled';
export type BatchPauseReason = 'requested' | 'quota_exceeded';

export type AnalysisBatchRow = {
  id: number;
  uuid: string;
  company_id: number;
  name: string | null;
  format: 'csv' | 'ndjson';
  status: BatchStatus;
  pause_reason: BatchPauseReason | null;
  webhook_endpoint_uuid: string | null;
  created_by: RecordedActor;
  workflow_id: string;
  total: number;
  completed: number;
  failed: number;
  canceled: number;
  risk_low: number;
  risk_medium: number;
  risk_high: number;
  risk_critical: number;
  created_at: Date;
  started_at: Date | null;
  completed_at: Date | null;
};

export type AnalysisBatchReadRow = AnalysisBatchRow & { created_key: string };

export type NewAnalysisBatch = {
  uuid: string;
  companyId: number;
  name: string | null;
  format: 'csv' | 'ndjson';
  webhookEndpointUuid: string | null;
  createdBy: RecordedActor;
  workflowId: string;
};

/** The queued batch, with no rows yet; its fence held until the surrounding transaction ends. */
export async function insertAnalysisBatch(trx: Executor, b: NewAnalysisBatch): Promise<AnalysisBatchRow> {
  await holdCommitFence(trx, 'analysis_batch', b.uuid);
  const [row] = await trx('analysis_batches')
    .insert({
      uuid: b.uuid,
      company_id: b.companyId,
      name: b.name,
      format: b.format,
      status: 'queued',
      webhook_endpoint_uuid: b.webhookEndpointUuid,
      created_by: JSON.stringify(b.createdBy),
      workflow_id: b.workflowId,
    })
    .returning('*');
  return row as AnalysisBatchRow;
}

/** One multi-row INSERT of parsed rows (a page of the upload): arrays, so one statement whatever the page size. */
export async function insertAnalysisBatchRows(trx: Executor, batchId: number, rows: NumberedRow[]): Promise<void> {
  if (rows.length === 0) return;
  await trx.raw(
    `INSERT INTO analysis_batch_rows (batch_id, row_number, document, entity_id, client_reference, subject_key, status, error_code, error_message, finished_at)
     SELECT ?, r.n, r.document, r.entity_id, r.client_reference, r.subject_key,
            CASE WHEN r.error_code IS NULL THEN 'pending' ELSE 'failed' END, r.error_code, r.error_message,
            CASE WHEN r.error_code IS NULL THEN NULL ELSE now() END
     FROM unnest(?::int[], ?::text[], ?::bigint[], ?::text[], ?::text[], ?::text[], ?::text[]) AS r(n, document, entity_id, client_reference, subject_key, error_code, error_message)`,
    [
      batchId,
      rows.map((r) => r.row),
      rows.map((r) => r.document),
      rows.map((r) => r.entityId),
      rows.map((r) => r.clientReference),
      rows.map((r) => r.subjectKey),
      rows.map((r) => r.error?.code ?? null),
      rows.map((r) => r.error?.message ?? null),
    ],
  );
}

/** The totals once every row is in: the rows that failed on reading count as failed from the start. */
export async function setAnalysisBatchTotals(trx: Executor, batchId: number, totals: { total: number; failed: number }): Promise<void> {
  await trx('analysis_batches').where({ id: batchId }).update({ total: totals.total, failed: totals.failed });
}

/** A company's batch; another company's is undefined. */
export async function findAnalysisBatch(db: Executor, companyId: number, uuid: string): Promise<AnalysisBatchReadRow | undefined> {
  return db('analysis_batches as b').where({ 'b.company_id': companyId, 'b.uuid': uuid }).first('b.*', createdKeyColumn(db, 'b'));
}

/** A company's batch locked for a change of status. */
export async function lockAnalysisBatch(db: Executor, companyId: number, uuid: string): Promise<AnalysisBatchRow | undefined> {
  return db('analysis_batches').where({ company_id: companyId, uuid }).forUpdate().first();
}

/** The run's view, once the transaction that created the batch has ended (commit-fence.ts). */
export async function findAnalysisBatchAfterCommit(
  db: Executor,
  uuid: string,
): Promise<(AnalysisBatchRow & { company_uuid: string }) | undefined> {
  const literal = uuidLiteral(uuid);
  if (!literal) return undefined;
  const results = (await db.raw(
    `${awaitCommitFenceSql('analysis_batch', literal)}; select b.*, c.uuid as company_uuid from analysis_batches b join companies c on c.id = b.company_id where b.uuid = ${literal}::uuid`,
  )) as unknown as { rows: (AnalysisBatchRow & { company_uuid: string })[] }[];
  return results[1].rows[0];
}

/** The run's view of its batch (its company included). */
export async function findAnalysisBatchForWork(
  db: Executor,
  uuid: string,
): Promise<(AnalysisBatchRow & { company_uuid: string }) | undefined> {
  return db('analysis_batches as b')
    .join('companies as c', 'c.id', 'b.company_id')
    .where('b.uuid', uuid)
    .first('b.*', 'c.uuid as company_uuid');
}

export async function listAnalysisBatches(
  db: Executor,
  companyId: number,
  filter: { status?: BatchStatus } & CreatedRange,
  page: NewestFirstPage,
): Promise<AnalysisBatchReadRow[]> {
  const query = db('analysis_batches as b').where('b.company_id', companyId).select('b.*', createdKeyColumn(db, 'b'));
  if (filter.status) query.where('b.status', filter.status);
  return pageNewestFirst(query, 'b', filter, page);
}

/** A change of status; `startedAt`/`completedAt` are set once (the first time). */
export async function updateAnalysisBatchStatus(
  db: Executor,
  batchId: number,
  change: { status: BatchStatus; pauseReason?: BatchPauseReason | null; from?: BatchStatus[] },
): Promise<AnalysisBatchRow | undefined> {
  const query = db('analysis_batches').where({ id: batchId });
  if (change.from) query.whereIn('status', change.from);
  const [row] = await query
    .update({
      status: change.status,
      pause_reason: change.status === 'paused' ? (change.pauseReason ?? 'requested') : null,
      started_at: change.status === 'running' ? db.raw('coalesce(started_at, now())') : db.raw('started_at'),
      completed_at:
        change.status === 'completed' || change.status === 'canceled' ? db.raw('coalesce(completed_at, now())') : db.raw('completed_at'),
    })
    .returning('*');
  return row as AnalysisBatchRow | undefined;
}

export type PendingBatchRow = {
  row_number: number;
  document: string | null;
  entity_id: number | null;
  client_reference: string | null;
  subject_key: string;
};

/**
 * The next pending rows after a position, in file order, marked claimed (handed to a run: a
 * cancel lets them finish). A row claimed by a run a killed worker lost is pending still, and
 * read again by the next page through it.
 */
export async function claimPendingBatchRows(db: Executor, batchId: number, afterRow: number, limit: number): Promise<PendingBatchRow[]> {
  const result = (await db.raw(
    `UPDATE analysis_batch_rows r SET claimed_at = now()
     FROM (SELECT row_number FROM analysis_batch_rows WHERE batch_id = ? AND status = 'pending' AND row_number > ? ORDER BY row_number LIMIT ?) AS page
     WHERE r.batch_id = ? AND r.row_number = page.row_number
     RETURNING r.row_number, r.document, r.entity_id, r.client_reference, r.subject_key`,
    [batchId, afterRow, limit, batchId],
  )) as { rows: PendingBatchRow[] };
  return result.rows.sort((a, b) => a.row_number - b.row_number);
}

export type RowOutcome =
  | { status: 'completed'; analysisUuid: string; score: number; riskLevel: 'low' | 'medium' | 'high' | 'critical' }
  | { status: 'failed'; code: string; message: string };

/**
 * Ends pending rows with one outcome and moves the batch's counters in the same statement: only
 * rows still pending change, so a retry (a worker killed after the write) counts nothing twice.
 */
export async function finishBatchRows(db: Executor, batchId: number, rowNumbers: number[], outcome: RowOutcome): Promise<number> {
  const completed = outcome.status === 'completed';
  const result = (await db.raw(
    `WITH done AS (
       UPDATE analysis_batch_rows SET status = ?, analysis_uuid = ?, score = ?, risk_level = ?, error_code = ?, error_message = ?, finished_at = now()
       WHERE batch_id = ? AND row_number = ANY(?::int[]) AND status = 'pending'
       RETURNING 1
     )
     UPDATE analysis_batches SET
       completed = completed + CASE WHEN ? THEN (SELECT count(*) FROM done) ELSE 0 END,
       failed = failed + CASE WHEN ? THEN 0 ELSE (SELECT count(*) FROM done) END,
       risk_low = risk_low + CASE WHEN ? = 'low' THEN (SELECT count(*) FROM done) ELSE 0 END,
       risk_medium = risk_medium + CASE WHEN ? = 'medium' THEN (SELECT count(*) FROM done) ELSE 0 END,
       risk_high = risk_high + CASE WHEN ? = 'high' THEN (SELECT count(*) FROM done) ELSE 0 END,
       risk_critical = risk_critical + CASE WHEN ? = 'critical' THEN (SELECT count(*) FROM done) ELSE 0 END
     WHERE id = ?
     RETURNING (SELECT count(*) FROM done)::int AS finished`,
    [
      outcome.status,
      completed ? outcome.analysisUuid : null,
      completed ? outcome.score : null,
      completed ? outcome.riskLevel : null,
      completed ? null : outcome.code,
      completed ? null : outcome.message,
      batchId,
      rowNumbers,
      completed,
      completed,
      completed ? outcome.riskLevel : '',
      completed ? outcome.riskLevel : '',
      completed ? outcome.riskLevel : '',
      completed ? outcome.riskLevel : '',
      batchId,
    ],
  )) as { rows: { finished: number }[] };
  return result.rows[0]?.finished ?? 0;
}

/** Pending rows become canceled (all, or only those no run holds), counted in the same statement. */
export async function cancelPendingBatchRows(db: Executor, batchId: number, options: { unclaimedOnly: boolean }): Promise<number> {
  const result = (await db.raw(
    `WITH gone AS (
       UPDATE analysis_batch_rows SET status = 'canceled', finished_at = now()
       WHERE batch_id = ? AND status = 'pending' ${options.unclaimedOnly ? 'AND claimed_at IS NULL' : ''}
       RETURNING 1
     )
     UPDATE analysis_batches SET canceled = canceled + (SELECT count(*) FROM gone) WHERE id = ?
     RETURNING (SELECT count(*) FROM gone)::int AS canceled`,
    [batchId, batchId],
  )) as { rows: { canceled: number }[] };
  return result.rows[0]?.canceled ?? 0;
}

export type BatchResultRow = {
  row_number: number;
  document: string | null;
  entity_id: number | null;
  client_reference: string | null;
  status: 'pending' | 'completed' | 'failed' | 'canceled';
  analysis_uuid: string | null;
  score: number | null;
  risk_level: string | null;
  error_code: string | null;
  error_message: string | null;
};

/** A page of the results in file order after a row (the results stream reads page by page). */
export async function readBatchResultPage(db: Executor, batchId: number, afterRow: number, limit: number): Promise<BatchResultRow[]> {
  return db('analysis_batch_rows')
    .where('batch_id', batchId)
    .where('row_number', '>', afterRow)
    .orderBy('row_number')
    .limit(limit)
    .select(
      'row_number',
      'document',
      'entity_id',
      'client_reference',
      'status',
      'analysis_uuid',
      'score',
      'risk_level',
      'error_code',
      'error_message',
    );
}

/** The company's monthly `analyses` quota from its plan: a count, null for unlimited, 0 when the plan lists none. */
export async function findCompanyAnalysesQuota(db: Executor, companyId: number): Promise<number | null> {
  const row = await db('companies as c')
    .join('plans as p', 'p.id', 'c.plan_id')
    .where('c.id', companyId)
    .first(db.raw(`p.quotas -> 'analyses' AS quota, (p.quotas -> 'analyses') IS NOT NULL AS listed`));
  if (!row || !row.listed) return 0;
  return row.quota === null ? null : Number(row.quota);
}

/** Whether an analysis of this uuid was completed, with its verdict's figures (a duplicate or a retried row reuses it). */
export async function findCompletedAnalysisFigures(
  db: Executor,
  uuid: string,
): Promise<{ score: number; riskLevel: 'low' | 'medium' | 'high' | 'critical' } | undefined> {
  const row = await db('analyses').where({ uuid, status: 'completed' }).first('score', 'risk_level');
  return row ? { score: Number(row.score), riskLevel: row.risk_level } : undefined;
}

/** Operators only (the ops CLI): a batch of any company, by uuid. */
export async function findAnyCompanysAnalysisBatch(db: Executor, uuid: string): Promise<AnalysisBatchRow | undefined> {
  return db('analysis_batches').where({ uuid }).first();
}

/** Operators only (the ops CLI): batches of every company, or of one, newest first. */
export async function listEveryCompanysAnalysisBatches(
  db: Executor,
  filter: { companyId?: number; status?: BatchStatus },
  limit: number,
): Promise<AnalysisBatchRow[]> {
  const query = db('analysis_batches')
    .orderBy([
      { column: 'created_at', order: 'desc' },
      { column: 'id', order: 'desc' },
    ])
    .limit(limit);
  if (filter.companyId !== undefined) query.where('company_id', filter.companyId);
  if (filter.status) query.where('status', filter.status);
  return query;
}

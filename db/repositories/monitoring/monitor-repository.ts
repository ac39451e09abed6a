import type { RiskLevel } from '../../../domain/analysis/verdict';
import type { Executor } from '../../create-db';
import { awaitCommitFenceSql, holdCommitFence, uuidLiteral } from '../commit-fence';
import { type CreatedRange, createdKeyColumn, type NewestFirstPage, pageNewestFirst } from '../newest-first';

export type MonitorStatus = 'active' | 'paused' | 'stopped';

export type MonitorRow = {
  id: number;
  uuid: string;
  company_id: number;
  entity_id: number;
  status: MonitorStatus;
  client_reference: string | null;
  webhook_endpoint_uuid: string | null;
  workflow_id: string;
  baseline_analysis_uuid: string;
  last_analysis_uuid: string | null;
  last_score: number | null;
  last_risk_level: RiskLevel | null;
  last_verdict_fingerprint: string | null;
  last_signals: string[];
  last_checked_at: Date | null;
  next_review_at: Date | null;
  created_at: Date;
  updated_at: Date;
  stopped_at: Date | null;
};

/** The read form's row: the monitor, its subject and how many of its alerts are open. */
export type MonitorReadRow = MonitorRow & {
  subject_entity_type: string | null;
  subject_display_name: string | null;
  subject_document: string | null;
  open_alerts: number;
  created_key: string;
};

export type NewMonitor = {
  uuid: string;
  companyId: number;
  entityId: number;
  clientReference: string | null;
  webhookEndpointUuid: string | null;
  workflowId: string;
  baselineAnalysisUuid: string;
};

/** The live (not stopped) monitor of a subject in a company, if any. */
export async function findLiveMonitorOfSubject(db: Executor, companyId: number, entityId: number): Promise<MonitorRow | undefined> {
  return db('monitors').where({ company_id: companyId, entity_id: entityId }).whereNot('status', 'stopped').first();
}

/**
 * Inserts the active monitor; undefined when a live monitor of the subject exists (the partial
 * unique index decides under concurrency, not a read before the write).
 */
export async function insertMonitor(db: Executor, m: NewMonitor): Promise<MonitorRow | undefined> {
  const rows = (await db.raw(
    `INSERT INTO monitors (uuid, company_id, entity_id, status, client_reference, webhook_endpoint_uuid, workflow_id, baseline_analysis_uuid)
     VALUES (?, ?, ?, 'active', ?, ?, ?, ?)
     ON CONFLICT (company_id, entity_id) WHERE status <> 'stopped' DO NOTHING
     RETURNING *`,
    [m.uuid, m.companyId, m.entityId, m.clientReference, m.webhookEndpointUuid, m.workflowId, m.baselineAnalysisUuid],
  )) as { rows: MonitorRow[] };
  return rows.rows[0];
}

/** Holds the new monitor's commit fence until the surrounding transaction ends (commit-fence.ts). */
export async function fenceNewMonitor(trx: Executor, uuid: string): Promise<void> {
  await holdCommitFence(trx, 'monitor', uuid);
}

/** The worker's first read of a monitor, once the transaction that created it has ended. */
export async function findMonitorAfterCommit(db: Executor, uuid: string): Promise<MonitorRow | undefined> {
  const literal = uuidLiteral(uuid);
  if (!literal) return undefined;
  const results = (await db.raw(
    `${awaitCommitFenceSql('monitor', literal)}; select * from monitors where uuid = ${literal}::uuid`,
  )) as unknown as { rows: MonitorRow[] }[];
  return results[1].rows[0];
}

/** A company's monitor, locked for a change of status; another company's is undefined. */
export async function lockMonitor(db: Executor, companyId: number, uuid: string): Promise<MonitorRow | undefined> {
  return db('monitors').where({ company_id: companyId, uuid }).forUpdate().first();
}

/** The worker's view, locked: the run knows only the uuid, which the API created for one company. */
export async function lockMonitorForWork(db: Executor, uuid: string): Promise<MonitorRow | undefined> {
  return db('monitors').where({ uuid }).forUpdate().first();
}

/** The company's stored setting of review months per risk level (raw: domain/monitoring/review-months-setting.ts reads it). */
export async function findCompanyReviewMonths(db: Executor, companyId: number): Promise<unknown> {
  const row = await db('companies').where({ id: companyId }).first('monitoring_review_months');
  return row?.monitoring_review_months ?? {};
}

export async function setMonitorStatus(db: Executor, id: number, status: MonitorStatus): Promise<void> {
  await db('monitors')
    .where({ id })
    .update({ status, updated_at: db.fn.now(), ...(status === 'stopped' ? { stopped_at: db.fn.now() } : {}) });
}

export type MonitorCheckColumns = {
  analysisUuid: string;
  score: number;
  riskLevel: RiskLevel;
  verdictFingerprint: string;
  signals: string[];
  checkedAt: Date;
  nextReviewAt: Date;
};

export async function recordMonitorCheck(db: Executor, id: number, c: MonitorCheckColumns): Promise<void> {
  await db('monitors')
    .where({ id })
    .update({
      last_analysis_uuid: c.analysisUuid,
      last_score: c.score,
      last_risk_level: c.riskLevel,
      last_verdict_fingerprint: c.verdictFingerprint,
      last_signals: JSON.stringify(c.signals),
      last_checked_at: c.checkedAt,
      next_review_at: c.nextReviewAt,
      updated_at: db.fn.now(),
    });
}

function readQuery(db: Executor) {
  return db('monitors as m')
    .leftJoin('entities as e', 'e.id', 'm.entity_id')
    .select(
      'm.*',
      'e.entity_type as subject_entity_type',
      'e.display_name as subject_display_name',
      'e.document as subject_document',
      db.raw(`(select count(*)::int from monitor_alerts a where a.monitor_id = m.id and a.status = 'open') as open_alerts`),
      createdKeyColumn(db, 'm'),
    );
}

/** GET /monitors/{uuid}: a company's monitor; another company's is undefined, like a missing one. */
export async function findMonitor(db: Executor, companyId: number, uuid: string): Promise<MonitorReadRow | undefined> {
  return readQuery(db).where({ 'm.company_id': companyId, 'm.uuid': uuid }).first();
}

export type MonitorListFilter = CreatedRange & {
  status?: MonitorStatus;
  riskLevel?: RiskLevel;
  hasOpenAlerts?: boolean;
  entityId?: number;
  clientReference?: string;
};

/** GET /monitors: newest first, filtered. */
export async function listMonitors(
  db: Executor,
  companyId: number,
  filter: MonitorListFilter,
  page: NewestFirstPage,
): Promise<MonitorReadRow[]> {
  const query = readQuery(db).where('m.company_id', companyId);
  if (filter.status) query.where('m.status', filter.status);
  if (filter.riskLevel) query.where('m.last_risk_level', filter.riskLevel);
  if (filter.entityId !== undefined) query.where('m.entity_id', filter.entityId);
  if (filter.clientReference !== undefined) query.where('m.client_reference', filter.clientReference);
  if (filter.hasOpenAlerts !== undefined) {
    const open = db('monitor_alerts as a').whereRaw('a.monitor_id = m.id').where('a.status', 'open').select(db.raw('1'));
    if (filter.hasOpenAlerts) query.whereExists(open);
    else query.whereNotExists(open);
  }
  return pageNewestFirst(query, 'm', filter, page);
}

/** The worker's first read of a check: the monitor (after its creating transaction) and its company's uuid. */
export async function findMonitorForCheck(db: Executor, uuid: string): Promise<(MonitorRow & { company_uuid: string }) | undefined> {
  const literal = uuidLiteral(uuid);
  if (!literal) return undefined;
  const results = (await db.raw(
    `${awaitCommitFenceSql('monitor', literal)}; select m.*, c.uuid as company_uuid from monitors m join companies c on c.id = m.company_id where m.uuid = ${literal}::uuid`,
  )) as unknown as { rows: (MonitorRow & { company_uuid: string })[] }[];
  return results[1].rows[0];
}

/**
 * What a check keeps of its analysis: the verdict's fingerprint, score and level, its identified
 * signal codes (what the next alert diffs against) and the entities of its network (the entity →
 * monitor index), read in the database rather than shipping the snapshot to the worker.
 */
export async function loadCheckFacts(
  db: Executor,
  analysisUuid: string,
): Promise<{ score: number; riskLevel: RiskLevel; verdictFingerprint: string; signals: string[]; entityIds: number[] } | undefined> {
  const result = (await db.raw(
    `SELECT score, risk_level, verdict_fingerprint,
            coalesce((SELECT jsonb_agg(DISTINCT s->>'code') FROM jsonb_array_elements(verdict->'signals') s WHERE (s->>'identified')::boolean), '[]'::jsonb) AS signals,
            coalesce((SELECT jsonb_agg(DISTINCT (e->>'entity_id')::bigint) FROM jsonb_array_elements(snapshot->'network'->'entities') e), '[]'::jsonb) AS entity_ids
       FROM analyses WHERE uuid = ? AND status = 'completed'`,
    [analysisUuid],
  )) as { rows: { score: number; risk_level: RiskLevel; verdict_fingerprint: string; signals: string[]; entity_ids: number[] }[] };
  const row = result.rows[0];
  if (!row) return undefined;
  return {
    score: row.score,
    riskLevel: row.risk_level,
    verdictFingerprint: row.verdict_fingerprint,
    signals: [...row.signals].sort(),
    entityIds: row.entity_ids.map(Number),
  };
}

/** A monitor whose next periodic review a reschedule plans again. */
export type ReviewScheduleRow = { id: number; workflow_id: string; last_checked_at: Date; last_risk_level: RiskLevel | null };

/** The company's live (active or paused) checked monitors after `afterId`, in id order: one page of a reschedule. */
export async function findMonitorsToReschedule(
  db: Executor,
  companyId: number,
  afterId: number,
  limit: number,
): Promise<ReviewScheduleRow[]> {
  return db('monitors')
    .where({ company_id: companyId })
    .whereIn('status', ['active', 'paused'])
    .whereNotNull('last_checked_at')
    .andWhere('id', '>', afterId)
    .orderBy('id')
    .limit(limit)
    .select('id', 'workflow_id', 'last_checked_at', 'last_risk_level');
}

/**
 * Sets each monitor's next review in one statement, where its last check is still the one the
 * date was computed from (a check that committed meanwhile planned its own): the ids it set.
 * Compared to the millisecond: the column may hold microseconds (a row written by SQL `now()`),
 * the date read back into JavaScript does not.
 */
export async function setNextReviews(db: Executor, reviews: { id: number; checkedAt: Date; nextReviewAt: Date }[]): Promise<number[]> {
  if (reviews.length === 0) return [];
  const { rows } = await db.raw(
    `UPDATE monitors m SET next_review_at = r.at, updated_at = now()
       FROM unnest(?::bigint[], ?::timestamptz[], ?::timestamptz[]) AS r(id, checked_at, at)
      WHERE m.id = r.id AND date_trunc('milliseconds', m.last_checked_at) = date_trunc('milliseconds', r.checked_at)
      RETURNING m.id`,
    [reviews.map((r) => r.id), reviews.map((r) => r.checkedAt.toISOString()), reviews.map((r) => r.nextReviewAt.toISOString())],
  );
  return (rows as { id: number }[]).map((r) => Number(r.id));
}

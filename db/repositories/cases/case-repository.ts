import type { RecordedActor } from '../../../domain/actor';
import type { CaseDecision } from '../../../domain/cases/case-actions';
import type { CaseClocks, CoafClock } from '../../../domain/cases/case-clocks';
import type { CasePriority, CaseStatus } from '../../../domain/cases/case-policy';
import type { RiskLevel } from '../../../domain/analysis/verdict';
import type { Executor } from '../../create-db';

/** A case as stored (migration 20261126000100; docs/people-and-cases.md, "Cases"). */
export type CaseRow = {
  id: number;
  uuid: string;
  company_id: number;
  status: CaseStatus;
  priority: CasePriority;
  risk_level: RiskLevel;
  analysis_uuid: string;
  alert_uuid: string | null;
  subject: CaseSubject;
  reason: string;
  opened_by: RecordedActor;
  assignee: RecordedActor | null;
  due_at: Date;
  overdue_at: Date | null;
  decision: CaseDecision | null;
  coaf_deadline_at: Date | null;
  coaf_clock: CoafClock | null;
  report_uuid: string | null;
  workflow_id: string;
  /** The last action applied (usecases/cases/apply-case-action.ts): a retried activity applies it once. */
  last_action_uuid: string | null;
  created_at: Date;
  updated_at: Date;
  closed_at: Date | null;
};

/** Who the case is about: the analysis's subject as its verdict names it. */
export type CaseSubject = { entity_id: number; entity_type: string; document: string | null; name: string };

export type CaseNoteRow = { uuid: string; author: RecordedActor; text: string; created_at: Date };

export type NewCase = Omit<
  CaseRow,
  | 'id'
  | 'status'
  | 'last_action_uuid'
  | 'overdue_at'
  | 'decision'
  | 'coaf_deadline_at'
  | 'coaf_clock'
  | 'report_uuid'
  | 'assignee'
  | 'created_at'
  | 'updated_at'
  | 'closed_at'
> & { created_at: Date };

const jsonColumns = ['subject', 'opened_by', 'assignee', 'decision'] as const;

function toInsert(row: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = { ...row };
  for (const column of jsonColumns) if (out[column] !== undefined && out[column] !== null) out[column] = JSON.stringify(out[column]);
  return out;
}

/**
 * Inserts a case unless one that is not closed exists for the analysis (the partial unique index):
 * answers the new row, or undefined when one was already open.
 */
export async function insertCase(db: Executor, row: NewCase): Promise<CaseRow | undefined> {
  const { rows } = await db.raw(
    `${db('cases')
      .insert(toInsert({ ...row, status: 'open', updated_at: row.created_at }))
      .toString()}
     ON CONFLICT (company_id, analysis_uuid) WHERE status <> 'closed' DO NOTHING RETURNING *`,
  );
  return rows[0];
}

/** The case that is not closed for this analysis, if any. */
export async function findOpenCaseOfAnalysis(db: Executor, companyId: number, analysisUuid: string): Promise<CaseRow | undefined> {
  return db('cases').where({ company_id: companyId, analysis_uuid: analysisUuid }).whereNot('status', 'closed').first();
}

/**
 * The case a report's dossier names (docs/reports.md, "The dossier PDF"): the case that asked for
 * this report (its approved report_to_coaf), else the latest case on the report's analysis.
 */
export async function findCaseOfReport(
  db: Executor,
  companyId: number,
  reportUuid: string,
  analysisUuid: string,
): Promise<CaseRow | undefined> {
  return db('cases')
    .where({ company_id: companyId })
    .andWhereRaw('(report_uuid = ?::uuid OR analysis_uuid = ?::uuid)', [reportUuid, analysisUuid])
    .orderByRaw('(report_uuid IS NOT DISTINCT FROM ?::uuid) DESC, id DESC', [reportUuid])
    .first();
}

/** The case opened for a monitoring alert, if any. */
export async function findCaseOfAlert(db: Executor, companyId: number, alertUuid: string): Promise<CaseRow | undefined> {
  return db('cases').where({ company_id: companyId, alert_uuid: alertUuid }).first();
}

/** Whether the analysis ever had a case (the service opens at most one by itself). */
export async function analysisHasCase(db: Executor, companyId: number, analysisUuid: string): Promise<boolean> {
  return Boolean(await db('cases').where({ company_id: companyId, analysis_uuid: analysisUuid }).first('id'));
}

export async function findCase(db: Executor, companyId: number, uuid: string): Promise<CaseRow | undefined> {
  return db('cases').where({ company_id: companyId, uuid }).first();
}

/** The case by uuid alone: its workflow's steps, which know the case and not the company that asks. */
export async function findCaseByUuid(db: Executor, uuid: string): Promise<CaseRow | undefined> {
  return db('cases').where({ uuid }).first();
}

/** The case by uuid alone, locked until the transaction ends: an action reads and writes it under the lock. */
export async function lockCase(trx: Executor, uuid: string): Promise<CaseRow | undefined> {
  return trx('cases').where({ uuid }).forUpdate().first();
}

export type CaseChanges = Partial<
  Pick<
    CaseRow,
    'last_action_uuid' | 'status' | 'assignee' | 'decision' | 'coaf_deadline_at' | 'coaf_clock' | 'report_uuid' | 'overdue_at' | 'closed_at'
  >
>;

export async function updateCase(trx: Executor, id: number, changes: CaseChanges, now: Date): Promise<CaseRow> {
  const [row] = await trx('cases')
    .where({ id })
    .update(toInsert({ ...changes, updated_at: now }))
    .returning('*');
  return row;
}

export async function insertCaseNote(
  trx: Executor,
  caseId: number,
  note: { uuid: string; author: RecordedActor; text: string; createdAt: Date },
): Promise<CaseNoteRow> {
  const [row] = await trx('case_notes')
    .insert({ uuid: note.uuid, case_id: caseId, author: JSON.stringify(note.author), text: note.text, created_at: note.createdAt })
    .returning(['uuid', 'author', 'text', 'created_at']);
  return row;
}

export async function listCaseNotes(db: Executor, caseId: number): Promise<CaseNoteRow[]> {
  return db('case_notes').where({ case_id: caseId }).orderBy('id').select('uuid', 'author', 'text', 'created_at');
}

/** Cases with an open COAF clock on this report: filing it stops them. */
export async function casesAwaitingReport(trx: Executor, companyId: number, reportUuid: string): Promise<CaseRow[]> {
  return trx('cases').where({ company_id: companyId, report_uuid: reportUuid, coaf_clock: 'running' }).forUpdate();
}

export type CaseFilters = { status?: CaseStatus; priority?: CasePriority; assigneeId?: string; unassigned?: boolean; overdue?: boolean };

/** A company's cases, newest first (by id), after the cursor's id. */
export async function listCases(
  db: Executor,
  companyId: number,
  filters: CaseFilters,
  page: { beforeId: number | null; limit: number },
): Promise<CaseRow[]> {
  const query = db('cases').where({ company_id: companyId });
  if (filters.status) query.where('status', filters.status);
  if (filters.priority) query.where('priority', filters.priority);
  if (filters.assigneeId) query.whereRaw(`assignee->>'id' = ?`, [filters.assigneeId]);
  if (filters.unassigned) query.whereNull('assignee');
  if (filters.overdue === true) query.whereRaw(`(overdue_at IS NOT NULL OR coaf_clock = 'overdue')`);
  if (filters.overdue === false) query.whereNull('overdue_at').whereRaw(`coaf_clock IS DISTINCT FROM 'overdue'`);
  if (page.beforeId !== null) query.where('id', '<', page.beforeId);
  return query.orderBy('id', 'desc').limit(page.limit);
}

/** The clocks of a case, as its workflow keeps them. */
export function clocksOf(row: CaseRow): CaseClocks {
  return {
    status: row.status,
    dueAt: row.due_at.toISOString(),
    overdueAt: row.overdue_at?.toISOString() ?? null,
    coafDeadlineAt: row.coaf_deadline_at?.toISOString() ?? null,
    coafClock: row.coaf_clock,
  };
}

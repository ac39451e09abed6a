import type { CaseNoteRow, CaseRow } from '../../db/repositories/cases/case-repository';

/** A case as the API answers it (docs/people-and-cases.md, "Cases"): pure row → body. */
export function presentCase(row: CaseRow, notes: CaseNoteRow[] | null) {
  return {
    uuid: row.uuid,
    status: row.status,
    priority: row.priority,
    risk_level: row.risk_level,
    subject: row.subject,
    analysis_uuid: row.analysis_uuid,
    alert_uuid: row.alert_uuid,
    reason: row.reason,
    opened_by: row.opened_by,
    assignee: row.assignee,
    due_at: row.due_at.toISOString(),
    overdue: row.overdue_at !== null,
    overdue_at: row.overdue_at?.toISOString() ?? null,
    decision: row.decision,
    coaf_deadline_at: row.coaf_deadline_at?.toISOString() ?? null,
    coaf_clock: row.coaf_clock,
    report_uuid: row.report_uuid,
    ...(notes
      ? { notes: notes.map((n) => ({ uuid: n.uuid, author: n.author, text: n.text, created_at: n.created_at.toISOString() })) }
      : {}),
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
    closed_at: row.closed_at?.toISOString() ?? null,
  };
}

import { findCaseOfReport } from '../../../db/repositories/cases/case-repository';
import type { Executor } from '../../../db/create-db';
import type { ReportRow } from '../../../db/repositories/reports/report-repository';
import type { ReportType } from '../../../domain/regulatory/manifest-types';
import type { PdfContext } from '../../../infra/report-pdf';
import { manifestOf } from './report-state';

/**
 * What the dossier PDF prints beside the report's own document (docs/reports.md, "The dossier
 * PDF"): the decision of the case on it (who decided and approved, when) and its clocks, and the
 * manifest's retention rule. No case: the dossier says "sem decisão registrada".
 */
export async function reportPdfContext(db: Executor, row: ReportRow): Promise<PdfContext> {
  const found = await findCaseOfReport(db, row.company_id, row.uuid, row.analysis_uuid);
  const retention = manifestOf(row).retention[row.type as ReportType] ?? null;
  if (!found) return { case: null, retention };
  const d = found.decision;
  return {
    case: {
      decision: d
        ? {
            outcome: d.outcome,
            rationale: d.rationale,
            decided_by: { name: d.decided_by.name, type: d.decided_by.type },
            decided_at: d.decided_at,
            approved_by: d.approved_by ? { name: d.approved_by.name, type: d.approved_by.type } : null,
            approved_at: d.approved_at,
          }
        : null,
      due_at: found.due_at ? new Date(found.due_at).toISOString() : null,
      coaf_deadline_at: found.coaf_deadline_at ? new Date(found.coaf_deadline_at).toISOString() : null,
    },
    retention,
  };
}

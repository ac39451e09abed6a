import { updateReport } from '../../db/repositories/reports/report-repository';
import { ConflictError, ValidationError } from '../../domain/errors';
import { reportTypeSpec } from '../../domain/regulatory/manifest-registry';
import type { ReportType } from '../../domain/regulatory/manifest-types';
import type { MemberActor } from '../../domain/actor';
import { notifyCaseClocksChanged, stopCoafClocksOfReport } from '../cases/support/case-clocks';
import { reportsTotal } from '../../infra/metrics';
import { recordAuditEvent } from '../audit/record-audit-event';
import type { UsecaseDeps } from '../support/usecase-deps';
import { manifestOf, requireReport } from './support/report-state';

/**
 * POST /reports/{uuid}/filing: the officer records that the finalized COS was transmitted
 * through Siscoaf (the protocol Siscoaf gave, and when). coaf_cos only (422 otherwise);
 * finalized only (409 otherwise).
 */
export async function fileReport(
  deps: UsecaseDeps,
  actor: MemberActor,
  input: { uuid: string; filing: { protocol: string; filed_at: string } },
): Promise<void> {
  const { uuid, filing } = input;
  const { type, stopped } = await deps.db.transaction(async (trx) => {
    const row = await requireReport(trx, actor.company.id, uuid, { lock: true });
    if (!reportTypeSpec(manifestOf(row), row.type as ReportType).fileable)
      throw ValidationError.single(['uuid'], `a ${row.type} report is kept, not filed with a regulator`, 'report_not_fileable');
    if (row.status !== 'finalized') throw new ConflictError(`the report is ${row.status}: only a finalized report can be filed`);
    if (row.finalized_at && Date.parse(filing.filed_at) < row.finalized_at.getTime())
      throw ValidationError.single(['filed_at'], 'a report cannot be filed before it was finalized', 'filed_before_finalized');
    await updateReport(trx, row.id, { status: 'filed', filing_protocol: filing.protocol, filed_at: new Date(filing.filed_at) });
    await recordAuditEvent({ ...deps, db: trx }, actor, {
      action: 'report.filed',
      resource: { type: 'report', uuid: row.uuid },
      changes: { status: { from: row.status, to: 'filed' }, filing_protocol: filing.protocol, filed_at: new Date(filing.filed_at) },
    });
    // A COAF communication a case decided on is made: its clock stops (docs/people-and-cases.md, "Clocks").
    const stopped = await stopCoafClocksOfReport(trx, deps, { companyId: actor.company.id, reportUuid: row.uuid, filedBy: actor });
    return { type: row.type, stopped };
  });
  await notifyCaseClocksChanged(
    deps,
    stopped.map((c) => ({ uuid: c.uuid, companyUuid: actor.company.uuid })),
  );
  reportsTotal.inc({ type, outcome: 'filed' });
}

import { updateReport } from '../../db/repositories/reports/report-repository';
import type { MemberActor } from '../../domain/actor';
import { isValidCnpj } from '../../domain/documents/cnpj';
import { isValidCpf } from '../../domain/documents/cpf';
import { ValidationError, type ValidationIssue } from '../../domain/errors';
import { latin1Issues } from '../../domain/reports/siscoaf/latin1';
import type { OccurrenceData } from '../../domain/reports/siscoaf/occurrence-data';
import { recordAuditEvent } from '../audit/record-audit-event';
import type { UsecaseDeps } from '../support/usecase-deps';
import { requireDraft, requireReport } from './support/report-state';

/**
 * PUT /reports/{uuid}/occurrence: the occurrence data of a coaf_cos draft that a verdict cannot
 * know (number, period, agency, amounts, account data of the parties; docs/reports.md,
 * "Occurrence data"). It replaces what was entered before; it may be partial while a draft
 * (finalize lists what is missing). 422 for another type or text outside ISO-8859-1, 409 unless draft.
 */
export async function setReportOccurrence(
  deps: UsecaseDeps,
  actor: MemberActor,
  input: { uuid: string; occurrence: OccurrenceData },
): Promise<void> {
  const { uuid, occurrence } = input;
  await deps.db.transaction(async (trx) => {
    const row = await requireReport(trx, actor.company.id, uuid, { lock: true });
    if (row.type !== 'coaf_cos')
      throw ValidationError.single(
        ['uuid'],
        'occurrence data belongs to a coaf_cos report (the Siscoaf communication) only',
        'occurrence_not_applicable',
      );
    requireDraft(row, 'changed');
    const issues: ValidationIssue[] = (occurrence.parties ?? []).flatMap((p, i) =>
      (p.document.length === 11 ? isValidCpf(p.document) : isValidCnpj(p.document))
        ? []
        : [{ loc: ['parties', i, 'document'], msg: 'not a valid CPF or CNPJ (check digits)', type: 'document_invalid' }],
    );
    issues.push(...latin1Issues(occurrence, []));
    if (issues.length > 0) throw new ValidationError(issues);
    await updateReport(trx, row.id, { occurrence });
    // Last in the transaction: the chain's lock is held only until the commit.
    await recordAuditEvent({ ...deps, db: trx }, actor, {
      action: 'report.occurrence_set',
      resource: { type: 'report', uuid: row.uuid },
      changes: { occurrence: { from: row.occurrence ?? null, to: occurrence } },
    });
  });
}

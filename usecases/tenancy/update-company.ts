import { findCompanyByUuid } from '../../db/repositories/tenancy/tenancy-repository';
import { type CompanyRow, updateCompany as writeCompany } from '../../db/repositories/tenancy/tenancy-admin-repository';
import type { OperatorActor } from '../../domain/actor';
import type { ReviewMonths } from '../../domain/monitoring/review-months-setting';
import { recordAuditEvent } from '../audit/record-audit-event';
import type { UsecaseDeps } from '../support/usecase-deps';

/** What changes (absent: unchanged; a null CNPJ clears it). */
export type UpdateCompanyInput = {
  companyUuid: string;
  name?: string;
  planCode?: string;
  reportingInstitutionCnpj?: string | null;
  monitoringReviewMonths?: ReviewMonths;
};

/** An operator changes a company (`ops company update`), with the `company.updated` audit event of what was asked. */
export async function updateCompany(
  deps: Pick<UsecaseDeps, 'db' | 'clock' | 'requestId'>,
  actor: OperatorActor,
  input: UpdateCompanyInput,
): Promise<CompanyRow> {
  return deps.db.transaction(async (trx) => {
    const updated = await writeCompany(trx, input.companyUuid, {
      name: input.name,
      planCode: input.planCode,
      reportingInstitutionCnpj: input.reportingInstitutionCnpj,
      monitoringReviewMonths: input.monitoringReviewMonths,
    });
    const known = await findCompanyByUuid(trx, updated.uuid);
    await recordAuditEvent({ ...deps, db: trx }, actor, {
      companyId: known.id,
      action: 'company.updated',
      resource: { type: 'company', uuid: updated.uuid },
      changes: {
        name: input.name,
        plan_code: input.planCode,
        reporting_institution_cnpj: input.reportingInstitutionCnpj,
        monitoring_review_months: input.monitoringReviewMonths,
      },
    });
    return updated;
  });
}

import { createCompany as insertCompany } from '../../db/repositories/tenancy/tenancy-repository';
import { updateCompany } from '../../db/repositories/tenancy/tenancy-admin-repository';
import type { OperatorActor } from '../../domain/actor';
import { recordAuditEvent } from '../audit/record-audit-event';
import type { UsecaseDeps } from '../support/usecase-deps';

export type CreateCompanyInput = { name: string; planCode: string; reportingInstitutionCnpj?: string | null };

/**
 * An operator creates a company on a plan (`ops company create`), with its own CNPJ when given,
 * and the `company.created` audit event: the first event of the company's own chain.
 */
export async function createCompany(
  deps: Pick<UsecaseDeps, 'db' | 'clock' | 'requestId'>,
  actor: OperatorActor,
  input: CreateCompanyInput,
): Promise<{ id: number; uuid: string; name: string }> {
  return deps.db.transaction(async (trx) => {
    const created = await insertCompany(trx, { name: input.name, planCode: input.planCode });
    if (input.reportingInstitutionCnpj)
      await updateCompany(trx, created.uuid, { reportingInstitutionCnpj: input.reportingInstitutionCnpj });
    await recordAuditEvent({ ...deps, db: trx }, actor, {
      companyId: created.id,
      action: 'company.created',
      resource: { type: 'company', uuid: created.uuid },
      changes: { name: input.name, plan_code: input.planCode, reporting_institution_cnpj: input.reportingInstitutionCnpj ?? null },
    });
    return created;
  });
}

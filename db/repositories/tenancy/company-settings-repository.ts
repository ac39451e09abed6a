import type { Executor } from '../../create-db';

/** Company settings the reports need: its name and the reporting institution's CNPJ (Siscoaf CPFCNPJCom). */
export type CompanySettings = { name: string; reporting_institution_cnpj: string | null };

export async function findCompanySettings(db: Executor, companyId: number): Promise<CompanySettings | undefined> {
  return db('companies').where({ id: companyId }).first('name', 'reporting_institution_cnpj');
}

/** Sets (or clears, with null) the CNPJ; undefined when there is no such company. */
export async function setReportingInstitutionCnpj(
  db: Executor,
  companyUuid: string,
  cnpj: string | null,
): Promise<{ uuid: string; name: string; reporting_institution_cnpj: string | null } | undefined> {
  const [row] = await db('companies')
    .where({ uuid: companyUuid })
    .update({ reporting_institution_cnpj: cnpj })
    .returning(['uuid', 'name', 'reporting_institution_cnpj']);
  return row;
}

import type { SectionBuilder } from '../report-types';

/** The reporting institution (Siscoaf CPFCNPJCom): the customer company and its CNPJ setting. */
export const buildReportingInstitution: SectionBuilder = (input) => ({
  content: { name: input.institution.name, cnpj: input.institution.cnpj, configured: input.institution.cnpj !== null },
  sources: ['company.name', 'company.reporting_institution_cnpj'],
});

import { z } from 'zod';
import { setReportingInstitutionCnpj } from '../../db/repositories/company-settings-repository';
import { isValidCnpj } from '../../domain/documents/cnpj';
import { normalizeDocument } from '../../domain/documents/parse-document';
import { NotFoundError } from '../../domain/errors';
import { defineCommand } from '../command';

/** A CNPJ as typed (12.345.678/0001-95, alphanumeric too), stored as its 14 characters; `none` clears it. */
const cnpj = z.string().transform((value, ctx) => {
  if (value === 'none') return null;
  const normalized = normalizeDocument(value);
  if (!isValidCnpj(normalized)) {
    ctx.addIssue({ code: 'custom', message: `"${value}" is not a valid CNPJ (or "none" to clear it)` });
    return z.NEVER;
  }
  return normalized;
});

export const companyUpdate = defineCommand({
  name: ['company', 'update'],
  summary: "Update a company's settings: the reporting institution CNPJ of its COAF communications (GET /account shows it)",
  flags: ['--company <company uuid>', '--cnpj <CNPJ | none>'],
  options: z.object({ company: z.uuid(), cnpj }),
  run: async ({ options, db }) => {
    const row = await setReportingInstitutionCnpj(await db(), options.company, options.cnpj);
    if (!row) throw new NotFoundError('company');
    return { company_uuid: row.uuid, name: row.name, reporting_institution_cnpj: row.reporting_institution_cnpj };
  },
});

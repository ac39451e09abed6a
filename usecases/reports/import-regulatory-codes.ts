import { findCompanyByUuid } from '../../db/repositories/tenancy/tenancy-repository';
import { replaceInstitutionCodes } from '../../db/repositories/reports/regulatory-code-repository';
import type { Actor } from '../../domain/actor';
import { NotFoundError } from '../../domain/errors';
import type { CodeTableName } from '../../domain/reports/siscoaf/resolve-siscoaf-codes';
import { parseCodeTableCsv } from '../../domain/reports/siscoaf/code-table-csv';
import { recordAuditEvent } from '../audit/record-audit-event';
import type { UsecaseDeps } from '../support/usecase-deps';

/**
 * `ops regulatory codes import`: the institution's Siscoaf code tables (TpEnv, CodEnq), as its
 * compliance officer exported them, replace the company's tables of the same names
 * (docs/reports.md, "Code tables"). The CSV is checked whole before anything is written.
 */
export async function importRegulatoryCodes(
  deps: Pick<UsecaseDeps, 'db'>,
  actor: Actor,
  input: { companyUuid: string; csv: string },
): Promise<{ tables: Record<CodeTableName, number> }> {
  const rows = parseCodeTableCsv(input.csv);
  const tables = [...new Set(rows.map((r) => r.table))];
  const counts = { TpEnv: rows.filter((r) => r.table === 'TpEnv').length, CodEnq: rows.filter((r) => r.table === 'CodEnq').length };
  await deps.db.transaction(async (trx) => {
    const company = await findCompanyByUuid(trx, input.companyUuid);
    if (!company) throw new NotFoundError('company');
    await replaceInstitutionCodes(trx, company.id, tables, rows);
    await recordAuditEvent({ ...deps, db: trx }, actor, {
      companyId: company.id,
      action: 'regulatory_codes.imported',
      resource: { type: 'company', uuid: company.uuid },
      changes: { tables: Object.fromEntries(tables.map((t) => [t, counts[t]])) },
    });
  });
  return { tables: counts };
}

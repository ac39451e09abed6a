import type { Executor } from '../../create-db';
import type { CodeTableName, InstitutionCode } from '../../../domain/reports/siscoaf/resolve-siscoaf-codes';

/** A company's Siscoaf code tables (db/migrations/20261126000300_regulatory_codes.ts). */
export async function institutionCodes(db: Executor, companyId: number): Promise<InstitutionCode[]> {
  const rows = await db('regulatory_codes')
    .where({ company_id: companyId })
    .orderBy([{ column: 'code_table' }, { column: 'code' }])
    .select('code_table', 'code', 'description');
  return rows.map((r: any) => ({ table: r.code_table, code: r.code, description: r.description }));
}

/** Replaces the given tables of the company with these rows (the tables not named stay as they are). */
export async function replaceInstitutionCodes(
  db: Executor,
  companyId: number,
  tables: CodeTableName[],
  rows: InstitutionCode[],
): Promise<void> {
  await db('regulatory_codes').where({ company_id: companyId }).whereIn('code_table', tables).delete();
  if (rows.length > 0)
    await db('regulatory_codes').insert(
      rows.map((r) => ({ company_id: companyId, code_table: r.table, code: r.code, description: r.description })),
    );
}

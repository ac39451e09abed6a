import type { Executor } from '../../create-db';

/**
 * Reserves `units` of quota (one by default) in a single statement: correct under any concurrency
 * because the row lock of the upsert serialises competing reservations and the WHERE re-checks
 * the limit. All or nothing: a request of several units that would pass the limit takes none.
 */
export async function reserveQuota(
  db: Executor,
  input: { companyId: number; operation: string; period: string; limit: number; units?: number },
): Promise<boolean> {
  const units = input.units ?? 1;
  const result = await db.raw(
    `INSERT INTO quota_usage (company_id, operation, period, used)
     SELECT ?, ?, ?, ?::int WHERE ?::int <= ?::int
     ON CONFLICT (company_id, operation, period)
     DO UPDATE SET used = quota_usage.used + ?::int WHERE quota_usage.used + ?::int <= ?::int
     RETURNING used`,
    [input.companyId, input.operation, input.period, units, units, input.limit, units, units, input.limit],
  );
  return result.rows.length === 1;
}

/** Gives back a reservation (of `units`, one by default) whose request did not succeed. */
export async function releaseQuota(
  db: Executor,
  input: { companyId: number; operation: string; period: string; units?: number },
): Promise<void> {
  await db('quota_usage')
    .where({ company_id: input.companyId, operation: input.operation, period: input.period })
    .update({ used: db.raw('greatest(0, used - ?::int)', [input.units ?? 1]) });
}

export async function getQuotaUsage(db: Executor, companyId: number, period: string): Promise<Record<string, number>> {
  const rows = await db('quota_usage').where({ company_id: companyId, period }).select('operation', 'used');
  return Object.fromEntries(rows.map((r: any) => [r.operation, r.used]));
}

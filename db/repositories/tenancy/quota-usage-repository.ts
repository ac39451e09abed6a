import type { Executor } from '../../create-db';

/**
 * Reserves one unit of quota in a single statement: correct under any concurrency because the
 * row lock of the upsert serialises competing reservations and the WHERE re-checks the limit.
 */
export async function reserveQuota(db: Executor, input: { companyId: number; operation: string; period: string; limit: number }): Promise<boolean> {
  const result = await db.raw(
    `INSERT INTO quota_usage (company_id, operation, period, used)
     SELECT ?, ?, ?, 1 WHERE ?::int > 0
     ON CONFLICT (company_id, operation, period)
     DO UPDATE SET used = quota_usage.used + 1 WHERE quota_usage.used < ?::int
     RETURNING used`,
    [input.companyId, input.operation, input.period, input.limit, input.limit],
  );
  return result.rows.length === 1;
}

/** Gives back a reservation whose request did not succeed. */
export async function releaseQuota(db: Executor, input: { companyId: number; operation: string; period: string }): Promise<void> {
  await db('quota_usage').where({ company_id: input.companyId, operation: input.operation, period: input.period }).andWhere('used', '>', 0).decrement('used', 1);
}

export async function getQuotaUsage(db: Executor, companyId: number, period: string): Promise<Record<string, number>> {
  const rows = await db('quota_usage').where({ company_id: companyId, period }).select('operation', 'used');
  return Object.fromEntries(rows.map((r: any) => [r.operation, r.used]));
}

import { createHash, randomBytes } from 'node:crypto';
import type { Executor } from '../create-db';
import { ConflictError, NotFoundError } from '../../domain/errors';
import { type PlanLimits, readPlanLimits } from '../../domain/plan-limits';
import type { AuthContext, PlanQuotas } from '../../domain/tenancy';

export function hashApiKey(apiKey: string): string {
  return createHash('sha256').update(apiKey).digest('hex');
}

export function generateApiKey(): string {
  return `erk_${randomBytes(32).toString('base64url')}`;
}

export type PlanInput = { code: string; features: string[]; quotas: PlanQuotas; limits?: PlanLimits };

/** Creates or updates a plan by code (plans are configuration: re-running converges). */
export async function upsertPlan(db: Executor, plan: PlanInput): Promise<{ id: number; code: string }> {
  const [row] = await db('plans')
    .insert({ code: plan.code, features: plan.features, quotas: JSON.stringify(plan.quotas), limits: JSON.stringify(plan.limits ?? {}) })
    .onConflict('code')
    .merge(['features', 'quotas', 'limits'])
    .returning(['id', 'code']);
  return row;
}

export async function createCompany(db: Executor, input: { name: string; planCode: string; uuid?: string }) {
  const plan = await db('plans').where({ code: input.planCode }).first('id');
  if (!plan) throw new NotFoundError('plan');
  const [row] = await db('companies')
    .insert({ name: input.name, plan_id: plan.id, ...(input.uuid ? { uuid: input.uuid } : {}) })
    .returning(['id', 'uuid', 'name']);
  return row as { id: number; uuid: string; name: string };
}

export async function findCompanyByUuid(db: Executor, uuid: string) {
  return db('companies').where({ uuid }).first(['id', 'uuid', 'name', 'plan_id']);
}

export async function findCompanyUuid(db: Executor, companyId: number): Promise<string | undefined> {
  return (await db('companies').where({ id: companyId }).first('uuid'))?.uuid;
}

export async function createApiKey(
  db: Executor,
  input: { companyUuid: string; scopes: string[]; expiresAt?: Date | null; name?: string | null; apiKey?: string },
): Promise<{ keyUuid: string; apiKey: string }> {
  const company = await findCompanyByUuid(db, input.companyUuid);
  if (!company) throw new NotFoundError('company');
  const apiKey = input.apiKey ?? generateApiKey();
  const [row] = await db('api_keys')
    .insert({
      company_id: company.id,
      name: input.name ?? null,
      key_hash: hashApiKey(apiKey),
      key_prefix: apiKey.slice(0, 10),
      scopes: input.scopes,
      expires_at: input.expiresAt ?? null,
    })
    .returning(['uuid']);
  return { keyUuid: row.uuid, apiKey };
}

export async function revokeApiKey(db: Executor, keyUuid: string): Promise<{ keyUuid: string; revokedAt: string }> {
  const [row] = await db('api_keys')
    .where({ uuid: keyUuid })
    .update({ revoked_at: db.raw('coalesce(revoked_at, now())') })
    .returning(['uuid', 'revoked_at']);
  if (!row) throw new NotFoundError('api key');
  return { keyUuid: row.uuid, revokedAt: new Date(row.revoked_at).toISOString() };
}

/** The key's company, scopes and plan, or null when unknown, expired or revoked. */
export async function findActiveApiKey(db: Executor, apiKey: string, now: Date): Promise<AuthContext | null> {
  // Plain SQL: it runs on every request, and compiling the query builder each time is avoidable.
  const { rows } = await db.raw(
    `SELECT k.id AS key_id, k.uuid AS key_uuid, k.scopes, k.last_used_at, c.id AS company_id, c.uuid AS company_uuid,
            p.code AS plan_code, p.features, p.quotas, p.limits AS plan_limits
       FROM api_keys k JOIN companies c ON c.id = k.company_id JOIN plans p ON p.id = c.plan_id
      WHERE k.key_hash = ? AND k.revoked_at IS NULL AND (k.expires_at IS NULL OR k.expires_at > ?)
      LIMIT 1`,
    [hashApiKey(apiKey), now],
  );
  const row = rows[0];
  if (!row) return null;
  return {
    keyId: row.key_id,
    keyUuid: row.key_uuid,
    companyId: row.company_id,
    companyUuid: row.company_uuid,
    scopes: new Set(row.scopes),
    plan: { code: row.plan_code, features: new Set(row.features), quotas: row.quotas ?? {} },
    lastUsedAt: row.last_used_at ? new Date(row.last_used_at) : null,
    planLimits: readPlanLimits(row.plan_limits),
  };
}

/** Throttled so that authentication is not a write on every request. */
/** The scopes of a key, replaced (the local demo key widened to new scopes). */
export async function setApiKeyScopes(db: Executor, keyUuid: string, scopes: string[]): Promise<void> {
  await db('api_keys').where({ uuid: keyUuid }).update({ scopes });
}

export async function touchApiKey(db: Executor, keyId: number): Promise<void> {
  await db('api_keys')
    .where({ id: keyId })
    .andWhere((q) => q.whereNull('last_used_at').orWhere('last_used_at', '<', db.raw("now() - interval '1 minute'")))
    .update({ last_used_at: db.fn.now() });
}

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

export function assertUnique(error: any, what: string): never {
  if (error?.code === '23505') throw new ConflictError(`${what} already exists`);
  throw error;
}

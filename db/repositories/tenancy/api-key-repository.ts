import type { Executor } from '../../create-db';
import { readPlanLimits } from '../../../domain/plan-limits';
import type { AuthContext } from '../../../domain/tenancy';

/** API keys: stored as a SHA-256 hash with a display prefix, scoped, expiring and revocable (usecases/tenancy/issue-api-key.ts makes them). */
export async function insertApiKey(
  db: Executor,
  row: { companyId: number; name: string | null; keyHash: string; keyPrefix: string; scopes: string[]; expiresAt: Date | null },
): Promise<string> {
  const [inserted] = await db('api_keys')
    .insert({ company_id: row.companyId, name: row.name, key_hash: row.keyHash, key_prefix: row.keyPrefix, scopes: row.scopes, expires_at: row.expiresAt })
    .returning(['uuid']);
  return inserted.uuid;
}

/** Sets the revocation time once (`wasRevoked`: it already had one); undefined for an unknown key. */
export async function markApiKeyRevoked(db: Executor, keyUuid: string): Promise<{ keyUuid: string; revokedAt: string; companyId: number; wasRevoked: boolean } | undefined> {
  const before = await db('api_keys').where({ uuid: keyUuid }).first('revoked_at');
  const [row] = await db('api_keys')
    .where({ uuid: keyUuid })
    .update({ revoked_at: db.raw('coalesce(revoked_at, now())') })
    .returning(['uuid', 'revoked_at', 'company_id']);
  return row ? { keyUuid: row.uuid, revokedAt: new Date(row.revoked_at).toISOString(), companyId: Number(row.company_id), wasRevoked: Boolean(before?.revoked_at) } : undefined;
}

/** The company, scopes and plan of the key with this hash (domain/api-key-secret.ts), or null when unknown, expired or revoked. */
export async function findActiveApiKey(db: Executor, keyHash: string, now: Date): Promise<AuthContext | null> {
  // Plain SQL: it runs on every request, and compiling the query builder each time is avoidable.
  const { rows } = await db.raw(
    `SELECT k.id AS key_id, k.uuid AS key_uuid, k.name AS key_name, k.scopes, k.last_used_at, c.id AS company_id, c.uuid AS company_uuid,
            p.code AS plan_code, p.features, p.quotas, p.limits AS plan_limits
       FROM api_keys k JOIN companies c ON c.id = k.company_id JOIN plans p ON p.id = c.plan_id
      WHERE k.key_hash = ? AND k.revoked_at IS NULL AND (k.expires_at IS NULL OR k.expires_at > ?)
      LIMIT 1`,
    [keyHash, now],
  );
  const row = rows[0];
  if (!row) return null;
  return {
    keyId: row.key_id,
    keyUuid: row.key_uuid,
    keyName: row.key_name ?? null,
    companyId: row.company_id,
    companyUuid: row.company_uuid,
    scopes: new Set(row.scopes),
    plan: { code: row.plan_code, features: new Set(row.features), quotas: row.quotas ?? {} },
    lastUsedAt: row.last_used_at ? new Date(row.last_used_at) : null,
    planLimits: readPlanLimits(row.plan_limits),
  };
}

/** The scopes of a key, replaced (the local demo key widened to new scopes). */
export async function setApiKeyScopes(db: Executor, keyUuid: string, scopes: string[]): Promise<void> {
  await db('api_keys').where({ uuid: keyUuid }).update({ scopes });
}

/** Throttled so that authentication is not a write on every request. */
export async function touchApiKey(db: Executor, keyId: number): Promise<void> {
  await db('api_keys')
    .where({ id: keyId })
    .andWhere((q) => {
      q.whereNull('last_used_at').orWhere('last_used_at', '<', db.raw("now() - interval '1 minute'"));
    })
    .update({ last_used_at: db.fn.now() });
}

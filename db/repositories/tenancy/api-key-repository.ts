import type { Executor } from '../../create-db';
import { type RateWindowCount, readPlanLimits } from '../../../domain/plan-limits';
import { countUseSql, windowStartSql } from './rate-limit-repository';
import type { AuthContext, PlanQuotas } from '../../../domain/tenancy';

/** API keys: stored as a SHA-256 hash with a display prefix, scoped, expiring and revocable (usecases/tenancy/issue-api-key.ts makes them). */
export async function insertApiKey(
  db: Executor,
  row: {
    companyId: number;
    name: string | null;
    keyHash: string;
    keyPrefix: string;
    scopes: string[];
    expiresAt: Date | null;
    personId?: number | null;
  },
): Promise<string> {
  const [inserted] = await db('api_keys')
    .insert({
      company_id: row.companyId,
      name: row.name,
      key_hash: row.keyHash,
      key_prefix: row.keyPrefix,
      scopes: row.scopes,
      expires_at: row.expiresAt,
      person_id: row.personId ?? null,
    })
    .returning(['uuid']);
  return inserted.uuid;
}

/** Sets the revocation time once (`wasRevoked`: it already had one); undefined for an unknown key. */
export async function markApiKeyRevoked(
  db: Executor,
  keyUuid: string,
): Promise<{ keyUuid: string; revokedAt: string; companyId: number; wasRevoked: boolean } | undefined> {
  const before = await db('api_keys').where({ uuid: keyUuid }).first('revoked_at');
  const [row] = await db('api_keys')
    .where({ uuid: keyUuid })
    .update({ revoked_at: db.raw('coalesce(revoked_at, now())') })
    .returning(['uuid', 'revoked_at', 'company_id']);
  return row
    ? {
        keyUuid: row.uuid,
        revokedAt: new Date(row.revoked_at).toISOString(),
        companyId: Number(row.company_id),
        wasRevoked: Boolean(before?.revoked_at),
      }
    : undefined;
}

// Plain SQL: it runs on every request, and compiling the query builder each time is avoidable.
// A personal key (person_id set) admits only while its person is active.
const activeKeySql = `SELECT k.id AS key_id, k.uuid AS key_uuid, k.name AS key_name, k.scopes, k.last_used_at, c.id AS company_id, c.uuid AS company_uuid,
            p.code AS plan_code, p.features, p.quotas, p.limits AS plan_limits,
            o.uuid AS person_uuid, o.name AS person_name, o.roles AS person_roles
       FROM api_keys k JOIN companies c ON c.id = k.company_id JOIN plans p ON p.id = c.plan_id
       LEFT JOIN people o ON o.id = k.person_id
      WHERE k.key_hash = ? AND k.revoked_at IS NULL AND (k.expires_at IS NULL OR k.expires_at > ?)
        AND (k.person_id IS NULL OR (o.deactivated_at IS NULL AND o.company_id = k.company_id))
      LIMIT 1`;

type ActiveKeyRow = {
  key_id: number;
  key_uuid: string;
  key_name: string | null;
  scopes: string[];
  last_used_at: Date | null;
  company_id: number;
  company_uuid: string;
  plan_code: string;
  features: string[];
  quotas: PlanQuotas | null;
  plan_limits: unknown;
  person_uuid: string | null;
  person_name: string | null;
  person_roles: string[] | null;
};

function authContextOf(row: ActiveKeyRow): AuthContext {
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
    person: row.person_uuid ? { uuid: row.person_uuid, name: row.person_name ?? row.person_uuid, roles: row.person_roles ?? [] } : null,
  };
}

/** Revokes every key of a person not yet revoked (their deactivation); answers the keys' uuids. */
export async function revokePersonApiKeys(db: Executor, personId: number): Promise<string[]> {
  const rows = await db('api_keys')
    .where({ person_id: personId })
    .whereNull('revoked_at')
    .update({ revoked_at: db.fn.now() })
    .returning(['uuid']);
  return rows.map((row: { uuid: string }) => row.uuid).sort();
}

/** The company, scopes and plan of the key with this hash (domain/api-key-secret.ts), or null when unknown, expired or revoked. */
export async function findActiveApiKey(db: Executor, keyHash: string, now: Date): Promise<AuthContext | null> {
  const { rows } = await db.raw(activeKeySql, [keyHash, now]);
  const row = rows[0] as ActiveKeyRow | undefined;
  return row ? authContextOf(row) : null;
}

/**
 * findActiveApiKey and, for the key found, one use counted in its rate bucket (`bucketPrefix`
 * + the key's uuid; countUseInWindow's window and upsert): the lookup and the count every keyed
 * request needs in one round trip instead of two. An unknown, expired or revoked key counts
 * nothing (there is no key to charge).
 */
export async function findActiveApiKeyCountingUse(
  db: Executor,
  keyHash: string,
  now: Date,
  rate: { bucketPrefix: string; windowSeconds: number },
): Promise<{ auth: AuthContext; use: RateWindowCount } | null> {
  const counted = countUseSql(`SELECT ?::text || k.key_uuid::text, ${windowStartSql}, 1 FROM k`);
  const { rows } = await db.raw(
    `WITH k AS (${activeKeySql}), counted AS (${counted}) SELECT k.*, counted.used, counted.reset_in_ms FROM k CROSS JOIN counted`,
    [keyHash, now, rate.bucketPrefix, rate.windowSeconds, rate.windowSeconds, rate.windowSeconds],
  );
  const row = rows[0] as (ActiveKeyRow & { used: number; reset_in_ms: number }) | undefined;
  return row ? { auth: authContextOf(row), use: { used: row.used, resetInMs: row.reset_in_ms } } : null;
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

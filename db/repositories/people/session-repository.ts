import type { Executor } from '../../create-db';
import { readPlanLimits } from '../../../domain/plan-limits';
import type { PersonAuth } from '../../../domain/actor';
import type { Role } from '../../../domain/roles';

/** A session as the edge admits it: the person, their company and plan, and the session's CSRF hash. */
export type ActiveSession = {
  sessionId: number;
  csrfHash: string;
  expiresAt: Date;
  person: Omit<PersonAuth, 'scopes'> & { email: string | null };
};

/** A new session of a person; only hashes of its token and CSRF token are kept. */
export async function insertSession(
  db: Executor,
  input: { tokenHash: string; csrfHash: string; personId: number; expiresAt: Date },
): Promise<void> {
  await db('sessions').insert({
    token_hash: input.tokenHash,
    csrf_hash: input.csrfHash,
    person_id: input.personId,
    expires_at: input.expiresAt,
  });
}

/** The session of a token's hash, or null when unknown, ended, expired at `now`, or its person deactivated. */
export async function findActiveSession(db: Executor, tokenHash: string, now: Date): Promise<ActiveSession | null> {
  // Plain SQL: it runs on every request of the console.
  const { rows } = await db.raw(
    `SELECT s.id AS session_id, s.csrf_hash, s.expires_at, p.uuid AS person_uuid, p.name, p.email, p.roles,
            c.id AS company_id, c.uuid AS company_uuid, pl.code AS plan_code, pl.features, pl.quotas, pl.limits AS plan_limits
       FROM sessions s JOIN people p ON p.id = s.person_id JOIN companies c ON c.id = p.company_id JOIN plans pl ON pl.id = c.plan_id
      WHERE s.token_hash = ? AND s.ended_at IS NULL AND s.expires_at > ? AND p.deactivated_at IS NULL
      LIMIT 1`,
    [tokenHash, now],
  );
  const row = rows[0];
  if (!row) return null;
  return {
    sessionId: Number(row.session_id),
    csrfHash: row.csrf_hash,
    expiresAt: new Date(row.expires_at),
    person: {
      personUuid: row.person_uuid,
      personName: row.name,
      email: row.email ?? null,
      roles: row.roles as Role[],
      companyId: Number(row.company_id),
      companyUuid: row.company_uuid,
      plan: { code: row.plan_code, features: new Set(row.features), quotas: row.quotas ?? {} },
      planLimits: readPlanLimits(row.plan_limits),
    },
  };
}

/** Ends a session (sign-out): it admits nothing afterwards. */
export async function endSession(db: Executor, tokenHash: string): Promise<void> {
  await db('sessions').where({ token_hash: tokenHash }).whereNull('ended_at').update({ ended_at: db.fn.now() });
}

/** Ends every open session of a person (their deactivation); answers how many. */
export async function endPersonSessions(db: Executor, personId: number): Promise<number> {
  return db('sessions').where({ person_id: personId }).whereNull('ended_at').update({ ended_at: db.fn.now() });
}

/** Moves a session's expiry (tests: an expired session without waiting). */
export async function setSessionExpiry(db: Executor, tokenHash: string, expiresAt: Date): Promise<number> {
  return db('sessions').where({ token_hash: tokenHash }).update({ expires_at: expiresAt });
}

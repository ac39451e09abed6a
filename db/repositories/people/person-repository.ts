import type { Executor } from '../../create-db';
import type { Role } from '../../../domain/roles';

export type PersonRow = { id: number; uuid: string; company_id: number; name: string; email: string | null; roles: Role[] };

/**
 * A person as their identity provider names them at sign-in: provisioned in their company the
 * first time, their name, email and roles refreshed every time after (docs/sign-in.md).
 */
export async function upsertSignedInPerson(
  db: Executor,
  input: { companyId: number; issuer: string; subject: string; name: string; email: string | null; roles: readonly Role[] },
): Promise<PersonRow> {
  const { rows } = await db.raw(
    `INSERT INTO people (company_id, issuer, subject, name, email, roles, last_signed_in_at)
     VALUES (?, ?, ?, ?, ?, ?::text[], now())
     ON CONFLICT (company_id, issuer, subject)
     DO UPDATE SET name = excluded.name, email = excluded.email, roles = excluded.roles, last_signed_in_at = now()
     RETURNING id, uuid, company_id, name, email, roles`,
    [input.companyId, input.issuer, input.subject, input.name, input.email, [...input.roles]],
  );
  return rows[0];
}

import { isUuid } from '../../../domain/uuid';
import type { Executor } from '../../create-db';
import type { Role } from '../../../domain/roles';

export type PersonRow = {
  id: number;
  uuid: string;
  company_id: number;
  name: string;
  email: string | null;
  roles: Role[];
  deactivated_at: Date | null;
};

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
     RETURNING id, uuid, company_id, name, email, roles, deactivated_at`,
    [input.companyId, input.issuer, input.subject, input.name, input.email, [...input.roles]],
  );
  return rows[0];
}

/** The company's people, by name: GET /people (docs/people-and-cases.md). */
export async function listPeople(db: Executor, companyId: number): Promise<PersonRow[]> {
  return db('people')
    .where({ company_id: companyId })
    .orderBy([{ column: 'name' }, { column: 'id' }])
    .select('id', 'uuid', 'company_id', 'name', 'email', 'roles', 'deactivated_at');
}

/**
 * Who in the company answers to this id: a person (their uuid) or an API key (its uuid), as the
 * actor a case is assigned to (a personal key's uuid: its person); undefined when the company has
 * neither. A revoked key and a deactivated person (and their keys) are nobody.
 */
export async function findCompanyMember(
  db: Executor,
  companyId: number,
  id: string,
): Promise<{ type: 'user' | 'api_key'; id: string; name: string } | undefined> {
  if (!isUuid(id)) return undefined;
  const person = await db('people').where({ company_id: companyId, uuid: id }).whereNull('deactivated_at').first('uuid', 'name');
  if (person) return { type: 'user', id: person.uuid, name: person.name };
  const key = await db('api_keys as k')
    .leftJoin('people as p', 'p.id', 'k.person_id')
    .where({ 'k.company_id': companyId, 'k.uuid': id })
    .whereNull('k.revoked_at')
    .first('k.uuid', 'k.name', 'k.person_id', 'p.uuid as person_uuid', 'p.name as person_name', 'p.deactivated_at');
  if (!key) return undefined;
  // A personal key is its person (docs/people-and-cases.md, "Company keys and personal keys").
  if (key.person_id !== null) return key.deactivated_at ? undefined : { type: 'user', id: key.person_uuid, name: key.person_name };
  return { type: 'api_key', id: key.uuid, name: key.name ?? key.uuid };
}

/** A person by their uuid, in any company (the ops CLI names people by uuid), or undefined. */
export async function findPersonByUuid(db: Executor, uuid: string): Promise<PersonRow | undefined> {
  if (!isUuid(uuid)) return undefined;
  return db('people').where({ uuid: uuid.toLowerCase() }).first('id', 'uuid', 'company_id', 'name', 'email', 'roles', 'deactivated_at');
}

/** Sets a person's deactivation time once; answers it (the first one when already set). */
export async function markPersonDeactivated(db: Executor, personId: number): Promise<Date> {
  const [row] = await db('people')
    .where({ id: personId })
    .update({ deactivated_at: db.raw('coalesce(deactivated_at, now())') })
    .returning(['deactivated_at']);
  return new Date(row.deactivated_at);
}

import { randomBytes } from 'node:crypto';
import { insertApiKey } from '../../db/repositories/tenancy/api-key-repository';
import { findCompanyByUuid } from '../../db/repositories/tenancy/tenancy-repository';
import type { OperatorActor, SystemActor } from '../../domain/actor';
import { API_KEY_PREFIX, displayPrefixOf, hashApiKey } from '../../domain/api-key-secret';
import { ConflictError, NotFoundError, ValidationError } from '../../domain/errors';
import { scopesOfRoles } from '../../domain/roles';
import type { Scope } from '../../domain/tenancy';
import type { Executor } from '../../db/create-db';
import { findPersonByUuid, type PersonRow } from '../../db/repositories/people/person-repository';
import { recordAuditEvent } from '../audit/record-audit-event';
import type { UsecaseDeps } from '../support/usecase-deps';

/** `personUuid`: a personal key, acting as that person of the company (docs/people-and-cases.md, "Four eyes"). */
export type IssueApiKeyInput = {
  companyUuid: string;
  scopes: string[];
  expiresAt?: Date | null;
  name?: string | null;
  personUuid?: string | null;
};
export type IssuedApiKey = { keyUuid: string; apiKey: string };

/**
 * A new key for a company: 32 random bytes, shown to the caller once and stored only as its hash
 * (domain/api-key-secret.ts). Operators issue keys (the ops CLI); the service issues the local
 * stack's demo key. A company member never issues one: a key is a credential, not a resource.
 */
export async function issueApiKey(
  deps: Pick<UsecaseDeps, 'db' | 'clock'>,
  actor: OperatorActor | SystemActor,
  input: IssueApiKeyInput,
): Promise<IssuedApiKey> {
  const apiKey = `${API_KEY_PREFIX}${randomBytes(32).toString('base64url')}`;
  return deps.db.transaction(async (trx) => {
    const company = await findCompanyByUuid(trx, input.companyUuid);
    if (!company) throw new NotFoundError('company');
    const person = input.personUuid ? await personOfKey(trx, company.id, input.personUuid, input.scopes) : null;
    const row = {
      companyId: company.id,
      name: input.name ?? null,
      keyHash: hashApiKey(apiKey),
      keyPrefix: displayPrefixOf(apiKey),
      scopes: input.scopes,
      expiresAt: input.expiresAt ?? null,
      personId: person?.id ?? null,
    };
    const keyUuid = await insertApiKey(trx, row);
    // The audit event names the key by its uuid and display prefix, never the key or its hash.
    await recordAuditEvent({ ...deps, db: trx }, actor, {
      companyId: company.id,
      action: 'key.created',
      resource: { type: 'key', uuid: keyUuid },
      changes: {
        name: row.name,
        scopes: row.scopes,
        expires_at: row.expiresAt,
        key_prefix: row.keyPrefix,
        ...(person ? { person_uuid: person.uuid } : {}),
      },
    });
    return { keyUuid, apiKey };
  });
}

/**
 * The person a personal key is for: of the key's company, active, and holding every scope asked
 * through their roles (a key acts as its person and never does more; domain/roles.ts).
 */
async function personOfKey(db: Executor, companyId: number, personUuid: string, scopes: string[]): Promise<PersonRow> {
  const person = await findPersonByUuid(db, personUuid);
  if (!person || Number(person.company_id) !== companyId) throw new NotFoundError('person');
  if (person.deactivated_at) throw new ConflictError('the person is deactivated: a key of theirs would admit nothing');
  const held = scopesOfRoles(person.roles);
  const beyond = scopes.filter((scope) => !held.has(scope as Scope));
  if (beyond.length > 0)
    throw ValidationError.single(
      ['scopes'],
      `the person's roles (${person.roles.join(', ') || 'none'}) do not hold: ${beyond.join(', ')}`,
      'scope_beyond_roles',
    );
  return person;
}

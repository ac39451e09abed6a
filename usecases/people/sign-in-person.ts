import type { UsecaseDeps } from '../support/usecase-deps';
import { nowOf } from '../support/usecase-deps';
import { upsertSignedInPerson } from '../../db/repositories/people/person-repository';
import { insertSession } from '../../db/repositories/people/session-repository';
import { findCompanyByUuid } from '../../db/repositories/tenancy/tenancy-repository';
import { SignInRefusedError } from '../../domain/errors';
import { readRolesClaim, type Role } from '../../domain/roles';
import { csrfTokenOf, generateSessionToken, hashToken } from '../../domain/sessions';
import type { SystemActor } from '../../domain/actor';

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

type SignInConfig = Pick<UsecaseDeps['config'], 'OIDC_ROLES_CLAIM' | 'OIDC_COMPANY_CLAIM' | 'OIDC_COMPANY_UUID' | 'SESSION_TTL'>;

export type StartedSession = {
  sessionToken: string;
  csrfToken: string;
  expiresAt: Date;
  person: { uuid: string; name: string; roles: Role[] };
};

/**
 * A person the identity provider vouched for (validated ID token claims) becomes a session
 * (docs/sign-in.md): their company from the company claim (or the one company the configuration
 * names), their roles from the roles claim; no known role, an unknown company or a person
 * deactivated here is refused (403).
 * The person is provisioned at their first sign-in and refreshed at every one after. Like
 * `authenticateKey`, its actor is the service (SYSTEM_ACTOR): it is what establishes a person.
 */
export async function signInPerson(
  deps: { db: UsecaseDeps['db']; config: SignInConfig; clock?: () => Date },
  actor: SystemActor,
  input: { issuer: string; claims: Record<string, unknown> },
): Promise<StartedSession> {
  const { db, config } = deps;
  const { claims } = input;
  const companyUuid = config.OIDC_COMPANY_UUID ?? claims[config.OIDC_COMPANY_CLAIM];
  const company = typeof companyUuid === 'string' && uuidPattern.test(companyUuid) ? await findCompanyByUuid(db, companyUuid) : undefined;
  if (!company) throw new SignInRefusedError('unknown_company');
  const roles = readRolesClaim(claims[config.OIDC_ROLES_CLAIM]);
  if (roles.length === 0) throw new SignInRefusedError('no_role');
  const subject = String(claims.sub);
  const name = [claims.name, claims.preferred_username, claims.email, subject]
    .find((value): value is string => typeof value === 'string' && value.trim() !== '')!
    .trim();
  const email = typeof claims.email === 'string' ? claims.email : null;
  const person = await upsertSignedInPerson(db, { companyId: company.id, issuer: input.issuer, subject, name, email, roles });
  // A person deactivated here (docs/people-and-cases.md) stays out, whatever the provider still says.
  if (person.deactivated_at) throw new SignInRefusedError('deactivated');
  const sessionToken = generateSessionToken();
  const csrfToken = csrfTokenOf(sessionToken);
  const expiresAt = new Date(nowOf(deps).getTime() + config.SESSION_TTL);
  await insertSession(db, { tokenHash: hashToken(sessionToken), csrfHash: hashToken(csrfToken), personId: person.id, expiresAt });
  return { sessionToken, csrfToken, expiresAt, person: { uuid: person.uuid, name: person.name, roles: person.roles } };
}

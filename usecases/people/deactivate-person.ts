import { findPersonByUuid, markPersonDeactivated } from '../../db/repositories/people/person-repository';
import { endPersonSessions } from '../../db/repositories/people/session-repository';
import { revokePersonApiKeys } from '../../db/repositories/tenancy/api-key-repository';
import type { OperatorActor } from '../../domain/actor';
import { NotFoundError } from '../../domain/errors';
import { recordAuditEvent } from '../audit/record-audit-event';
import type { UsecaseDeps } from '../support/usecase-deps';

export type DeactivatedPerson = {
  personUuid: string;
  companyId: number;
  deactivatedAt: string;
  keysRevoked: string[];
  sessionsEnded: number;
};

/**
 * A person leaves (docs/people-and-cases.md, "Four eyes"): in one transaction their personal keys
 * are revoked, their sessions ended and the person marked deactivated, audited as
 * `person.deactivated` in their company's chain. The admissions also refuse a deactivated person's
 * keys and sessions, and their sign-in, so nothing of theirs admits again. A repeat revokes and
 * ends what may have appeared since and records only when it changed something.
 */
export async function deactivatePerson(
  deps: Pick<UsecaseDeps, 'db' | 'clock'>,
  actor: OperatorActor,
  input: { personUuid: string },
): Promise<DeactivatedPerson> {
  return deps.db.transaction(async (trx) => {
    const person = await findPersonByUuid(trx, input.personUuid);
    if (!person) throw new NotFoundError('person');
    const wasDeactivated = person.deactivated_at !== null;
    const deactivatedAt = await markPersonDeactivated(trx, person.id);
    const keysRevoked = await revokePersonApiKeys(trx, person.id);
    const sessionsEnded = await endPersonSessions(trx, person.id);
    const companyId = Number(person.company_id);
    if (!wasDeactivated || keysRevoked.length > 0 || sessionsEnded > 0) {
      await recordAuditEvent({ ...deps, db: trx }, actor, {
        companyId,
        action: 'person.deactivated',
        resource: { type: 'person', uuid: person.uuid },
        changes: { deactivated_at: deactivatedAt.toISOString(), keys_revoked: keysRevoked, sessions_ended: sessionsEnded },
      });
    }
    return { personUuid: person.uuid, companyId, deactivatedAt: deactivatedAt.toISOString(), keysRevoked, sessionsEnded };
  });
}

import { randomUUID } from 'node:crypto';
import { appendAuditEvent } from '../../db/repositories/audit/audit-event-repository';
import { type Actor, type ActorRef, actorRef, companyIdActedOn } from '../../domain/actor';
import { type AuditEvent, linkAuditEvent } from '../../domain/audit/audit-event';
import { redactSecrets } from '../../domain/audit/redact-secrets';
import { nowOf, type UsecaseDeps } from '../support/usecase-deps';

/**
 * A change of state to record: `<resource>.<verb>`, the resource, the fields that changed.
 * `companyId` names the chain for an operator or the service (a member records on its own
 * company's); null is the service chain, for writes that belong to no company (plans, imports of
 * shared reference data: docs/people-and-cases.md).
 */
export type AuditedChange = {
  companyId?: number | null;
  action: string;
  resource: { type: string; uuid: string };
  changes?: Record<string, unknown>;
};

/**
 * Appends one audit event (docs/people-and-cases.md, "The audit trail"). `deps.db` MUST be the
 * transaction of the change it records, and this is best called last in it: the chain's lock is
 * held from here to the commit, and the event commits or rolls back with the change. The actor is
 * recorded by its public form (`actorRef`), the request id from `deps.requestId` (null outside a
 * request), the changes with every secret redacted.
 */
export async function recordAuditEvent(deps: Pick<UsecaseDeps, 'db' | 'clock' | 'requestId'>, actor: Actor, change: AuditedChange): Promise<AuditEvent> {
  const companyId = 'company' in actor ? companyIdActedOn(actor, change.companyId ?? undefined) : (change.companyId ?? null);
  return recordAuditEventAs(deps, actorRef(actor), { ...change, companyId });
}

/**
 * The same, for a change made on behalf of an actor known only by its public form: the service
 * writing what a request asked for (a sync analysis's one write records the key that asked).
 */
export async function recordAuditEventAs(deps: Pick<UsecaseDeps, 'db' | 'clock' | 'requestId'>, actor: ActorRef, change: AuditedChange): Promise<AuditEvent> {
  const companyId = change.companyId ?? null;
  return appendAuditEvent(deps.db, companyId, (head, companyUuid) =>
    linkAuditEvent(head, {
      uuid: randomUUID(),
      company_uuid: companyUuid,
      at: nowOf(deps).toISOString(),
      actor,
      action: change.action,
      resource: change.resource,
      request_id: deps.requestId ?? null,
      changes: redactSecrets(change.changes ?? {}),
    }),
  );
}

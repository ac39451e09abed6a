import { randomUUID } from 'node:crypto';
import { appendAuditEvent } from '../../db/repositories/audit/audit-event-repository';
import { type Actor, type RecordedActor, recordedActorOf, companyIdActedOn } from '../../domain/actor';
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
 * Appends one audit event (docs/people-and-cases.md, "The audit trail"): the one function that
 * does. `deps.db` MUST be the transaction of the change it records, and this is best called last
 * in it: the chain's lock is held from here to the commit, and the event commits or rolls back
 * with the change. The actor is recorded by its public form (`recordedActorOf`), the request id
 * from `deps.requestId` (null outside a request), the changes with every secret redacted. An
 * activity passes the actor its payload carries: the Actor, or the recorded form a payload
 * written before the actor was one type holds (docs/architecture.md, "The actor").
 */
export async function recordAuditEvent(
  deps: Pick<UsecaseDeps, 'db' | 'clock' | 'requestId'>,
  actor: Actor | RecordedActor,
  input: AuditedChange,
): Promise<AuditEvent> {
  const companyId = 'company' in actor ? companyIdActedOn(actor, input.companyId ?? undefined) : (input.companyId ?? null);
  return appendAuditEvent(deps.db, companyId, (head, companyUuid) =>
    linkAuditEvent(head, {
      uuid: randomUUID(),
      company_uuid: companyUuid,
      at: nowOf(deps).toISOString(),
      actor: recordedActorOf(actor),
      action: input.action,
      resource: input.resource,
      request_id: deps.requestId ?? null,
      changes: redactSecrets(input.changes ?? {}),
    }),
  );
}

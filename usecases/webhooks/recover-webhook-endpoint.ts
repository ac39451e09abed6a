import type { UsecaseDeps } from '../usecase-deps';
import { findWebhookEndpoint } from '../../db/repositories/webhooks/webhook-endpoint-repository';
import { findFailedEventUuids } from '../../db/repositories/webhooks/webhook-event-transition-repository';
import { ConflictError, DependencyUnavailableError, DomainError, NotFoundError } from '../../domain/errors';
import type { MemberActor } from '../../domain/actor';
import { retryWebhookEvent } from './redeliver-webhook-event';
import { requireWebhooksFeature } from './webhook-endpoints';

/** Events retried by one recover call; the answer says when more are left (call again). */
const RECOVER_BATCH = 500;

export type Recovery = { endpoint_uuid: string; since: string; count: number; event_uuids: string[]; skipped: { uuid: string; reason: string }[]; more: boolean };

/**
 * POST /webhooks/endpoints/{uuid}/recover (Svix's recover): every failed event of the endpoint
 * created since `since` gets a new delivery run, oldest first, each exactly like a retry. An
 * event that changed meanwhile (retried by someone else) is skipped with its reason. Temporal out
 * of reach ends the loop at the first event (each would wait out its own deadline): 502 when
 * nothing was retried yet, else the events retried so far with `more` (call again).
 */
export async function recoverWebhookEndpoint(deps: Pick<UsecaseDeps, 'db' | 'temporal'>, actor: MemberActor, input: { endpointUuid: string; since: Date }): Promise<Recovery> {
  const { endpointUuid, since } = input;
  requireWebhooksFeature(actor);
  const endpoint = await findWebhookEndpoint(deps.db, actor.company.id, endpointUuid);
  if (!endpoint) throw new NotFoundError('webhook endpoint');
  if (endpoint.status !== 'active') throw new ConflictError(`webhook endpoint is ${endpoint.status}; re-activate it before recovering`);
  const uuids = await findFailedEventUuids(deps.db, endpoint.id, since, RECOVER_BATCH + 1);
  const retried: string[] = [];
  const skipped: Recovery['skipped'] = [];
  let interrupted = false;
  for (const uuid of uuids.slice(0, RECOVER_BATCH)) {
    try {
      // Up to RECOVER_BATCH runs from one call: bulk work.
      await retryWebhookEvent(deps, actor, { eventUuid: uuid, priorityClass: 'bulk' });
      retried.push(uuid);
    } catch (error) {
      if (error instanceof DependencyUnavailableError) {
        if (retried.length === 0) throw error;
        interrupted = true;
        break;
      }
      if (!(error instanceof DomainError)) throw error;
      skipped.push({ uuid, reason: error.message });
    }
  }
  return { endpoint_uuid: endpoint.uuid, since: since.toISOString(), count: retried.length, event_uuids: retried, skipped, more: interrupted || uuids.length > RECOVER_BATCH };
}

import type { ScreeningOutcome } from '../../../contracts/screening-workflow-contract';
import type { Executor } from '../../../db/create-db';
import { findNamedEntity, listRelatedPartyRows } from '../../../db/repositories/screenings/screening-subject-repository';
import { findScreeningForWork, type ScreeningRow } from '../../../db/repositories/screenings/screening-repository';
import { findTargetEndpoints } from '../../../db/repositories/webhooks/webhook-target-endpoint-repository';
import { NotFoundError } from '../../../domain/errors';
import {
  type NamedEntity,
  nameKindOf,
  type RelatedParty,
  relatedPartiesOf,
  relatedPartyTypes,
} from '../../../domain/media/screening-names';

/**
 * What running a screening's steps share (usecases/screenings/screen-subject-media.ts,
 * fail-screening.ts): loading the screening and its subject, and the outcome the workflow announces.
 */

/** The subject and, for an organization when asked, its active partners and administrators. */
export async function loadScreeningSubject(
  db: Executor,
  entityId: number,
  includeRelated: boolean,
): Promise<{ entity: NamedEntity; related: RelatedParty[]; relatedTruncated: boolean } | undefined> {
  const entity = await findNamedEntity(db, entityId);
  if (!entity) return undefined;
  if (!includeRelated || nameKindOf(entity.entity_type) === 'person') return { entity, related: [], relatedTruncated: false };
  return { entity, ...relatedPartiesOf(await listRelatedPartyRows(db, entityId, relatedPartyTypes)) };
}

function outcomeOf(row: ScreeningRow, hasWebhookTargets: boolean): ScreeningOutcome {
  const status = row.status === 'completed' ? 'completed' : 'failed';
  return {
    companyId: Number(row.company_id),
    status,
    webhookEndpointUuid: row.webhook_endpoint_uuid,
    hasWebhookTargets,
    eventData: {
      screening_uuid: row.uuid,
      status,
      entity_id: Number(row.entity_id),
      client_reference: row.client_reference,
      hit_count: row.hit_count,
      counts_by_category: row.counts_by_category,
      completed_at: row.completed_at ? new Date(row.completed_at).toISOString() : null,
      ...(status === 'failed' ? { error: row.error } : {}),
    },
  };
}

/** A screening to work on; gone: NotFoundError (the activity makes it non-retryable). */
export async function loadScreeningForWork(db: Executor, uuid: string): Promise<ScreeningRow> {
  const row = await findScreeningForWork(db, uuid);
  if (!row) throw new NotFoundError('screening');
  return row;
}

/**
 * Most screenings notify nobody: knowing it here spares the workflow a publishing step (a
 * transaction of its own). An endpoint created in the same instant may miss the event, as it
 * would had it been created a moment later.
 */
export async function finalScreeningOutcome(db: Executor, uuid: string): Promise<ScreeningOutcome> {
  const row = await loadScreeningForWork(db, uuid);
  const type = row.status === 'completed' ? 'adverse_media.completed' : 'adverse_media.failed';
  const targets = await findTargetEndpoints(db, {
    companyId: Number(row.company_id),
    type,
    explicitEndpointUuid: row.webhook_endpoint_uuid,
    subscribersToo: true,
  });
  return outcomeOf(row, targets.length > 0);
}

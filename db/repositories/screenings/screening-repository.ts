import type { MediaCategory } from '../../../domain/media/media-taxonomy';
import type { ScreeningName } from '../../../domain/media/screen-article';
import type { Executor } from '../../create-db';
import type { ScreeningRun } from '../../../domain/media/screen-articles';
import { replaceScreeningHits } from './screening-hit-repository';

export type ScreeningStatus = 'queued' | 'running' | 'completed' | 'failed' | 'canceled';

export type ScreeningRow = {
  id: number;
  uuid: string;
  company_id: number;
  entity_id: number;
  status: ScreeningStatus;
  client_reference: string | null;
  webhook_endpoint_uuid: string | null;
  include_related: boolean;
  as_of: Date;
  names: (ScreeningName & { relation?: string })[];
  counts_by_category: Partial<Record<MediaCategory, number>>;
  hit_count: number;
  limitations: { code: string; message: string }[];
  matcher_version: string | null;
  taxonomy_version: string | null;
  error: string | null;
  created_at: Date;
  started_at: Date | null;
  completed_at: Date | null;
};

export async function insertScreening(
  db: Executor,
  input: {
    uuid: string;
    companyId: number;
    entityId: number;
    clientReference: string | null;
    webhookEndpointUuid: string | null;
    includeRelated: boolean;
    asOf: Date;
  },
): Promise<void> {
  await db('screenings').insert({
    uuid: input.uuid,
    company_id: input.companyId,
    entity_id: input.entityId,
    client_reference: input.clientReference,
    webhook_endpoint_uuid: input.webhookEndpointUuid,
    include_related: input.includeRelated,
    as_of: input.asOf,
  });
}

/** A company's screening; another company's is undefined, exactly like a missing one. */
export async function findScreening(db: Executor, companyId: number, uuid: string): Promise<ScreeningRow | undefined> {
  return db('screenings').where({ company_id: companyId, uuid }).first();
}

/** The worker's view: the workflow only knows the uuid, which the API created for one company. */
export async function findScreeningForWork(db: Executor, uuid: string): Promise<ScreeningRow | undefined> {
  return db('screenings').where({ uuid }).first();
}

/** queued → running (a retry keeps the first start time; a finished screening is left alone). */
export async function markScreeningRunning(db: Executor, id: number, names: ScreeningName[]): Promise<void> {
  await db('screenings')
    .where({ id })
    .whereIn('status', ['queued', 'running'])
    .update({ status: 'running', names: JSON.stringify(names), started_at: db.raw('coalesce(started_at, now())') });
}

/**
 * Completes the screening and stores its hits, in the caller's transaction: the status first, so a
 * screening that ended meanwhile (canceled) gets no hits; the hits are replaced, so a retried
 * activity writes them exactly once.
 */
export async function completeScreening(
  db: Executor,
  screening: { id: number; company_id: number },
  input: {
    hits: ScreeningRun['hits'];
    hitCount: number;
    counts: Record<string, number>;
    limitations: { code: string; message: string }[];
    matcherVersion: string;
    taxonomyVersion: string;
  },
): Promise<boolean> {
  const completed = await db('screenings')
    .where({ id: screening.id })
    .whereIn('status', ['queued', 'running'])
    .update({
      status: 'completed',
      hit_count: input.hitCount,
      counts_by_category: JSON.stringify(input.counts),
      limitations: JSON.stringify(input.limitations),
      matcher_version: input.matcherVersion,
      taxonomy_version: input.taxonomyVersion,
      started_at: db.raw('coalesce(started_at, now())'),
      completed_at: db.raw('now()'),
    });
  if (completed === 0) return false;
  await replaceScreeningHits(db, screening, input.hits);
  return true;
}

/** Canceled before it finished (POST /workflows/{id}/cancel): what the quota give-back needs, when this call made the change. */
export async function cancelScreening(
  db: Executor,
  uuid: string,
): Promise<{ id: number; company_id: number; created_at: Date } | undefined> {
  const [row] = await db('screenings')
    .where({ uuid })
    .whereIn('status', ['queued', 'running'])
    .update({ status: 'canceled', error: 'the screening was canceled', completed_at: db.raw('now()') })
    .returning(['id', 'company_id', 'created_at']);
  return row;
}

/** Any unfinished state → failed with a public reason (never an internal message). */
export async function failScreening(db: Executor, id: number, reason: string): Promise<void> {
  await db('screenings')
    .where({ id })
    .whereIn('status', ['queued', 'running'])
    .update({ status: 'failed', error: reason, completed_at: db.raw('now()') });
}

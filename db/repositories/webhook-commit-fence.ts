import type { Executor } from '../create-db';
import type { EventRow, NewEvent } from './webhook-event-repository';

/**
 * Delivery workflows start inside the transaction that creates (or re-arms) their event, so that
 * both commit together; an eagerly started workflow therefore often runs its first attempt before
 * that commit. The creating transaction holds a transaction-scoped advisory lock per event until
 * it ends; the attempt's claim (webhook-delivery-statements.ts) waits on that lock before it reads,
 * instead of missing the event and sleeping and retrying.
 */

/** This module's own advisory-lock namespace (two-key form). */
export const commitFenceLockClass = 7106;
const lockClass = commitFenceLockClass;

/** Inserts the new events, locks each until the transaction ends; conflicting keys are skipped. */
export async function insertWebhookEventsFenced(db: Executor, rows: NewEvent[], endpointUuids: Map<number, string>): Promise<EventRow[]> {
  if (rows.length === 0) return [];
  const inserted = await db('webhook_events')
    .insert(rows.map((r) => ({ company_id: r.companyId, endpoint_id: r.endpointId, type: r.type, payload: JSON.stringify(r.payload), idempotency_key: r.idempotencyKey })))
    .onConflict(['company_id', 'endpoint_id', 'idempotency_key'])
    .ignore()
    .returning(['id', 'uuid', 'company_id', 'endpoint_id', 'type', 'payload', 'status', 'attempt_count', 'delivery_run', 'next_attempt_at', 'created_at', 'updated_at', 'delivered_at', db.raw('pg_advisory_xact_lock(?, hashtext(uuid::text)) as fenced', [lockClass])]);
  return inserted.map(({ fenced: _fenced, ...row }: EventRow & { fenced: unknown }) => ({ ...row, endpoint_uuid: endpointUuids.get(row.endpoint_id)! }));
}

/** Holds the event's fence until the surrounding transaction ends (a retry re-arming it). */
export async function fenceWebhookEvent(db: Executor, eventUuid: string): Promise<void> {
  await db.raw('select pg_advisory_xact_lock(?, hashtext(?::text))', [lockClass, eventUuid]);
}

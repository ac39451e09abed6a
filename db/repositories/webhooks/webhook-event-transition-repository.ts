import type { Executor } from '../../create-db';
import type { EventRow, EventStatus } from './webhook-event-repository';

/**
 * A final event (one of `from`) → pending with the next delivery run, in one guarded statement:
 * two concurrent redeliveries cannot both win, and an event in any other state is left alone
 * (the caller answers 409).
 */
export async function markWebhookEventForRedelivery(
  db: Executor,
  eventId: number,
  from: readonly EventStatus[],
): Promise<EventRow | undefined> {
  const [row] = await db('webhook_events')
    .where({ id: eventId })
    .whereIn('status', from)
    .update({ status: 'pending', delivery_run: db.raw('delivery_run + 1'), next_attempt_at: null, updated_at: db.fn.now() })
    .returning(['id', 'uuid', 'delivery_run', 'attempt_count']);
  return row;
}

/** A page of the failed events of an endpoint created since `since`, oldest first, after the event `afterId` (POST …/recover). */
export async function findFailedEventPage(
  db: Executor,
  endpointId: number,
  since: Date,
  afterId: number | null,
  limit: number,
): Promise<{ id: number; uuid: string }[]> {
  const query = db('webhook_events').where({ endpoint_id: endpointId, status: 'failed' }).andWhere('created_at', '>=', since);
  if (afterId !== null) query.andWhere('id', '>', afterId);
  return query.orderBy('id').limit(limit).select('id', 'uuid');
}

/** How many of an endpoint's events are failed and were created at or after `since`. */
export async function countFailedEvents(db: Executor, endpointId: number, since: Date): Promise<number> {
  const [row] = await db('webhook_events')
    .where({ endpoint_id: endpointId, status: 'failed' })
    .andWhere('created_at', '>=', since)
    .count<{ count: string }[]>('* as count');
  return Number(row.count);
}

/** A delivery run canceled while its event was still open: `canceled`, final; its company when it changed, else null. */
export async function markWebhookEventCanceled(db: Executor, eventUuid: string, run: number): Promise<{ companyId: number } | null> {
  const rows = await db('webhook_events')
    .where({ uuid: eventUuid, delivery_run: run })
    .whereIn('status', ['pending', 'delivering'])
    .update({ status: 'canceled', next_attempt_at: null, updated_at: db.fn.now() })
    .returning(['id', 'company_id']);
  return rows.length === 1 ? { companyId: Number(rows[0].company_id) } : null;
}

import type { Executor } from '../../create-db';
import type { EndpointStatus } from './webhook-endpoint-repository';
import type { EventStatus } from './webhook-event-repository';

/** What one delivery attempt needs: the event, its endpoint and the sealed secret. */
export type DeliveryContext = {
  eventId: number;
  eventUuid: string;
  companyId: number;
  status: EventStatus;
  deliveryRun: number;
  payload: unknown;
  nextAttemptAt: Date | null;
  endpointId: number;
  endpointUuid: string;
  url: string;
  endpointStatus: EndpointStatus;
  secretCiphertext: string;
  /** The secret before the last rotation while its overlap lasts (docs/webhooks.md), else null. */
  previousSecretCiphertext: string | null;
};

export async function loadDeliveryContext(db: Executor, eventUuid: string): Promise<DeliveryContext | undefined> {
  const row = await db('webhook_events as e')
    .join('webhook_endpoints as p', 'p.id', 'e.endpoint_id')
    .where('e.uuid', eventUuid)
    .first(
      'e.id',
      'e.uuid',
      'e.company_id',
      'e.status',
      'e.delivery_run',
      'e.payload',
      'e.next_attempt_at',
      'p.id as endpoint_id',
      'p.uuid as endpoint_uuid',
      'p.url',
      'p.status as endpoint_status',
      'p.secret_ciphertext',
      db.raw(`${previousSecretSql('p')} AS previous_secret_ciphertext`),
    );
  return row ? toDeliveryContext(row) : undefined;
}

/** The previous secret of endpoint `alias` while its rotation overlap lasts, else null. */
export function previousSecretSql(alias: string): string {
  return `CASE WHEN ${alias}.previous_secret_expires_at > now() THEN ${alias}.previous_secret_ciphertext END`;
}

/** The event + endpoint row (as both delivery queries select it) → DeliveryContext. */
export function toDeliveryContext(row: any): DeliveryContext {
  return {
    eventId: row.id,
    eventUuid: row.uuid,
    companyId: row.company_id,
    status: row.status,
    deliveryRun: row.delivery_run,
    payload: row.payload,
    nextAttemptAt: row.next_attempt_at,
    endpointId: row.endpoint_id,
    endpointUuid: row.endpoint_uuid,
    url: row.url,
    endpointStatus: row.endpoint_status,
    secretCiphertext: row.secret_ciphertext,
    previousSecretCiphertext: row.previous_secret_ciphertext ?? null,
  };
}

export type AttemptRecord = {
  eventId: number;
  endpointId: number;
  companyId: number;
  attemptNumber: number;
  startedAt: Date;
  durationMs: number;
  statusCode: number | null;
  error: string | null;
  responseBody: string | null;
};

/** Inserts the attempt once; false when this attempt number was already recorded (a replay). */
export async function insertAttempt(db: Executor, a: AttemptRecord): Promise<boolean> {
  const rows = await db('webhook_attempts')
    .insert({
      event_id: a.eventId,
      endpoint_id: a.endpointId,
      company_id: a.companyId,
      attempt_number: a.attemptNumber,
      started_at: a.startedAt,
      duration_ms: a.durationMs,
      status_code: a.statusCode,
      error: a.error,
      response_body_truncated: a.responseBody,
    })
    .onConflict(['event_id', 'attempt_number'])
    .ignore()
    .returning('id');
  return rows.length === 1;
}

/** Returns when the current failure streak began (this failure included). */
export async function recordEndpointFailure(db: Executor, endpointId: number): Promise<Date> {
  const [row] = await db('webhook_endpoints')
    .where({ id: endpointId })
    .update({
      consecutive_failures: db.raw('consecutive_failures + 1'),
      first_failure_at: db.raw('coalesce(first_failure_at, now())'),
      last_failure_at: db.fn.now(),
      updated_at: db.fn.now(),
    })
    .returning(['first_failure_at']);
  return row.first_failure_at;
}

export async function disableEndpoint(db: Executor, endpointId: number, reason: string): Promise<void> {
  await db('webhook_endpoints')
    .where({ id: endpointId })
    .whereNot('status', 'disabled')
    .update({ status: 'disabled', disabled_reason: reason, updated_at: db.fn.now() });
}

/** An attempt's outcome on its event; an event canceled meanwhile stays canceled. */
export async function finishEvent(
  db: Executor,
  eventId: number,
  input: { attemptNumber: number; status: 'succeeded' | 'failed' | 'delivering'; nextAttemptAt: Date | null },
): Promise<void> {
  await db('webhook_events')
    .where({ id: eventId })
    .whereNot('status', 'canceled')
    .update({
      status: input.status,
      attempt_count: db.raw('greatest(attempt_count, ?)', [input.attemptNumber]),
      next_attempt_at: input.nextAttemptAt,
      delivered_at: input.status === 'succeeded' ? db.fn.now() : null,
      updated_at: db.fn.now(),
    });
}

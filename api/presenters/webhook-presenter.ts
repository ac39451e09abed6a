import type { EndpointRow } from '../../db/repositories/webhooks/webhook-endpoint-repository';
import type { DeliveryFigures } from '../../db/repositories/webhooks/webhook-delivery-figures-repository';
import type { AttemptRow, EventRow } from '../../db/repositories/webhooks/webhook-event-repository';
import { isoTimestamp } from '../edge/iso-timestamp';
import type { attemptSchema, deliveryFiguresSchema, EndpointBody, EventBody } from '../resources/webhooks/webhook-schemas';
import type { z } from 'zod';

/** The read forms of webhook endpoints, events and attempts (docs/webhooks.md): never a secret. */

export function presentEndpoint(row: EndpointRow): EndpointBody {
  return {
    uuid: row.uuid,
    name: row.name,
    url: row.url,
    subscribed_events: row.subscribed_events,
    status: row.status,
    disabled_reason: row.disabled_reason,
    secret_version: row.secret_version,
    consecutive_failures: row.consecutive_failures,
    last_success_at: isoTimestamp(row.last_success_at),
    last_failure_at: isoTimestamp(row.last_failure_at),
    // A past overlap is over: the previous secret no longer signs.
    previous_secret_expires_at:
      row.previous_secret_expires_at && new Date(row.previous_secret_expires_at) > new Date()
        ? isoTimestamp(row.previous_secret_expires_at)
        : null,
    created_at: isoTimestamp(row.created_at)!,
    updated_at: isoTimestamp(row.updated_at)!,
  };
}

export function presentEvent(row: EventRow): EventBody {
  return {
    uuid: row.uuid,
    endpoint_uuid: row.endpoint_uuid,
    type: row.type,
    status: row.status,
    attempt_count: row.attempt_count,
    next_attempt_at: isoTimestamp(row.next_attempt_at),
    delivered_at: isoTimestamp(row.delivered_at),
    created_at: isoTimestamp(row.created_at)!,
    updated_at: isoTimestamp(row.updated_at)!,
    payload: row.payload,
  };
}

export function presentAttempt(row: AttemptRow): z.infer<typeof attemptSchema> {
  return {
    attempt_number: row.attempt_number,
    started_at: isoTimestamp(row.started_at)!,
    status_code: row.status_code,
    duration_ms: row.duration_ms,
    error: row.error,
    response_body: row.response_body_truncated,
  };
}

/** The endpoint detail's figures: attempts of the last 24 hours. */
export function presentDeliveryFigures(figures: DeliveryFigures): z.infer<typeof deliveryFiguresSchema> {
  return {
    window_hours: 24,
    attempts: figures.attempts,
    succeeded: figures.succeeded,
    success_rate: figures.attempts === 0 ? null : Math.round((figures.succeeded / figures.attempts) * 10_000) / 10_000,
    p50_duration_ms: figures.p50DurationMs,
  };
}

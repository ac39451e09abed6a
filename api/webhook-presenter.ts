import type { z } from 'zod';
import type { EndpointRow } from '../db/repositories/webhook-endpoint-repository';
import type { AttemptRow, EventRow } from '../db/repositories/webhook-event-repository';
import { isoTimestamp } from './iso-timestamp';
import type { attemptSchema, EndpointBody, EventBody } from './schemas/webhook-schemas';

/** Webhook rows as the API shows them (api/schemas/webhook-schemas.ts): ISO timestamps, never a secret. */
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
  return { attempt_number: row.attempt_number, started_at: isoTimestamp(row.started_at)!, status_code: row.status_code, duration_ms: row.duration_ms, error: row.error, response_body: row.response_body_truncated };
}

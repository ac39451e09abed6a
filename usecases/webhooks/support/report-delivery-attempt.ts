import type { Logger } from '../../../infra/logger';
import { webhookDeliveriesTotal, webhookDeliveryAttemptsTotal } from '../../../infra/metrics';

export type ReportedAttempt = {
  eventUuid: string;
  endpointUuid: string;
  attemptNumber: number;
  statusCode: number | null;
  error: string | null;
  durationMs: number;
};

/** A recorded success: the metrics only (the access logs of receivers tell the rest). */
export function reportSucceededAttempt(): void {
  webhookDeliveryAttemptsTotal.inc({ outcome: 'succeeded' });
  webhookDeliveriesTotal.inc({ outcome: 'succeeded' });
}

/**
 * A recorded failure: one log line with its ids (docs/operations.md) — event, endpoint, attempt, what the
 * receiver answered — and, when no retry follows, one more saying the delivery failed. Never the
 * URL's query, the body or a header: they may carry the receiver's secrets.
 */
export function reportFailedAttempt(
  logger: Logger,
  attempt: ReportedAttempt,
  next: { retryInMs: number | null; endpointDisabled: string | null },
): void {
  webhookDeliveryAttemptsTotal.inc({ outcome: 'failed' });
  const ids = { event_uuid: attempt.eventUuid, endpoint_uuid: attempt.endpointUuid, attempt_number: attempt.attemptNumber };
  logger.warn(
    {
      ...ids,
      status_code: attempt.statusCode,
      error: attempt.error,
      duration_ms: attempt.durationMs,
      retry_in_ms: next.retryInMs,
      endpoint_disabled: next.endpointDisabled,
    },
    'webhook delivery attempt failed',
  );
  if (next.retryInMs === null) {
    webhookDeliveriesTotal.inc({ outcome: 'failed' });
    logger.warn(ids, 'webhook delivery failed: no attempt left');
  }
}

/** A delivery run canceled before it ended (POST /workflows/{id}/cancel): counted once, when its event changed. */
export function reportCanceledDelivery(): void {
  webhookDeliveriesTotal.inc({ outcome: 'canceled' });
}

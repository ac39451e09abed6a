/**
 * The catalog of webhook event kinds (docs/webhooks.md). Endpoints subscribe to these names; an
 * unknown name is a validation error, never silently ignored.
 */
export const webhookEventTypes = [
  { type: 'webhook.test', description: 'Sent on demand by POST /webhooks/endpoints/{uuid}/test to check that the endpoint is reachable.' },
  { type: 'adverse_media.completed', description: 'An adverse-media screening finished successfully.' },
  { type: 'adverse_media.failed', description: 'An adverse-media screening failed.' },
  {
    type: 'analysis.completed',
    description: 'An asynchronous analysis finished; data carries analysis_uuid and client_reference when given.',
  },
  { type: 'analysis.failed', description: 'An asynchronous analysis failed; data carries analysis_uuid and client_reference when given.' },
  {
    type: 'analysis_batch.completed',
    description:
      'A portfolio batch finished every row; data carries analysis_batch_uuid, name, status, counts (total, pending, completed, failed, canceled) and risk_levels (low, medium, high, critical).',
  },
  {
    type: 'monitoring.alert',
    description:
      "A monitored subject's verdict changed; data is the alert (kind, previous and current verdict, signals added and removed, causes) with the monitor's client_reference.",
  },
  {
    type: 'report.finalized',
    description:
      'A regulatory report was finalized; data carries report_uuid, type, analysis_uuid and content_sha256 (fetch GET /reports/{uuid}/document).',
  },
  {
    type: 'case.opened',
    description:
      'A case was opened (by the service for a review-worthy verdict, or by hand); data carries case_uuid, analysis_uuid, alert_uuid, reason, priority and due_at.',
  },
  {
    type: 'case.decided',
    description:
      'A decision was recorded on a case, or approved or returned; data carries case_uuid, analysis_uuid, status, outcome, coaf_deadline_at and report_uuid.',
  },
  {
    type: 'case.overdue',
    description:
      "A case's clock ran out: its service level (clock `service_level`) or the COAF communication deadline (clock `coaf`); data carries case_uuid, analysis_uuid, clock and the deadline.",
  },
] as const;

export type WebhookEventType = (typeof webhookEventTypes)[number]['type'];

export const webhookEventTypeNames = webhookEventTypes.map((t) => t.type) as [WebhookEventType, ...WebhookEventType[]];

export function isWebhookEventType(value: string): value is WebhookEventType {
  return (webhookEventTypeNames as readonly string[]).includes(value);
}

export type WebhookPayload = { type: string; timestamp: string; data: Record<string, unknown> };

/**
 * The body of every delivery. `client_reference` is kept only when the producer gave one, so
 * receivers can rely on "present means given".
 */
export function buildWebhookPayload(type: string, occurredAt: Date, data: Record<string, unknown>): WebhookPayload {
  const cleaned: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(data)) {
    if (value === undefined) continue;
    if (key === 'client_reference' && value === null) continue;
    cleaned[key] = value;
  }
  return { type, timestamp: occurredAt.toISOString(), data: cleaned };
}

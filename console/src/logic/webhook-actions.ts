/**
 * Which actions a webhook event offers (docs/webhooks.md): retry only a failed event (409
 * otherwise); resend an event in any final state — succeeded, failed or canceled. A pending or
 * in-flight event offers neither.
 */
export type EventAction = 'retry' | 'resend';

export function eventActions(status: string): EventAction[] {
  if (status === 'failed') return ['retry', 'resend'];
  if (status === 'succeeded' || status === 'canceled') return ['resend'];
  return [];
}

export const EVENT_STATUSES = ['pending', 'delivering', 'succeeded', 'failed', 'canceled'] as const;

export function eventsQuery(filters: { status: string; endpoint_uuid: string; type: string }, cursor?: string | null): string {
  const params = new URLSearchParams();
  if (filters.status) params.set('status', filters.status);
  if (filters.endpoint_uuid) params.set('endpoint_uuid', filters.endpoint_uuid);
  if (filters.type) params.set('type', filters.type);
  if (cursor) params.set('cursor', cursor);
  const query = params.toString();
  return query ? `?${query}` : '';
}

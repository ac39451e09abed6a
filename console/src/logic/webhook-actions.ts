/**
 * Which actions a webhook event offers. Retry is the spec's resend of a *failed* event
 * (409 otherwise); resend sends a copy of any delivered or
 * failed event again. A pending or in-flight event offers neither.
 */
export type EventAction = 'retry' | 'resend';

export function eventActions(status: string): EventAction[] {
  if (status === 'failed') return ['retry', 'resend'];
  if (status === 'succeeded') return ['resend'];
  return [];
}

export const EVENT_STATUSES = ['pending', 'delivering', 'succeeded', 'failed'] as const;

export function eventsQuery(filters: { status: string; endpoint_uuid: string; type: string }, cursor?: string | null): string {
  const params = new URLSearchParams();
  if (filters.status) params.set('status', filters.status);
  if (filters.endpoint_uuid) params.set('endpoint_uuid', filters.endpoint_uuid);
  if (filters.type) params.set('type', filters.type);
  if (cursor) params.set('cursor', cursor);
  const query = params.toString();
  return query ? `?${query}` : '';
}

import type { Executor } from '../../create-db';
import type { WebhookPayload } from '../../../domain/webhooks/event-catalog';
import { type CreatedRange, createdKeyColumn, type NewestFirstPage, pageNewestFirst } from '../newest-first';

/** Webhook events: one row per (event, endpoint), the unit of delivery and of retry. */
export type EventStatus = 'pending' | 'delivering' | 'succeeded' | 'failed' | 'canceled';

export type EventRow = {
  id: number;
  uuid: string;
  company_id: number;
  endpoint_id: number;
  endpoint_uuid: string;
  type: string;
  payload: WebhookPayload;
  status: EventStatus;
  attempt_count: number;
  delivery_run: number;
  next_attempt_at: Date | null;
  created_at: Date;
  updated_at: Date;
  delivered_at: Date | null;
};

export type AttemptRow = {
  attempt_number: number;
  started_at: Date;
  duration_ms: number | null;
  status_code: number | null;
  error: string | null;
  response_body_truncated: string | null;
};

const eventColumns = [
  'e.id',
  'e.uuid',
  'e.company_id',
  'e.endpoint_id',
  'p.uuid as endpoint_uuid',
  'e.type',
  'e.payload',
  'e.status',
  'e.attempt_count',
  'e.delivery_run',
  'e.next_attempt_at',
  'e.created_at',
  'e.updated_at',
  'e.delivered_at',
];

function events(db: Executor) {
  return db('webhook_events as e').join('webhook_endpoints as p', 'p.id', 'e.endpoint_id');
}

/** The payload fields an event list filters on, each with its partial expression index (migration 20261123150000). */
const eventPayloadFilters = ['analysis_uuid', 'screening_uuid', 'report_uuid', 'client_reference'] as const;
export type EventPayloadFilter = (typeof eventPayloadFilters)[number];

export type EventFilter = CreatedRange & { status?: EventStatus; endpointUuid?: string; type?: string } & Partial<
    Record<EventPayloadFilter, string>
  >;

/** A company's events, newest first by (created_at, id). */
export async function listWebhookEvents(
  db: Executor,
  companyId: number,
  filter: EventFilter,
  page: NewestFirstPage,
): Promise<(EventRow & { created_key: string })[]> {
  return listEvents(db, companyId, filter, page);
}

/** Every company's events, newest first: the operators' view (the ops CLI), never the API's. */
export async function listEveryCompanysWebhookEvents(
  db: Executor,
  filter: EventFilter,
  page: NewestFirstPage,
): Promise<(EventRow & { created_key: string })[]> {
  return listEvents(db, undefined, filter, page);
}

/** The endpoints (any company's) with failed events created at or after `since`, for an operator's bulk retry (ops CLI). */
export async function listEveryCompanysEndpointsWithFailedEvents(
  db: Executor,
  filter: { endpointUuid?: string; since: Date },
): Promise<{ endpoint_uuid: string; company_id: number }[]> {
  const query = db('webhook_endpoints as p')
    .whereRaw(`EXISTS (SELECT 1 FROM webhook_events e WHERE e.endpoint_id = p.id AND e.status = 'failed' AND e.created_at >= ?)`, [
      filter.since,
    ])
    .select('p.uuid as endpoint_uuid', 'p.company_id')
    .orderBy('p.id');
  if (filter.endpointUuid) query.where('p.uuid', filter.endpointUuid);
  return query;
}

async function listEvents(
  db: Executor,
  companyId: number | undefined,
  filter: EventFilter,
  page: NewestFirstPage,
): Promise<(EventRow & { created_key: string })[]> {
  const query = events(db).select([...eventColumns, createdKeyColumn(db, 'e')]);
  if (companyId !== undefined) query.where('e.company_id', companyId);
  if (filter.status) query.where('e.status', filter.status);
  if (filter.endpointUuid) query.where('p.uuid', filter.endpointUuid);
  if (filter.type) query.where('e.type', filter.type);
  for (const field of eventPayloadFilters) {
    const value = filter[field];
    // The exact expression of the index, so that the planner uses it.
    if (value !== undefined) query.whereRaw(`e.payload #>> '{data,${field}}' = ?`, [value]);
  }
  return pageNewestFirst(query, 'e', filter, page);
}

export async function findWebhookEvent(db: Executor, companyId: number, uuid: string): Promise<EventRow | undefined> {
  return events(db).where({ 'e.uuid': uuid, 'e.company_id': companyId }).first(eventColumns);
}

/** The company of an event, whichever it is: how an operator (ops CLI) names the company it acts on. */
export async function findWebhookEventCompanyId(db: Executor, uuid: string): Promise<number | undefined> {
  return (await db('webhook_events').where({ uuid }).first('company_id'))?.company_id;
}

export async function listWebhookAttempts(db: Executor, eventId: number): Promise<AttemptRow[]> {
  return db('webhook_attempts')
    .where({ event_id: eventId })
    .orderBy('attempt_number')
    .select('attempt_number', 'started_at', 'duration_ms', 'status_code', 'error', 'response_body_truncated');
}

export async function findEventsByIdempotencyKey(db: Executor, companyId: number, idempotencyKey: string): Promise<EventRow[]> {
  return events(db).where({ 'e.company_id': companyId, 'e.idempotency_key': idempotencyKey }).orderBy('e.id').select(eventColumns);
}

/** Events by uuid with their endpoint's status, across companies (the ops CLI's retry dry run). */
export async function findEventRetryStates(
  db: Executor,
  uuids: string[],
): Promise<{ uuid: string; status: EventStatus; endpoint_status: string }[]> {
  if (uuids.length === 0) return [];
  return db('webhook_events as e')
    .join('webhook_endpoints as p', 'p.id', 'e.endpoint_id')
    .whereIn('e.uuid', uuids)
    .select('e.uuid', 'e.status', 'p.status as endpoint_status');
}

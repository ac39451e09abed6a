import type { Knex } from 'knex';

/**
 * Keyset pagination of the customer lists (GET /analyses, GET /adverse-media,
 * GET /webhooks/webhook-events): every list is newest first by (created_at, id), and every filter
 * it claims to answer fast has an index that starts with the company, then the filter, then the
 * list order — so a page is an index range scan whatever its depth (docs/api-conventions.md, "Lists").
 * Webhook events are filtered by the analysis, screening or report they announce and by the
 * client reference: partial expression indexes over the stored payload (no column to keep in
 * sync on the publication's hot path), holding only the events that carry the value.
 */
const indexes: [name: string, definition: string][] = [
  ['analyses_company_created_id', 'analyses (company_id, created_at, id)'],
  ['analyses_company_risk_created_id', 'analyses (company_id, risk_level, created_at, id) WHERE risk_level IS NOT NULL'],
  // Completed analyses are the bulk: a `status=completed` page reads the main index and keeps almost every row.
  ['analyses_company_open_status_created_id', `analyses (company_id, status, created_at, id) WHERE status <> 'completed'`],
  ['analyses_company_entity_created_id', 'analyses (company_id, entity_id, created_at, id)'],
  [
    'analyses_company_client_reference_created_id',
    'analyses (company_id, client_reference, created_at, id) WHERE client_reference IS NOT NULL',
  ],
  ['analyses_company_source_created_id', 'analyses (company_id, source, created_at, id) WHERE source IS NOT NULL'],
  ['screenings_company_created_id', 'screenings (company_id, created_at, id)'],
  ['screenings_company_status_created_id', 'screenings (company_id, status, created_at, id)'],
  ['screenings_company_entity_created_id', 'screenings (company_id, entity_id, created_at, id)'],
  [
    'screenings_company_client_reference_created_id',
    'screenings (company_id, client_reference, created_at, id) WHERE client_reference IS NOT NULL',
  ],
  ['webhook_events_company_created_id', 'webhook_events (company_id, created_at, id)'],
  ['webhook_events_company_status_created_id', 'webhook_events (company_id, status, created_at, id)'],
  ['webhook_events_endpoint_created_id', 'webhook_events (endpoint_id, created_at, id)'],
  ...(['analysis_uuid', 'screening_uuid', 'report_uuid', 'client_reference'] as const).map((field): [string, string] => [
    `webhook_events_company_${field}`,
    `webhook_events (company_id, (payload #>> '{data,${field}}'), created_at, id) WHERE payload #>> '{data,${field}}' IS NOT NULL`,
  ]),
];

/** Superseded: same leading columns, without the list order. */
const replaced: [name: string, definition: string][] = [
  ['analyses_company_created', 'analyses (company_id, created_at DESC)'],
  ['analyses_company_entity', 'analyses (company_id, entity_id)'],
  ['screenings_company_id_created_at_index', 'screenings (company_id, created_at)'],
  ['webhook_events_company_id_id_index', 'webhook_events (company_id, id)'],
  ['webhook_events_company_id_status_id_index', 'webhook_events (company_id, status, id)'],
  ['webhook_events_endpoint_id_id_index', 'webhook_events (endpoint_id, id)'],
];

export async function up(knex: Knex): Promise<void> {
  for (const [name, definition] of indexes) await knex.raw(`CREATE INDEX IF NOT EXISTS ${name} ON ${definition}`);
  for (const [name] of replaced) await knex.raw(`DROP INDEX IF EXISTS ${name}`);
}

export async function down(knex: Knex): Promise<void> {
  for (const [name, definition] of replaced) await knex.raw(`CREATE INDEX IF NOT EXISTS ${name} ON ${definition}`);
  for (const [name] of indexes) await knex.raw(`DROP INDEX IF EXISTS ${name}`);
}

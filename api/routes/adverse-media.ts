import { randomUUID } from 'node:crypto';
import { defineSearchAttributeKey, SearchAttributeType } from '@temporalio/common';
import { getEntityRow } from '../../db/repositories/entity-repository';
import { deleteScreening, findScreening, insertScreening, listScreeningHits, ScreeningHitRow, ScreeningRow } from '../../db/repositories/screening-repository';
import { DependencyUnavailableError, NotFoundError } from '../../domain/errors';
import { mediaCategories } from '../../domain/media/media-taxonomy';
import { taskQueues } from '../../domain/task-queues';
import { workflowIds } from '../../domain/workflow-ids';
import type { adverseMediaScreeningWorkflow } from '../../workflows/adverse-media-screening-workflow';
import type { AppDeps } from '../app-deps';
import { defineRoute } from '../routing';
import { createScreeningRequestSchema, createScreeningResponseSchema, ScreeningHitBody, ScreeningResponse, screeningResponseSchema, screeningUuidParamsSchema } from '../schemas/adverse-media-schemas';
import { isTemporalUnavailable } from '../temporal-calls';
import { assertWebhookEndpointOwned, resolveSubject } from '../../db/repositories/subject-repository';

/** A start that cannot reach Temporal in this time answers 502 instead of hanging. */
const START_DEADLINE_MS = 3_000;

const searchAttributeKeys = {
  company: defineSearchAttributeKey('CompanyUuid', SearchAttributeType.KEYWORD),
  entity: defineSearchAttributeKey('EntityId', SearchAttributeType.INT),
};

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

function presentHit(h: ScreeningHitRow): ScreeningHitBody {
  return {
    article: { id: h.article_id, url: h.url, title: h.title, source: h.source, published_at: iso(h.published_at) },
    entity_id: Number(h.entity_id),
    matched_name: h.matched_name,
    name_source: h.name_source,
    match_type: h.match_type,
    match_score: h.match_score,
    matched_in: h.matched_in as 'title' | 'body',
    category: h.category as ScreeningHitBody['category'],
    category_terms: h.category_terms,
    snippet: h.snippet,
  };
}

async function presentScreening(deps: AppDeps, row: ScreeningRow): Promise<ScreeningResponse> {
  const entity = await getEntityRow(deps.db, row.entity_id);
  const hits = row.status === 'completed' ? await listScreeningHits(deps.db, row.company_id, row.id) : [];
  const counts = Object.fromEntries(mediaCategories.map((c) => [c, Number(row.counts_by_category?.[c] ?? 0)])) as ScreeningResponse['counts_by_category'];
  return {
    uuid: row.uuid,
    status: row.status,
    subject: { entity_id: Number(row.entity_id), entity_type: entity?.entity_type ?? 'unknown', display_name: entity?.display_name ?? '', document: entity?.document ?? null },
    client_reference: row.client_reference,
    include_related: row.include_related,
    webhook_endpoint_uuid: row.webhook_endpoint_uuid,
    as_of: iso(row.as_of)!,
    names: (row.names ?? []).map((n) => ({ entity_id: n.entity_id, name: n.name, kind: n.kind, source: n.source ?? null })),
    hit_count: row.hit_count,
    counts_by_category: counts,
    hits: hits.map(presentHit),
    limitations: row.limitations ?? [],
    versions: { matcher_version: row.matcher_version, taxonomy_version: row.taxonomy_version },
    error: row.error,
    created_at: iso(row.created_at)!,
    started_at: iso(row.started_at),
    completed_at: iso(row.completed_at),
  };
}

export const adverseMediaRoutes = [
  defineRoute({
    method: 'post',
    path: '/adverse-media',
    operationId: 'createAdverseMediaScreening',
    summary: 'Queue an adverse-media screening of an entity; returns at once with its uuid',
    description:
      'Exactly one of entity_id or document. include_related also screens the partners and administrators of an organization. ' +
      'webhook_endpoint_uuid must name an endpoint of the calling company (else 422); adverse_media.completed / adverse_media.failed ' +
      'go to it and to subscribers, with client_reference. Poll GET /adverse-media/{uuid} for the result.',
    tags: ['adverse-media'],
    auth: { scope: 'adverse_media:write' },
    billable: { feature: 'adverse_media', operation: 'adverse_media' },
    body: createScreeningRequestSchema,
    responses: {
      202: { description: 'accepted: the screening is queued', schema: createScreeningResponseSchema },
      404: { description: 'subject entity not found' },
      409: { description: 'identity resolution of the subject is ambiguous' },
      502: { description: 'Temporal or Postgres temporarily unavailable; nothing was queued' },
    },
    handler: async ({ body, auth, deps }) => {
      const entityId = await resolveSubject(deps.db, body);
      if (body.webhook_endpoint_uuid) await assertWebhookEndpointOwned(deps.db, auth.companyId, body.webhook_endpoint_uuid);
      const uuid = randomUUID();
      await insertScreening(deps.db, {
        uuid,
        companyId: auth.companyId,
        entityId,
        clientReference: body.client_reference ?? null,
        webhookEndpointUuid: body.webhook_endpoint_uuid?.toLowerCase() ?? null,
        includeRelated: body.include_related,
        asOf: new Date(),
      });
      try {
        await deps.temporal.withDeadline(Date.now() + START_DEADLINE_MS, () =>
          deps.temporal.workflow.start<typeof adverseMediaScreeningWorkflow>('adverseMediaScreeningWorkflow', {
            taskQueue: taskQueues.screenings,
            workflowId: workflowIds.screening(uuid),
            args: [{ screeningUuid: uuid }],
            typedSearchAttributes: [
              { key: searchAttributeKeys.company, value: auth.companyUuid },
              { key: searchAttributeKeys.entity, value: entityId },
            ],
          }),
        );
      } catch (error) {
        // Nothing may stay queued that no workflow will ever process.
        await deleteScreening(deps.db, uuid).catch(() => undefined);
        throw isTemporalUnavailable(error) ? new DependencyUnavailableError('temporal') : error;
      }
      return { status: 202, body: { uuid, status: 'queued' }, headers: { Location: `/adverse-media/${uuid}` } };
    },
  }),
  defineRoute({
    method: 'get',
    path: '/adverse-media/:uuid',
    operationId: 'getAdverseMediaScreening',
    summary: 'An adverse-media screening: status, names screened, hits with snippets, counts by category',
    tags: ['adverse-media'],
    auth: { scope: 'adverse_media:read' },
    params: screeningUuidParamsSchema,
    responses: {
      200: { description: 'the screening', schema: screeningResponseSchema },
      404: { description: 'no screening with this uuid for the calling company' },
    },
    handler: async ({ params, auth, deps }) => {
      const row = await findScreening(deps.db, auth.companyId, params.uuid);
      if (!row) throw new NotFoundError('screening');
      return { status: 200, body: await presentScreening(deps, row) };
    },
  }),
];

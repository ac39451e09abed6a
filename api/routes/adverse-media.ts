import { randomUUID } from 'node:crypto';
import { defineSearchAttributeKey, SearchAttributeType } from '@temporalio/common';
import { deleteScreening, findScreening, insertScreening } from '../../db/repositories/screening-repository';
import { DependencyUnavailableError, NotFoundError } from '../../domain/errors';
import { taskQueues } from '../../domain/task-queues';
import { workflowIds } from '../../domain/workflow-ids';
import type { adverseMediaScreeningWorkflow } from '../../workflows/adverse-media-screening-workflow';
import { defineRoute } from '../routing';
import { createScreeningRequestSchema, createScreeningResponseSchema, screeningResponseSchema, screeningUuidParamsSchema } from '../schemas/adverse-media-schemas';
import { presentScreening } from '../screening-presenter';
import { isTemporalUnavailable } from '../temporal-calls';
import { assertWebhookEndpointOwned, resolveSubject } from '../../db/repositories/subject-repository';

/** A start that cannot reach Temporal in this time answers 502 instead of hanging. */
const START_DEADLINE_MS = 3_000;

const searchAttributeKeys = {
  company: defineSearchAttributeKey('CompanyUuid', SearchAttributeType.KEYWORD),
  entity: defineSearchAttributeKey('EntityId', SearchAttributeType.INT),
};

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

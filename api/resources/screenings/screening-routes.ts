import { getEntityRow } from '../../../db/repositories/entities/entity-repository';
import { listScreeningHits } from '../../../db/repositories/screenings/screening-hit-repository';
import { findScreening } from '../../../db/repositories/screenings/screening-repository';
import { NotFoundError } from '../../../domain/errors';
import { createScreening } from '../../../usecases/screenings/create-screening';
import { defineRoute } from '../../edge/routing';
import {
  createScreeningRequestSchema,
  createScreeningResponseSchema,
  screeningResponseSchema,
  screeningUuidParamsSchema,
} from './screening-schemas';
import { presentScreening } from '../../presenters/screening-presenter';

/** Screenings: the public path is /adverse-media (docs/architecture.md), the resource is a screening everywhere inside. */
export const screeningRoutes = [
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
    temporal: true,
    billable: { feature: 'adverse_media', operation: 'adverse_media' },
    body: createScreeningRequestSchema,
    responses: {
      202: { description: 'accepted: the screening is queued', schema: createScreeningResponseSchema },
      404: { description: 'subject entity not found' },
      409: { description: 'identity resolution of the subject is ambiguous' },
      502: { description: 'Temporal or Postgres temporarily unavailable; nothing was queued' },
    },
    handler: async ({ body, actor, deps }) => {
      const created = await createScreening(deps, actor, { request: body });
      return { status: 202, body: created, headers: { Location: `/adverse-media/${created.uuid}` } };
    },
  }),
  defineRoute({
    method: 'get',
    path: '/adverse-media/:uuid',
    operationId: 'getAdverseMediaScreening',
    summary: 'An adverse-media screening: status, names screened, hits with snippets, counts by category',
    description:
      'The screening with its screened names, hits (article, matched name, category, snippet), counts by category and limitations.',
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
      const entity = await getEntityRow(deps.db, row.entity_id);
      const hits = row.status === 'completed' ? await listScreeningHits(deps.db, row.company_id, row.id) : [];
      return { status: 200, body: presentScreening(row, entity, hits) };
    },
  }),
];

import { getEntityProfile, searchEntities } from '../../../db/repositories/entities/entity-repository';
import { z } from 'zod';
import { NotFoundError } from '../../../domain/errors';
import { decodeCursor, queryBinding, toPage } from '../../edge/pagination';
import { normalizeDocument } from '../../../domain/documents/parse-document';
import { defineRoute } from '../../edge/routing';
import { entityIdParamsSchema, entityListSchema, entitySearchQuerySchema, EntitySummary, subjectProfileSchema } from './entity-schemas';

/**
 * The entity store is shared reference data (public registries), not customer data: every
 * company with `entities:read` sees the same entities (docs/entity-store.md).
 */
/** A search page stops at (match score, entity id): the order of the results. */
const entityPosition = z.strictObject({ s: z.number(), i: z.int().positive() });

function presentHit({ row, score }: Awaited<ReturnType<typeof searchEntities>>[number]): EntitySummary {
  return {
    entity_id: row.id,
    entity_type: row.entity_type,
    display_name: row.display_name,
    normalized_name: row.normalized_name,
    document: row.document,
    document_type: row.document_type,
    status: row.status,
    match_score: score,
  };
}

export const entityRoutes = [
  defineRoute({
    method: 'get',
    path: '/entities',
    operationId: 'searchEntities',
    summary: 'Search canonical entities by name (trigram similarity) and/or document',
    description:
      'q is normalized like every stored name (accents folded, upper case). Results: best match first, then entity id. Pages with the opaque next_cursor.',
    tags: ['entities'],
    auth: { scope: 'entities:read' },
    query: entitySearchQuerySchema,
    responses: { 200: { description: 'one page of matching entities', schema: entityListSchema } },
    handler: async ({ query, deps }) => {
      const hash = queryBinding([query.q ?? null, query.document ? normalizeDocument(query.document) : null, query.entity_type ?? null]);
      const after = decodeCursor(query.cursor, entityPosition, hash);
      const hits = await searchEntities(deps.db, {
        normalizedQuery: query.q,
        document: query.document,
        entityType: query.entity_type,
        limit: query.limit + 1,
        after: after && { score: after.s, id: after.i },
      });
      const page = toPage(hits, query.limit, presentHit, ({ row, score }) => ({ s: score, i: row.id }), hash);
      return { status: 200, body: page };
    },
  }),
  defineRoute({
    method: 'get',
    path: '/entities/:entity_id',
    operationId: 'getEntity',
    summary: 'The SubjectProfile of a canonical entity',
    description:
      'The subject profile of one canonical entity (docs/engine.md): registry facts of Receita Federal, CGU and declared ownership.',
    tags: ['entities'],
    auth: { scope: 'entities:read' },
    params: entityIdParamsSchema,
    responses: { 200: { description: 'the entity', schema: subjectProfileSchema }, 404: { description: 'no entity with this id' } },
    handler: async ({ params, deps }) => {
      const profile = await getEntityProfile(deps.db, params.entity_id);
      if (!profile) throw new NotFoundError('entity');
      return { status: 200, body: profile };
    },
  }),
];

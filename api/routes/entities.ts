import { createHash } from 'node:crypto';
import { getEntityProfile, searchEntities } from '../../db/repositories/entity-repository';
import { NotFoundError, ValidationError } from '../../domain/errors';
import { normalizeDocument } from '../../domain/documents/parse-document';
import { defineRoute } from '../routing';
import { EntityCursor, entityIdParamsSchema, entityListSchema, entitySearchQuerySchema, EntitySummary, subjectProfileSchema } from '../schemas/entity-schemas';

/**
 * The entity store is shared reference data (public registries), not customer data: every
 * company with `entities:read` sees the same entities (docs/entity-store.md).
 */
function queryHash(q: string | undefined, document: string | undefined, entityType: string | undefined): string {
  return createHash('sha256').update(JSON.stringify([q ?? null, document ? normalizeDocument(document) : null, entityType ?? null])).digest('base64url').slice(0, 12);
}

function encodeCursor(cursor: EntityCursor): string {
  return Buffer.from(JSON.stringify(cursor)).toString('base64url');
}

function decodeCursor(value: string, hash: string): EntityCursor {
  try {
    const parsed = JSON.parse(Buffer.from(value, 'base64url').toString('utf8'));
    if (typeof parsed.s === 'number' && Number.isSafeInteger(parsed.i) && parsed.h === hash) return parsed;
  } catch {
    // fall through
  }
  throw ValidationError.single(['query', 'cursor'], 'not a cursor of this search (use next_cursor of the previous page with the same q, document and entity_type)', 'cursor_invalid');
}

export const entityRoutes = [
  defineRoute({
    method: 'get',
    path: '/entities',
    operationId: 'searchEntities',
    summary: 'Search canonical entities by name (trigram similarity) and/or document',
    description: 'q is normalized like every stored name (accents folded, upper case). Results: best match first, then entity id. Pages with the opaque next_cursor.',
    tags: ['entities'],
    auth: { scope: 'entities:read' },
    query: entitySearchQuerySchema,
    responses: { 200: { description: 'one page of matching entities', schema: entityListSchema } },
    handler: async ({ query, deps }) => {
      const hash = queryHash(query.q, query.document, query.entity_type);
      const after = query.cursor ? decodeCursor(query.cursor, hash) : undefined;
      const hits = await searchEntities(deps.db, {
        normalizedQuery: query.q,
        document: query.document,
        entityType: query.entity_type,
        limit: query.limit + 1,
        after: after ? { score: after.s, id: after.i } : undefined,
      });
      const page = hits.slice(0, query.limit);
      const items: EntitySummary[] = page.map(({ row, score }) => ({
        entity_id: row.id,
        entity_type: row.entity_type,
        display_name: row.display_name,
        normalized_name: row.normalized_name,
        document: row.document,
        document_type: row.document_type,
        status: row.status,
        match_score: score,
      }));
      const last = page[page.length - 1];
      const nextCursor = hits.length > query.limit && last ? encodeCursor({ s: last.score, i: last.row.id, h: hash }) : null;
      return { status: 200, body: { items, next_cursor: nextCursor } };
    },
  }),
  defineRoute({
    method: 'get',
    path: '/entities/:entity_id',
    operationId: 'getEntity',
    summary: 'The SubjectProfile of a canonical entity',
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

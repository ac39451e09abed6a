import { listScreenings, type ScreeningListRow } from '../../../db/repositories/screenings/screening-list-repository';
import type { AppDeps } from '../../app-deps';
import { isoTimestamp } from '../../edge/iso-timestamp';
import { documentFilter } from '../../edge/list-filters';
import { newestFirstPage, readNewestFirst } from '../../edge/pagination';
import { defineRoute } from '../../edge/routing';
import { type ListScreeningsQuery, listScreeningsQuery, type ScreeningListItem, screeningPageSchema } from './screening-list-schemas';

function presentListItem(deps: AppDeps, row: ScreeningListRow): ScreeningListItem {
  const base = (deps.config.PUBLIC_BASE_URL ?? '').replace(/\/$/, '');
  return {
    uuid: row.uuid,
    status: row.status,
    entity_id: row.entity_id,
    subject: { display_name: row.subject_display_name, document: row.subject_document },
    client_reference: row.client_reference,
    include_related: row.include_related,
    hit_count: row.hit_count,
    created_at: isoTimestamp(row.created_at)!,
    completed_at: isoTimestamp(row.completed_at),
    links: { self: `${base}/adverse-media/${row.uuid}` },
  };
}

export const screeningListRoutes = [
  defineRoute({
    method: 'get',
    path: '/adverse-media',
    operationId: 'listAdverseMediaScreenings',
    summary: "The company's adverse-media screenings, newest first, filtered",
    description:
      'Filters: status, entity_id, document (every entity holding it), client_reference, created_from ≤ created_at < created_to. ' +
      'Pages of `limit` (1–200, default 50) with next_cursor; unknown query parameters are 422.',
    tags: ['adverse-media'],
    auth: { scope: 'adverse_media:read' },
    query: listScreeningsQuery,
    responses: { 200: { description: 'a page of screening summaries', schema: screeningPageSchema } },
    handler: async ({ query, auth, deps }) => {
      const request = readNewestFirst(query as ListScreeningsQuery);
      const f = request.filters;
      const rows = await listScreenings(
        deps.db,
        auth.companyId,
        {
          status: f.status,
          entityId: f.entity_id,
          document: documentFilter(f.document),
          clientReference: f.client_reference,
          from: f.created_from,
          to: f.created_to,
        },
        request.page,
      );
      return { status: 200, body: newestFirstPage(rows, request, (row) => presentListItem(deps, row)) };
    },
  }),
];

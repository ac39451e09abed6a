import { type AnalysisListRow, listAnalyses } from '../../../db/repositories/analyses/analysis-list-repository';
import { analysisLinks } from '../../presenters/analysis-read-form';
import type { AppDeps } from '../../app-deps';
import { isoTimestamp } from '../../edge/iso-timestamp';
import { documentFilter } from '../../edge/list-filters';
import { newestFirstPage, readNewestFirst } from '../../edge/pagination';
import { defineRoute } from '../../edge/routing';
import { type AnalysisListItem, analysisPageSchema, type ListAnalysesQuery, listAnalysesQuery } from './analysis-list-schemas';

function presentListItem(deps: AppDeps, row: AnalysisListRow): AnalysisListItem {
  return {
    uuid: row.uuid,
    status: row.status,
    mode: row.mode,
    entity_id: row.entity_id,
    subject: { display_name: row.subject_display_name, document: row.subject_document },
    score: row.score,
    risk_level: row.risk_level as AnalysisListItem['risk_level'],
    client_reference: row.client_reference,
    source: row.source,
    created_at: isoTimestamp(row.created_at)!,
    completed_at: isoTimestamp(row.completed_at),
    links: analysisLinks(deps, row.uuid),
  };
}

const listRoute = (path: string, operationId: string) =>
  defineRoute({
    method: 'get',
    path,
    operationId,
    summary: "The company's analyses, newest first, filtered",
    description:
      'Filters: status, risk_level, entity_id, document (every entity holding it), client_reference, source, mode, ' +
      'created_from ≤ created_at < created_to (ISO 8601 instant or date). Pages of `limit` (1–200, default 50); pass next_cursor back as ' +
      'cursor with the same filters. Unknown query parameters are 422.',
    tags: ['analyses'],
    auth: { scope: 'analyses:read' },
    query: listAnalysesQuery,
    responses: { 200: { description: 'a page of analysis summaries', schema: analysisPageSchema } },
    handler: async ({ query, auth, deps }) => {
      const request = readNewestFirst(query as ListAnalysesQuery);
      const f = request.filters;
      const rows = await listAnalyses(
        deps.db,
        auth.companyId,
        {
          status: f.status,
          riskLevel: f.risk_level,
          entityId: f.entity_id,
          document: documentFilter(f.document),
          clientReference: f.client_reference,
          source: f.source,
          mode: f.mode,
          from: f.created_from,
          to: f.created_to,
          reviewRequired: f.review_required === undefined ? undefined : f.review_required === 'true',
          escalationRequired: f.escalation_required === undefined ? undefined : f.escalation_required === 'true',
        },
        request.page,
      );
      return { status: 200, body: newestFirstPage(rows, request, (row) => presentListItem(deps, row)) };
    },
  });

/** GET /analyses and its /api alias (docs/analyses.md writes both forms). */
export const analysisListRoutes = [listRoute('/analyses', 'listAnalyses'), listRoute('/api/analyses', 'listAnalysesAlias')];

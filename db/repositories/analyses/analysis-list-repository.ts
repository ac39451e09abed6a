import type { Executor } from '../../create-db';
import type { AnalysisMode, AnalysisStatus } from './analysis-row';
import { type CreatedRange, createdKeyColumn, type NewestFirstPage, pageNewestFirst } from '../newest-first';

/** GET /analyses: a company's analyses, newest first, filtered on indexed columns (migration 20261123150000). */
export type AnalysisListFilter = CreatedRange & {
  status?: AnalysisStatus;
  riskLevel?: string;
  entityId?: number;
  /** Normalized: analyses of every entity holding it (entity_documents). */
  document?: string;
  clientReference?: string;
  source?: string;
  mode?: AnalysisMode;
  /** The verdict's flags (read from the verdict: completed analyses only). */
  reviewRequired?: boolean;
  escalationRequired?: boolean;
};

export type AnalysisListRow = {
  id: number;
  uuid: string;
  status: AnalysisStatus;
  mode: AnalysisMode;
  entity_id: number;
  subject_display_name: string | null;
  subject_document: string | null;
  score: number | null;
  risk_level: string | null;
  client_reference: string | null;
  source: string | null;
  created_at: Date;
  completed_at: Date | null;
  created_key: string;
};

/**
 * The subject of an item is the entity as the store knows it (display name and primary document);
 * the verdict's own subject, frozen at as_of, is in the read form. A subject no longer in the store
 * lists with a null name.
 */
export async function listAnalyses(
  db: Executor,
  companyId: number,
  filter: AnalysisListFilter,
  page: NewestFirstPage,
): Promise<AnalysisListRow[]> {
  return analysisListQuery(db, companyId, filter, page);
}

/** The query itself (the list benchmark explains it). */
export function analysisListQuery(db: Executor, companyId: number, filter: AnalysisListFilter, page: NewestFirstPage) {
  const query = db('analyses as a')
    .leftJoin('entities as e', 'e.id', 'a.entity_id')
    .where('a.company_id', companyId)
    .select(
      'a.id',
      'a.uuid',
      'a.status',
      'a.mode',
      'a.entity_id',
      'e.display_name as subject_display_name',
      'e.document as subject_document',
      'a.score',
      'a.risk_level',
      'a.client_reference',
      'a.source',
      'a.created_at',
      'a.completed_at',
      createdKeyColumn(db, 'a'),
    );
  if (filter.status) query.where('a.status', filter.status);
  if (filter.riskLevel) query.where('a.risk_level', filter.riskLevel);
  if (filter.entityId !== undefined) query.where('a.entity_id', filter.entityId);
  if (filter.document !== undefined)
    query.whereIn('a.entity_id', db('entity_documents').where('document', filter.document).select('entity_id'));
  if (filter.clientReference !== undefined) query.where('a.client_reference', filter.clientReference);
  if (filter.source !== undefined) query.where('a.source', filter.source);
  if (filter.mode) query.where('a.mode', filter.mode);
  if (filter.reviewRequired !== undefined)
    query.where('a.status', 'completed').whereRaw(`(a.verdict->'risk'->>'review_required')::boolean = ?`, [filter.reviewRequired]);
  if (filter.escalationRequired !== undefined)
    query.where('a.status', 'completed').whereRaw(`(a.verdict->'risk'->>'escalation_required')::boolean = ?`, [filter.escalationRequired]);
  return pageNewestFirst(query, 'a', filter, page);
}

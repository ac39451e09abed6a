import type { Executor } from '../../create-db';
import { type CreatedRange, createdKeyColumn, type NewestFirstPage, pageNewestFirst } from '../newest-first';
import type { ScreeningStatus } from './screening-repository';

/** GET /adverse-media: a company's screenings, newest first, filtered on indexed columns. */
export type ScreeningListFilter = CreatedRange & {
  status?: ScreeningStatus;
  entityId?: number;
  document?: string;
  clientReference?: string;
};

export type ScreeningListRow = {
  id: number;
  uuid: string;
  status: ScreeningStatus;
  entity_id: number;
  subject_display_name: string | null;
  subject_document: string | null;
  client_reference: string | null;
  include_related: boolean;
  hit_count: number;
  created_at: Date;
  completed_at: Date | null;
  created_key: string;
};

export async function listScreenings(
  db: Executor,
  companyId: number,
  filter: ScreeningListFilter,
  page: NewestFirstPage,
): Promise<ScreeningListRow[]> {
  const query = db('screenings as s')
    .leftJoin('entities as e', 'e.id', 's.entity_id')
    .where('s.company_id', companyId)
    .select(
      's.id',
      's.uuid',
      's.status',
      's.entity_id',
      'e.display_name as subject_display_name',
      'e.document as subject_document',
      's.client_reference',
      's.include_related',
      's.hit_count',
      's.created_at',
      's.completed_at',
      createdKeyColumn(db, 's'),
    );
  if (filter.status) query.where('s.status', filter.status);
  if (filter.entityId !== undefined) query.where('s.entity_id', filter.entityId);
  if (filter.document !== undefined)
    query.whereIn('s.entity_id', db('entity_documents').where('document', filter.document).select('entity_id'));
  if (filter.clientReference !== undefined) query.where('s.client_reference', filter.clientReference);
  return pageNewestFirst(query, 's', filter, page);
}

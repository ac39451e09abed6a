import type { Executor } from '../../create-db';

/** The analysis a report is built from, read by company (another company's analysis is missing). */
/** What a report is built from: the completed analysis' snapshot, verdict and analysis-time graph. */
export async function findReportSource(db: Executor, companyId: number, analysisUuid: string) {
  return db('analyses')
    .where({ company_id: companyId, uuid: analysisUuid })
    .first<{ id: number; uuid: string; status: string; completed_at: Date | null; snapshot: any; verdict: any; graph: any } | undefined>(
      'id',
      'uuid',
      'status',
      'completed_at',
      'snapshot',
      'verdict',
      'graph',
    );
}

/** The analysis' status and completion only (the create request's checks read no jsonb). */
export async function findAnalysisCompletion(db: Executor, companyId: number, analysisUuid: string) {
  return db('analyses')
    .where({ company_id: companyId, uuid: analysisUuid })
    .first<{ id: number; status: string; completed_at: Date | null } | undefined>('id', 'status', 'completed_at');
}

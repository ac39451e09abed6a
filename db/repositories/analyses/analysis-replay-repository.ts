import type { Executor } from '../../create-db';
import type { AnalysisStatus } from './analysis-row';

/** What a replay reads of an analysis: its snapshot, its verdict and the fingerprints of its row. */
export type ReplayRow = {
  id: number;
  uuid: string;
  status: AnalysisStatus;
  snapshot: unknown;
  verdict: unknown;
  snapshot_hash: string | null;
  input_fingerprint: string | null;
  engine_fingerprint: string | null;
  verdict_fingerprint: string | null;
};

const replayColumns = [
  'id',
  'uuid',
  'status',
  'snapshot',
  'verdict',
  'snapshot_hash',
  'input_fingerprint',
  'engine_fingerprint',
  'verdict_fingerprint',
];

/** Another company's analysis is missing. */
export async function findAnalysisForReplay(db: Executor, companyId: number, uuid: string): Promise<ReplayRow | undefined> {
  return db('analyses').where({ uuid, company_id: companyId }).first(replayColumns);
}

/** The company of an analysis, whichever it is: how an operator (ops CLI) names the company it acts on. */
export async function findAnalysisCompanyId(db: Executor, uuid: string): Promise<number | undefined> {
  return (await db('analyses').where({ uuid }).first('company_id'))?.company_id;
}

/** Completed analyses created since `since`, every company, by id after `afterId` (a batch of an ops replay). */
/** How many analyses `listCompletedAnalysesSince` will page through (the progress of `analyses verify --since`). */
export async function countCompletedAnalysesSince(db: Executor, since: Date): Promise<number> {
  const [row] = await db('analyses')
    .where('status', 'completed')
    .andWhere('created_at', '>=', since)
    .count<{ count: string }[]>('* as count');
  return Number(row.count);
}

export async function listCompletedAnalysesSince(db: Executor, since: Date, afterId: number, limit: number): Promise<ReplayRow[]> {
  return db('analyses')
    .where('status', 'completed')
    .andWhere('created_at', '>=', since)
    .andWhere('id', '>', afterId)
    .orderBy('id')
    .limit(limit)
    .select(replayColumns);
}

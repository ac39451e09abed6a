import type { Executor } from '../../create-db';
import type { ExpansionRecord } from '../../../domain/graph/expansion/expansion-types';
import type { AnalysisGraph } from '../../../domain/graph/types';

/**
 * The graph of an analysis as stored: analyses.graph (the analysis-time graph, written once by
 * the analysis workflow), analyses.graph_expansions (the append-only list of expansions) and
 * analysis_graph_keys (their key index, derived, so that an expansion never reads the graph).
 * Every read filters by company: another company's analysis is missing.
 */
export type AnalysisGraphRow = { id: number; graph: AnalysisGraph | null; expansions: ExpansionRecord[] };

export async function findAnalysisGraph(db: Executor, companyId: number, uuid: string): Promise<AnalysisGraphRow | undefined> {
  const row = await db('analyses').where({ uuid, company_id: companyId }).first('id', 'graph', 'graph_expansions');
  return row && { id: row.id, graph: row.graph, expansions: Array.isArray(row.graph_expansions) ? row.graph_expansions : [] };
}

/** Whether the analysis exists for the company and has its graph (IS NOT NULL reads no jsonb). */
export async function findGraphState(db: Executor, companyId: number, uuid: string): Promise<'missing' | 'not_ready' | 'ready'> {
  const row = await db('analyses').where({ uuid, company_id: companyId }).first(db.raw('graph IS NOT NULL AS ready'));
  return !row ? 'missing' : row.ready ? 'ready' : 'not_ready';
}


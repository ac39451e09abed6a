import type { Executor } from '../create-db';
import type { ExpansionRecord } from '../../domain/graph/expansion/expansion-types';
import { graphKeyEntries } from '../../domain/graph/graph-key-index';
import type { AnalysisGraph } from '../../domain/graph/types';
import { graphKeyColumns, graphKeyTypes } from './graph-key-columns';

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


/**
 * Indexes a just-persisted graph (the graph step). One statement, so the index of an analysis is
 * all there or absent; idempotent (a retry, or a concurrent lazy build, inserts nothing twice);
 * nothing is written unless the row holds a graph. Inserted in key order: a denser primary key.
 */
export async function indexAnalysisGraph(db: Executor, uuid: string, graph: AnalysisGraph): Promise<void> {
  await db.raw(
    `INSERT INTO analysis_graph_keys (analysis_id, company_id, ${graphKeyColumns})
     SELECT a.id, a.company_id, ${graphKeyColumns} FROM analyses a, json_to_recordset(?::json) AS e(${graphKeyTypes})
      WHERE a.uuid = ?::uuid AND a.graph IS NOT NULL
      ORDER BY e.key
     ON CONFLICT (analysis_id, key) DO NOTHING`,
    [JSON.stringify(graphKeyEntries(graph.graph)), uuid],
  );
}

import type { Executor } from '../create-db';
import type { ExpansionRecord } from '../../domain/graph/expansion/expansion-types';
import type { AnalysisGraph, GraphPath } from '../../domain/graph/types';

/**
 * The graph of an analysis as stored: analyses.graph (the analysis-time graph, written once by
 * the analysis workflow) and analyses.graph_expansions (the append-only list of expansions).
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

/** Row lock: concurrent expansions of one analysis apply one after the other, none is lost. */
export async function lockAnalysisGraph(trx: Executor, companyId: number, uuid: string): Promise<{ id: number; asOf: string; rootEntityId: number | null; ready: boolean; expansions: ExpansionRecord[] } | undefined> {
  const row = await trx('analyses')
    .where({ uuid, company_id: companyId })
    .forUpdate()
    .first('id', 'as_of', 'graph_expansions', trx.raw('graph IS NOT NULL AS ready'), trx.raw(`(graph->'graph'->>'root_entity_id')::bigint AS root_entity_id`));
  return row && { id: row.id, asOf: row.as_of, rootEntityId: row.root_entity_id, ready: row.ready, expansions: Array.isArray(row.graph_expansions) ? row.graph_expansions : [] };
}

/**
 * From the analysis-time graph, in one statement that decompresses the (multi-megabyte) jsonb
 * once: the path to the node, and which of the candidate node and edge keys it already holds.
 */
export async function probeBaseGraph(db: Executor, analysisId: number, nodeKey: string, nodeKeys: string[], edgeKeys: string[]): Promise<{ path: GraphPath | undefined; nodes: Set<string>; edges: Set<string> }> {
  const result = await db.raw(
    `WITH g AS MATERIALIZED (SELECT graph->'graph' AS g FROM analyses WHERE id = ?)
     SELECT (SELECT p FROM g, jsonb_array_elements(g.g->'paths') p WHERE p->>'target_node_key' = ? LIMIT 1) AS path,
            (SELECT coalesce(jsonb_agg(n->>'key'), '[]') FROM g, jsonb_array_elements(g.g->'nodes') n WHERE n->>'key' = ANY(?::text[])) AS nodes,
            (SELECT coalesce(jsonb_agg(e->>'projection_key'), '[]') FROM g, jsonb_array_elements(g.g->'edges') e WHERE e->>'projection_key' = ANY(?::text[])) AS edges`,
    [analysisId, nodeKey, nodeKeys, edgeKeys],
  );
  const row = result.rows[0] ?? {};
  return { path: row.path ?? undefined, nodes: new Set(row.nodes ?? []), edges: new Set(row.edges ?? []) };
}

export async function appendGraphExpansion(db: Executor, analysisId: number, record: ExpansionRecord): Promise<void> {
  await db.raw(`UPDATE analyses SET graph_expansions = graph_expansions || jsonb_build_array(?::jsonb) WHERE id = ?`, [JSON.stringify(record), analysisId]);
}

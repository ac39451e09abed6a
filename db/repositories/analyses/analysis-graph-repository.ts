import type { Executor } from '../../create-db';
import type { ExpansionRecord } from '../../../domain/graph/expansion/expansion-types';
import type { AnalysisGraph } from '../../../domain/graph/types';
import { GraphKeyEntry, graphKeyEntries, KeyProbe, pathFromChain } from '../../../domain/graph/graph-key-index';

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

/** The columns of analysis_graph_keys that every writer of the index fills, and their json_to_recordset types. */
export const graphKeyColumns = 'key, parent_key, via_edge_key, depth, direction, contains_cycle, equivalent_path_count, truncated';
export const graphKeyTypes =
  'key text, parent_key text, via_edge_key text, depth int, direction text, contains_cycle boolean, equivalent_path_count int, truncated boolean';

/**
 * Graph expansions of a persisted analysis graph (graph area): the row lock that serialises them,
 * the lazy build of a missing key index, the key probe and the one-statement append.
 */
/** Row lock: concurrent expansions of one analysis apply one after the other, none is lost. */
export async function lockAnalysisGraph(
  trx: Executor,
  companyId: number,
  uuid: string,
): Promise<{ id: number; asOf: string; subjectEntityId: number; ready: boolean; indexed: boolean } | undefined> {
  const { rows } = await trx.raw(
    `SELECT a.id, a.as_of, a.entity_id, a.graph IS NOT NULL AS ready,
            EXISTS (SELECT 1 FROM analysis_graph_keys k WHERE k.analysis_id = a.id) AS indexed
       FROM analyses a WHERE a.uuid = ?::uuid AND a.company_id = ? FOR UPDATE OF a`,
    [uuid, companyId],
  );
  const row = rows[0];
  return row && { id: row.id, asOf: row.as_of, subjectEntityId: row.entity_id, ready: row.ready, indexed: row.indexed };
}

/**
 * The index of an analysis that has none (graph written before the index existed, or the graph
 * step crashed between its two writes), from the stored graph and expansions: one decompression
 * of the jsonb, once per analysis. Call under the row lock.
 */
export async function buildIndexFromStoredGraph(trx: Executor, analysisId: number, companyId: number): Promise<void> {
  await trx.raw(
    `WITH g AS MATERIALIZED (SELECT graph->'graph' AS body, graph_expansions AS x FROM analyses WHERE id = ? AND graph IS NOT NULL),
     records AS (SELECT r, i FROM g, jsonb_array_elements(g.x) WITH ORDINALITY AS t(r, i)),
     views AS (SELECT body AS v, 0::bigint AS rank FROM g UNION ALL SELECT r, i FROM records),
     paths AS (SELECT p, (p->>'depth')::int AS depth, rank FROM views, jsonb_array_elements(v->'paths') p),
     entries AS (
       SELECT p->>'target_node_key' AS key, CASE WHEN depth > 0 THEN p->'node_keys'->>(depth - 1) END AS parent_key,
              CASE WHEN depth > 0 THEN p->'edge_keys'->>(depth - 1) END AS via_edge_key, depth, p->>'direction' AS direction,
              (p->>'contains_cycle')::boolean AS contains_cycle, (p->>'equivalent_path_count')::int AS equivalent_path_count, (p->>'truncated')::boolean AS truncated, rank
         FROM paths
       UNION ALL SELECT n->>'key', NULL, NULL, NULL, NULL, NULL, NULL, NULL, rank FROM views, jsonb_array_elements(v->'nodes') n
       UNION ALL SELECT e->>'projection_key', NULL, NULL, NULL, NULL, NULL, NULL, NULL, rank FROM views, jsonb_array_elements(v->'edges') e),
     expanded AS (
       SELECT r->>'node_key' AS key, coalesce(array_agg(DISTINCT d) FILTER (WHERE d IS NOT NULL), '{}') AS domains
         FROM records LEFT JOIN LATERAL jsonb_array_elements_text(r->'domains') d ON true GROUP BY 1)
     INSERT INTO analysis_graph_keys (analysis_id, company_id, ${graphKeyColumns}, expanded_domains)
     SELECT DISTINCT ON (en.key) ?, ?, ${graphKeyColumns
       .split(', ')
       .map((c) => `en.${c}`)
       .join(', ')}, x.domains
       FROM entries en LEFT JOIN expanded x ON x.key = en.key
      ORDER BY en.key, en.depth IS NULL, en.rank
     ON CONFLICT (analysis_id, key) DO NOTHING`,
    [analysisId, analysisId, companyId],
  );
}

/** Which of the candidate keys the view holds, and the expanded node's path (a walk up its parents) and applied domains. */
export async function probeGraphKeys(
  db: Executor,
  analysisId: number,
  companyId: number,
  nodeKey: string,
  candidates: string[],
): Promise<KeyProbe> {
  const { rows } = await db.raw(
    `WITH RECURSIVE chain AS (
       SELECT ${graphKeyColumns}, expanded_domains, 0 AS n FROM analysis_graph_keys WHERE analysis_id = ? AND company_id = ? AND key = ?
       UNION ALL
       SELECT ${graphKeyColumns
         .split(', ')
         .map((c) => `k.${c}`)
         .join(', ')}, k.expanded_domains, c.n + 1
         FROM chain c JOIN analysis_graph_keys k ON k.analysis_id = ? AND k.key = c.parent_key WHERE c.depth > 0 AND c.n < 1000)
     SELECT ${graphKeyColumns}, expanded_domains, n FROM chain
     UNION ALL
     SELECT key, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL FROM analysis_graph_keys WHERE analysis_id = ? AND company_id = ? AND key = ANY(?::text[])`,
    [analysisId, companyId, nodeKey, analysisId, analysisId, companyId, candidates],
  );
  const chain = rows
    .filter((r: { n: number | null }) => r.n !== null)
    .sort((a: { n: number }, b: { n: number }) => a.n - b.n) as (GraphKeyEntry & { expanded_domains: string[] | null })[];
  const node = chain[0];
  return {
    node: node && { path: pathFromChain(chain), expandedDomains: node.expanded_domains },
    existing: new Set(rows.filter((r: { n: number | null }) => r.n === null).map((r: { key: string }) => r.key)),
  };
}

/** Appends an expansion and indexes what it added, in one statement (call under the row lock). */
export async function recordGraphExpansion(db: Executor, analysisId: number, companyId: number, record: ExpansionRecord): Promise<void> {
  await db.raw(
    `WITH appended AS (UPDATE analyses SET graph_expansions = graph_expansions || jsonb_build_array(?::jsonb) WHERE id = ? RETURNING id),
     added AS (INSERT INTO analysis_graph_keys (analysis_id, company_id, ${graphKeyColumns})
               SELECT ?, ?, ${graphKeyColumns} FROM json_to_recordset(?::json) AS e(${graphKeyTypes})
               ON CONFLICT (analysis_id, key) DO NOTHING)
     UPDATE analysis_graph_keys SET expanded_domains = ARRAY(SELECT DISTINCT d FROM unnest(coalesce(expanded_domains, '{}') || ?::text[]) d ORDER BY 1)
      WHERE analysis_id = ? AND key = ?`,
    [
      JSON.stringify(record),
      analysisId,
      analysisId,
      companyId,
      JSON.stringify(graphKeyEntries(record)),
      record.domains,
      analysisId,
      record.node_key,
    ],
  );
}

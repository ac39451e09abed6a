import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import { ANALYSIS_WORKFLOW_VERSION } from '../../contracts/analysis-workflow-contract';
import { completeCnpj } from '../../domain/documents/cnpj';
import { buildAnalysisGraph } from '../../domain/graph/build-analysis-graph';
import { scoreSnapshot } from '../../domain/scoring/score-snapshot';
import { generateSnapshot } from '../graph';

/**
 * A completed analysis of a ≥ 10k-node network, written as the analysis pipeline writes one
 * (snapshot, verdict, graph), so that the reports bench measures report generation on a large
 * analysis without spending minutes building an entity store that size.
 */
export async function insertLargeAnalysis(db: Knex, companyId: number): Promise<{ uuid: string; nodes: number }> {
  const snapshot = generateSnapshot({ fanOut: [20, 20, 5, 5], firstId: 2_000_000, seed: 7 });
  snapshot.network.entities[0].document = completeCnpj('998877660001');
  snapshot.network.entities[0].document_type = 'cnpj';
  const verdict = scoreSnapshot(snapshot, undefined, { analysisWorkflowVersion: ANALYSIS_WORKFLOW_VERSION });
  const signals = verdict.signals.map((s) => ({
    code: s.code,
    identified: s.identified,
    observed_entity_ids: s.observed_entity_ids,
    graph_paths: s.graph_paths,
    score: s.score,
    pillar: s.pillar,
  }));
  const graph = buildAnalysisGraph(snapshot, signals, { maxDepth: 4, maxNodes: 20_000 });
  const uuid = randomUUID();
  const v = verdict.versions;
  await db('analyses').insert({
    uuid,
    company_id: companyId,
    entity_id: snapshot.subject_entity_id,
    mode: 'async',
    status: 'completed',
    current_step: 'completed',
    entry_uuid: randomUUID(),
    as_of: snapshot.as_of,
    snapshot: JSON.stringify(snapshot),
    snapshot_hash: v.snapshot_hash,
    verdict: JSON.stringify(verdict),
    verdict_fingerprint: v.verdict_fingerprint,
    input_fingerprint: v.input_fingerprint,
    engine_fingerprint: v.engine_fingerprint,
    rules_version: v.rules_version,
    score: verdict.risk.score,
    risk_level: verdict.risk.risk_level,
    graph: JSON.stringify(graph),
    workflow_id: `analysis-${uuid}`,
    started_at: new Date(),
    completed_at: new Date(),
  });
  return { uuid, nodes: graph.graph.nodes.length };
}

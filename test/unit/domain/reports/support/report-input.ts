import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Snapshot } from '../../../../../domain/analysis/snapshot';
import { buildAnalysisGraph } from '../../../../../domain/graph/build-analysis-graph';
import { currentRegulatoryManifest } from '../../../../../domain/regulatory/manifest-registry';
import type { ReportType } from '../../../../../domain/regulatory/manifest-types';
import type { ReportBuildInput, ReportingInstitution } from '../../../../../domain/reports/report-types';
import { ruleCatalogV1 } from '../../../../../domain/rules';
import { scoreSnapshot } from '../../../../../domain/scoring/score-snapshot';

/** The golden input: a sanctioned company with a PEP partner, an owner chain and adverse media, with documents. */
export function goldenSnapshot(): Snapshot {
  return JSON.parse(readFileSync(path.join(__dirname, '..', 'golden', 'sanctioned-company.snapshot.json'), 'utf8'));
}

/** Snapshot → verdict → graph exactly as an analysis computes them, then the report input. */
export function reportInput(type: ReportType, snapshot: Snapshot = goldenSnapshot(), institution: ReportingInstitution = { name: 'Banco Fictício S.A.', cnpj: '11222333000181' }): ReportBuildInput {
  const verdict = scoreSnapshot(snapshot, undefined, { analysisWorkflowVersion: 'analysis-workflow.v2' });
  const signals = verdict.signals.map((s) => ({ code: s.code, identified: s.identified, observed_entity_ids: s.observed_entity_ids, graph_paths: s.graph_paths, score: s.score, pillar: s.pillar }));
  const graph = buildAnalysisGraph(snapshot, signals, { maxDepth: 4, maxNodes: 20_000 });
  return { type, snapshot, verdict, graph, manifest: currentRegulatoryManifest, catalog: ruleCatalogV1, institution };
}

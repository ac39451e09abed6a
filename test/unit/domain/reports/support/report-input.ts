import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Snapshot } from '../../../../../domain/analysis/snapshot';
import { buildAnalysisGraph } from '../../../../../domain/graph/build-analysis-graph';
import { findRegulatoryManifest } from '../../../../../domain/regulatory/manifest-registry';
import type { RegulatoryManifest, ReportType } from '../../../../../domain/regulatory/manifest-types';
import type { ReportBuildInput, ReportingInstitution } from '../../../../../domain/reports/report-types';
import { ruleCatalogV1, type RuleCatalog } from '../../../../../domain/rules';
import { scoreSnapshot } from '../../../../../domain/scoring/score-snapshot';

/** The golden input: a sanctioned company with a PEP partner, an owner chain and adverse media, with documents. */
export function goldenSnapshot(): Snapshot {
  return JSON.parse(readFileSync(path.join(__dirname, '..', 'golden', 'sanctioned-company.snapshot.json'), 'utf8'));
}

/**
 * The versions a golden is built with: by default the ones the first goldens were (rule catalog
 * 2026.11.1 scoring, manifest 2026.12.1), which a report of those versions still renders byte for byte.
 */
export type GoldenVersions = { catalog: RuleCatalog; manifest: RegulatoryManifest };
export const firstGoldenVersions: GoldenVersions = { catalog: ruleCatalogV1, manifest: findRegulatoryManifest('2026.12.1')! };

/** Snapshot → verdict → graph exactly as an analysis computes them, then the report input. */
export function reportInput(
  type: ReportType,
  snapshot: Snapshot = goldenSnapshot(),
  institution: ReportingInstitution = { name: 'Banco Fictício S.A.', cnpj: '11222333000181' },
  versions: GoldenVersions = firstGoldenVersions,
): ReportBuildInput {
  const verdict = scoreSnapshot(snapshot, versions.catalog, { analysisWorkflowVersion: 'analysis-workflow.v2' });
  const signals = verdict.signals.map((s) => ({
    code: s.code,
    identified: s.identified,
    observed_entity_ids: s.observed_entity_ids,
    graph_paths: s.graph_paths,
    score: s.score,
    pillar: s.pillar,
  }));
  const graph = buildAnalysisGraph(snapshot, signals, { maxDepth: 4, maxNodes: 20_000 });
  return { type, snapshot, verdict, graph, manifest: versions.manifest, catalog: versions.catalog, institution };
}

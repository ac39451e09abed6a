import type { AnalysisReadParts } from '../../db/repositories/analyses/analysis-read-repository';
import { currentRegulatoryManifest, findRegulatoryManifest } from '../../domain/regulatory/manifest-registry';
import { reportWindow } from '../../domain/regulatory/report-window';
import type { AppDeps } from '../app-deps';
import { isoTimestamp } from '../edge/iso-timestamp';
import type { AnalysisLinks, AnalysisRead } from '../resources/analyses/analysis-schemas';

/** docs/analyses.md: the read form of the subject omits these enumerations of the create form. */
const omittedFromReadForm = new Set([
  'entity_type',
  'education_level',
  'establishment_type',
  'gender',
  'government_branch',
  'marital_status',
  'organization_category',
  'race_color',
  'unit_status',
  'unit_type',
]);

function toReadFormSubject(subject: Record<string, unknown> | null): AnalysisRead['subject'] {
  if (!subject) return null;
  return Object.fromEntries(Object.entries(subject).filter(([key]) => !omittedFromReadForm.has(key))) as AnalysisRead['subject'];
}

/** The sub-resource addresses of an analysis, under PUBLIC_BASE_URL when it is set. */
export function analysisLinks({ config }: Pick<AppDeps, 'config'>, uuid: string): AnalysisLinks {
  const base = (config.PUBLIC_BASE_URL ?? '').replace(/\/$/, '');
  const sub = (name: string) => `${base}/analyses/${uuid}/${name}`;
  return {
    self: `${base}/api/analyses/${uuid}`,
    events: sub('events'),
    explanation: sub('explanation'),
    graph: sub('graph'),
    signals: sub('signals'),
    snapshot: sub('snapshot'),
  };
}

/** The read form of an analysis (docs/analyses.md), from its row and verdict parts (the route reads them: docs/architecture.md, the read path). */
export function presentAnalysis(deps: Pick<AppDeps, 'config'>, row: AnalysisReadParts): AnalysisRead {
  const completed = row.status === 'completed';
  const versions = completed ? (row.verdict_versions ?? {}) : {};
  return {
    uuid: row.uuid,
    status: row.status,
    current_step: row.current_step,
    mode: row.mode,
    entity_id: row.entity_id,
    entry_uuid: row.entry_uuid,
    as_of: row.as_of,
    source: row.source,
    client_reference: row.client_reference,
    links: analysisLinks(deps, row.uuid),
    // docs/engine.md: risk is null until completed.
    risk: completed ? row.verdict_risk : null,
    signal_counts: completed ? row.verdict_signal_counts : null,
    subject: completed ? toReadFormSubject(row.verdict_subject) : null,
    versions: {
      analysis_workflow_version: versions.analysis_workflow_version ?? null,
      regulatory_catalog_version: versions.regulatory_catalog_version ?? null,
      rules_version: versions.rules_version ?? null,
      scoring_engine_version: versions.scoring_engine_version ?? null,
      operational_model: versions.operational_model ?? null,
      operational_prompt_version: versions.operational_prompt_version ?? null,
      // Injected from the row: known as soon as enrichment is done (docs/analyses.md).
      snapshot_hash: row.snapshot_hash,
      engine_fingerprint: completed ? row.engine_fingerprint : null,
      input_fingerprint: completed ? row.input_fingerprint : null,
      verdict_fingerprint: completed ? row.verdict_fingerprint : null,
    },
    error: row.error,
    created_at: isoTimestamp(row.created_at)!,
    started_at: isoTimestamp(row.started_at),
    completed_at: isoTimestamp(row.completed_at),
    // The same computation as the reports' (domain/regulatory/report-window.ts).
    window: completed
      ? reportWindow(row.completed_at, findRegulatoryManifest(String(versions.regulatory_catalog_version)) ?? currentRegulatoryManifest)
      : null,
  };
}

import { fingerprint } from '../fingerprint';
import type { Regulator, ReportType } from '../regulatory/manifest-types';
import type { ReportWindow } from '../regulatory/report-window';
import type { BuiltSection } from './report-types';
import type { OccurrenceData } from './siscoaf/occurrence-data';

export type ReportStatus = 'draft' | 'finalized' | 'filed' | 'voided';

export type ReportVersions = {
  regulatory_manifest_version: string;
  rules_version: string;
  report_template_version: string;
  operational_model: string | null;
  operational_prompt_version: string | null;
};

export type ReportSubject = { entity_id: number; entity_type: string; name: string; document: string | null };

export type DocumentSection = BuiltSection & { revision: number };

/**
 * The report as one JSON document: what GET …/document?format=json returns, what the PDF and
 * the XML are rendered from, and — at finalize — what `content_sha256` hashes (its canonical JSON).
 */
export type ReportDocument = {
  report_uuid: string;
  type: ReportType;
  regulator: Regulator;
  title: string;
  status: ReportStatus;
  analysis_uuid: string;
  subject: ReportSubject;
  versions: ReportVersions;
  window: ReportWindow;
  sections: DocumentSection[];
  created_at: string;
  finalized_at: string | null;
  /** A coaf_cos's occurrence data once entered (docs/reports.md, "Occurrence data"): hashed with the rest, as the XML carries it. */
  occurrence?: OccurrenceData;
};

/** SHA-256 of the document's canonical JSON: the hash a finalized report records and prints. */
export function reportContentSha256(document: ReportDocument): string {
  return fingerprint(document);
}

/**
 * The versions a report records: the narratives' writer is the report's operational model when
 * they share one; mixed authors (a model and an officer) read `mixed`.
 */
export function reportVersions(
  base: Omit<ReportVersions, 'operational_model' | 'operational_prompt_version'>,
  sections: readonly BuiltSection[],
): ReportVersions {
  const narratives = sections.filter((s) => s.kind === 'narrative');
  const models = new Set(narratives.map((s) => (s.kind === 'narrative' ? s.provenance.operational_model : null)));
  const prompts = new Set(narratives.map((s) => (s.kind === 'narrative' ? s.provenance.operational_prompt_version : null)));
  const one = (values: Set<string | null>) => (values.size === 1 ? [...values][0] : values.size === 0 ? null : 'mixed');
  return { ...base, operational_model: one(models), operational_prompt_version: one(prompts) };
}

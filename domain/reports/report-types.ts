import type { Snapshot } from '../analysis/snapshot';
import type { Verdict } from '../analysis/verdict';
import type { AnalysisGraph } from '../graph/types';
import type { RegulatoryManifest, ReportType, SectionKind } from '../regulatory/manifest-types';
import type { RuleCatalog } from '../rules/types';

/** The reporting institution: the customer company, as its settings stand when a section is built. */
export type ReportingInstitution = { name: string; cnpj: string | null };

/**
 * Everything a deterministic section is a function of: the analysis' snapshot, verdict and
 * analysis-time graph, the manifest, the rule catalog the verdict was scored with, and the
 * reporting institution. Nothing else (no clock, no database): same input, same bytes.
 */
export type ReportBuildInput = {
  type: ReportType;
  snapshot: Snapshot;
  verdict: Verdict;
  graph: AnalysisGraph;
  manifest: RegulatoryManifest;
  catalog: RuleCatalog;
  institution: ReportingInstitution;
};

/** Where a section's facts come from: input fields, the signals that evidence it, the requirements it serves. */
export type SectionProvenance = { sources: string[]; signal_codes: string[]; requirement_ids: string[] };

/** The author of a narrative revision: a writer (embedded or model) or the customer's officer. */
export type NarrativeAuthor = { kind: 'writer' } | { kind: 'officer'; company_uuid: string; key_uuid: string };

export type NarrativeProvenance = SectionProvenance & {
  operational_model: string | null;
  operational_prompt_version: string | null;
  input_sha256: string;
  output_sha256: string;
  author: NarrativeAuthor;
};

export type DeterministicSectionContent = Record<string, unknown>;

export type BuiltSection =
  | { key: string; title: string; kind: 'deterministic'; content: DeterministicSectionContent; provenance: SectionProvenance }
  | { key: string; title: string; kind: 'narrative'; content: string; provenance: NarrativeProvenance };

export type SectionOf<K extends SectionKind> = Extract<BuiltSection, { kind: K }>;

/** A builder returns the content and the input fields it read; the registry adds the rest. */
export type SectionBuilder = (input: ReportBuildInput) => { content: DeterministicSectionContent; sources: string[] };

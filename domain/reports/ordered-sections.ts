import { findRegulatoryManifest, reportTypeSpec } from '../regulatory/manifest-registry';
import type { RegulatoryManifest, ReportType } from '../regulatory/manifest-types';
import type { DocumentSection } from './report-document';

/** A stored revision of a section, as the store returns it. */
export type StoredSectionRevision = {
  section_key: string;
  revision: number;
  kind: 'deterministic' | 'narrative';
  title: string;
  content: unknown;
  provenance: unknown;
};

/** The manifest a report was built with (recorded on it as `versions.regulatory_manifest_version`): its sections and rules stay those. */
export function manifestOfReport(report: { uuid: string; versions: { regulatory_manifest_version: string } }): RegulatoryManifest {
  const manifest = findRegulatoryManifest(report.versions.regulatory_manifest_version);
  if (!manifest) throw new Error(`report ${report.uuid} cites unknown manifest ${report.versions.regulatory_manifest_version}`);
  return manifest;
}

/** A stored revision back as a section of the document. */
function sectionOfRevision(row: StoredSectionRevision): DocumentSection {
  return {
    key: row.section_key,
    title: row.title,
    kind: row.kind,
    content: row.content,
    provenance: row.provenance,
    revision: row.revision,
  } as DocumentSection;
}

/** The current revision of every section, in the manifest's order (a section the manifest does not name is left out). */
export function orderedSections(rows: readonly StoredSectionRevision[], manifest: RegulatoryManifest, type: ReportType): DocumentSection[] {
  const byKey = new Map(rows.map((r) => [r.section_key, r]));
  return reportTypeSpec(manifest, type).sections.flatMap((spec) => {
    const row = byKey.get(spec.key);
    return row ? [sectionOfRevision(row)] : [];
  });
}

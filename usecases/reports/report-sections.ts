import type { NewRevision, RevisionRow } from '../../db/repositories/reports/report-repository';
import { reportTypeSpec } from '../../domain/regulatory/manifest-registry';
import type { RegulatoryManifest, ReportType } from '../../domain/regulatory/manifest-types';
import type { DocumentSection } from '../../domain/reports/report-document';
import type { BuiltSection, SectionOf } from '../../domain/reports/report-types';

/** A built section as the revision row that stores it. */
export function revisionOf(section: BuiltSection, revision: number): NewRevision {
  return { section_key: section.key, revision, kind: section.kind, title: section.title, content: section.content, provenance: section.provenance };
}

/** A stored revision back as a section of the document. */
function sectionOfRevision(row: RevisionRow): DocumentSection {
  return { key: row.section_key, title: row.title, kind: row.kind, content: row.content, provenance: row.provenance, revision: row.revision } as DocumentSection;
}

/** The current revision of every section, in the manifest's order. */
export function orderedSections(rows: RevisionRow[], manifest: RegulatoryManifest, type: ReportType): DocumentSection[] {
  const byKey = new Map(rows.map((r) => [r.section_key, r]));
  return reportTypeSpec(manifest, type).sections.flatMap((spec) => {
    const row = byKey.get(spec.key);
    return row ? [sectionOfRevision(row)] : [];
  });
}

export function deterministicOf(sections: readonly DocumentSection[]): SectionOf<'deterministic'>[] {
  return sections.filter((s): s is DocumentSection & SectionOf<'deterministic'> => s.kind === 'deterministic');
}

import type { NewRevision } from '../../../db/repositories/reports/report-repository';
import type { DocumentSection } from '../../../domain/reports/report-document';
import type { BuiltSection, SectionOf } from '../../../domain/reports/report-types';

/** A built section as the revision row that stores it. */
export function revisionOf(section: BuiltSection, revision: number): NewRevision {
  return {
    section_key: section.key,
    revision,
    kind: section.kind,
    title: section.title,
    content: section.content,
    provenance: section.provenance,
  };
}

export function deterministicOf(sections: readonly DocumentSection[]): SectionOf<'deterministic'>[] {
  return sections.filter((s): s is DocumentSection & SectionOf<'deterministic'> => s.kind === 'deterministic');
}

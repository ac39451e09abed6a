import { insertRevisions, updateReport } from '../../../db/repositories/reports/report-repository';
import { reportVersions, type DocumentSection } from '../../../domain/reports/report-document';
import type { MemberActor } from '../../../domain/actor';
import { recordAuditEvent } from '../../audit/record-audit-event';
import type { UsecaseDeps } from '../../support/usecase-deps';
import { currentSections, requireDraft, requireReport } from './report-state';
import { revisionOf } from './report-sections';

/* Shared by usecases/reports/regenerate-section.ts and edit-section.ts. */

/** The next revision of a narrative, under the report's row lock (the draft check again: a finalize may have won). */
export async function appendNarrativeRevision(
  deps: UsecaseDeps,
  actor: MemberActor,
  input: { uuid: string; section: DocumentSection | Omit<DocumentSection, 'revision'>; verb: string },
): Promise<DocumentSection> {
  const { uuid, section, verb } = input;
  return deps.db.transaction(async (trx) => {
    const locked = await requireReport(trx, actor.company.id, uuid, { lock: true });
    requireDraft(locked, verb);
    const sections = await currentSections(trx, locked);
    const revision = (sections.find((s) => s.key === section.key)?.revision ?? 0) + 1;
    await insertRevisions(trx, locked.id, [revisionOf(section as DocumentSection, revision)]);
    const after = sections.map((s) => (s.key === section.key ? { ...(section as DocumentSection), revision } : s));
    const { operational_model: _m, operational_prompt_version: _p, ...base } = locked.versions;
    await updateReport(trx, locked.id, { versions: reportVersions(base, after) });
    await recordAuditEvent({ ...deps, db: trx }, actor, {
      action: verb === 'edited' ? 'report.section_edited' : 'report.section_regenerated',
      resource: { type: 'report', uuid: locked.uuid },
      changes: { section: section.key, revision, ...(verb === 'edited' ? { text: (section as DocumentSection).content } : {}) },
    });
    return { ...(section as DocumentSection), revision };
  });
}

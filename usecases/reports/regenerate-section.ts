import { insertRevisions, updateReport } from '../../db/repositories/reports/report-repository';
import { ValidationError } from '../../domain/errors';
import { findAnalysisCompletion } from '../../db/repositories/reports/report-source-repository';
import { isWindowOpen, reportWindow } from '../../domain/regulatory/report-window';
import type { ReportType } from '../../domain/regulatory/manifest-types';
import { narrativeSection } from '../../domain/reports/narrative/narrative-section';
import { reportVersions, type DocumentSection } from '../../domain/reports/report-document';
import type { MemberActor } from '../../domain/actor';
import { recordAuditEvent } from '../audit/record-audit-event';
import type { UsecaseDeps } from '../support/usecase-deps';
import { OUTSIDE_WINDOW_MESSAGE } from './create-report';
import { selectNarrativeWriter } from './support/narrative-writers';
import { currentSections, manifestOf, requireDraft, requireNarrative, requireReport, requireSectionSpec } from './support/report-state';
import { deterministicOf, revisionOf } from './support/report-sections';

/**
 * POST /reports/{uuid}/sections/{key}/regenerate: the configured writer writes the narrative
 * again from the deterministic sections; the new text becomes the next revision. 422 for a
 * deterministic section or outside the 24-hour window, 409 unless draft. The writer runs
 * outside any lock; a rejected text (502) writes nothing and the previous revision stays.
 */
export async function regenerateSection(
  deps: UsecaseDeps,
  actor: MemberActor,
  input: { uuid: string; key: string; now?: Date },
): Promise<DocumentSection> {
  const { uuid, key, now = new Date() } = input;
  const row = await requireReport(deps.db, actor.company.id, uuid);
  const spec = requireSectionSpec(row, key);
  requireNarrative(spec, 'regenerated');
  requireDraft(row, 'regenerated');
  // The window is the analysis' (its completion is the anchor), computed as on the read form.
  const analysis = await findAnalysisCompletion(deps.db, actor.company.id, row.analysis_uuid);
  if (!isWindowOpen(reportWindow(analysis?.completed_at ?? null, manifestOf(row)), now)) {
    throw ValidationError.single(['uuid'], OUTSIDE_WINDOW_MESSAGE, 'report_window_closed');
  }
  const manifest = manifestOf(row);
  const type = row.type as ReportType;
  const deterministic = deterministicOf(await currentSections(deps.db, row));
  const writer = selectNarrativeWriter(deps.config);
  const text = await writer.write({ type, key, title: spec.title, sections: deterministic });
  const section = narrativeSection({
    manifest,
    type,
    key,
    title: spec.title,
    sections: deterministic,
    text,
    writer: writer.identity,
    author: { kind: 'writer' },
  });
  return appendNarrativeRevision(deps, actor, { uuid, section, verb: 'regenerated' });
}

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

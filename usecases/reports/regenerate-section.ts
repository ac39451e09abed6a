import { ValidationError } from '../../domain/errors';
import { findAnalysisCompletion } from '../../db/repositories/reports/report-source-repository';
import { isWindowOpen, reportWindow } from '../../domain/regulatory/report-window';
import type { ReportType } from '../../domain/regulatory/manifest-types';
import { narrativeSection } from '../../domain/reports/narrative/narrative-section';
import type { DocumentSection } from '../../domain/reports/report-document';
import type { MemberActor } from '../../domain/actor';
import type { UsecaseDeps } from '../support/usecase-deps';
import { OUTSIDE_WINDOW_MESSAGE } from './support/report-window-message';
import { appendNarrativeRevision } from './support/append-narrative-revision';
import { selectNarrativeWriter } from './support/narrative-writers';
import { currentSections, manifestOf, requireDraft, requireNarrative, requireReport, requireSectionSpec } from './support/report-state';
import { deterministicOf } from './support/report-sections';

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

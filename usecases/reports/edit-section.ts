import { sha256Hex } from '../../domain/fingerprint';
import type { ReportType } from '../../domain/regulatory/manifest-types';
import { ValidationError } from '../../domain/errors';
import { latin1Issues } from '../../domain/reports/siscoaf/latin1';
import { narrativeSection } from '../../domain/reports/narrative/narrative-section';
import type { DocumentSection } from '../../domain/reports/report-document';
import type { MemberActor } from '../../domain/actor';
import type { UsecaseDeps } from '../support/usecase-deps';
import { appendNarrativeRevision } from './support/append-narrative-revision';
import { currentSections, manifestOf, requireDraft, requireNarrative, requireReport, requireSectionSpec } from './support/report-state';
import { deterministicOf } from './support/report-sections';

/**
 * PUT /reports/{uuid}/sections/{key}: the compliance officer's own text of a narrative section,
 * a new revision authored by the key's company with no model. The officer answers for it: it
 * is not checked against the facts, only stored. 422 for a deterministic section, 409 unless draft.
 * A coaf_cos text goes into the Siscoaf batch, written in ISO-8859-1: a character outside it is
 * refused now, at `content`, naming it (docs/reports.md, "Siscoaf batch").
 */
export async function editSection(
  deps: UsecaseDeps,
  actor: MemberActor,
  input: { uuid: string; key: string; text: string },
): Promise<DocumentSection> {
  const { uuid, key, text } = input;
  const row = await requireReport(deps.db, actor.company.id, uuid);
  const spec = requireSectionSpec(row, key);
  requireNarrative(spec, 'edited');
  requireDraft(row, 'edited');
  if (row.type === 'coaf_cos') {
    const issues = latin1Issues(text, ['content']);
    if (issues.length > 0) throw new ValidationError(issues);
  }
  const deterministic = deterministicOf(await currentSections(deps.db, row));
  const section = narrativeSection({
    manifest: manifestOf(row),
    type: row.type as ReportType,
    key,
    title: spec.title,
    sections: deterministic,
    text,
    writer: { model: null, promptVersion: null },
    author: { kind: 'officer', company_uuid: actor.company.uuid, key_uuid: actor.id },
  });
  deps.logger.info({ report_uuid: uuid, section: key, output_sha256: sha256Hex(text) }, 'report section edited by the officer');
  return appendNarrativeRevision(deps, actor, { uuid, section, verb: 'edited' });
}

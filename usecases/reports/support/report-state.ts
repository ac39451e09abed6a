import type { Executor } from '../../../db/create-db';
import { currentRevisions, findReport, lockReport, type ReportRow } from '../../../db/repositories/reports/report-repository';
import { ConflictError, NotFoundError, ValidationError } from '../../../domain/errors';
import { reportTypeSpec } from '../../../domain/regulatory/manifest-registry';
import type { RegulatoryManifest, ReportSectionSpec, ReportType } from '../../../domain/regulatory/manifest-types';
import type { DocumentSection } from '../../../domain/reports/report-document';
import { manifestOfReport, orderedSections } from '../../../domain/reports/ordered-sections';

/** The manifest a report was built with (recorded on it): its sections and rules stay those. */
export function manifestOf(row: ReportRow): RegulatoryManifest {
  return manifestOfReport(row);
}

export async function requireReport(db: Executor, companyId: number, uuid: string, options: { lock?: boolean } = {}): Promise<ReportRow> {
  const row = options.lock ? await lockReport(db, companyId, uuid) : await findReport(db, companyId, uuid);
  if (!row) throw new NotFoundError('report');
  return row;
}

/** The spec of one section of the report's type; an unknown key is a 404 like an unknown report. */
export function requireSectionSpec(row: ReportRow, key: string): ReportSectionSpec {
  const spec = reportTypeSpec(manifestOf(row), row.type as ReportType).sections.find((s) => s.key === key);
  if (!spec) throw new NotFoundError('report section');
  return spec;
}

/** Only a narrative section has text a writer or an officer can change. */
export function requireNarrative(spec: ReportSectionSpec, verb: string): void {
  if (spec.kind !== 'narrative')
    throw ValidationError.single(
      ['key'],
      `${spec.key} is a deterministic section: it renders the analysis and cannot be ${verb}`,
      'section_deterministic',
    );
}

export function requireDraft(row: ReportRow, action: string): void {
  if (row.status !== 'draft') throw new ConflictError(`the report is ${row.status}: only a draft can be ${action}`);
}

export async function currentSections(db: Executor, row: ReportRow): Promise<DocumentSection[]> {
  return orderedSections(await currentRevisions(db, row.id), manifestOf(row), row.type as ReportType);
}

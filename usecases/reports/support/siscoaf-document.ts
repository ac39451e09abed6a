import type { Executor } from '../../../db/create-db';
import { institutionCodes } from '../../../db/repositories/reports/regulatory-code-repository';
import type { ReportRow } from '../../../db/repositories/reports/report-repository';
import type { ValidationIssue } from '../../../domain/errors';
import type { DocumentSection } from '../../../domain/reports/report-document';
import { decodeLatin1, encodeLatin1 } from '../../../domain/reports/siscoaf/latin1';
import { missingOccurrenceData } from '../../../domain/reports/siscoaf/occurrence-data';
import { resolveSiscoafCodes } from '../../../domain/reports/siscoaf/resolve-siscoaf-codes';
import { checkSiscoafLayout } from '../../../domain/reports/siscoaf/siscoaf-layout';
import { type SiscoafOccurrence, siscoafOccurrence } from '../../../domain/reports/siscoaf/siscoaf-occurrence';
import { validateSiscoaf } from '../../../domain/reports/siscoaf/validate-siscoaf';

/**
 * The Siscoaf occurrence of a coaf_cos as it stands: its sections, its occurrence data and the
 * company's code tables as loaded now (docs/reports.md, "Code tables").
 */
export async function currentSiscoafOccurrence(db: Executor, row: ReportRow, sections: DocumentSection[]): Promise<SiscoafOccurrence> {
  return siscoafOccurrence(sections, row.occurrence ?? null, resolveSiscoafCodes(await institutionCodes(db, row.company_id)));
}

/** Everything that keeps the occurrence from being filed: missing occurrence data, then the layout's rules. */
export function siscoafIssues(row: ReportRow, occurrence: SiscoafOccurrence): ValidationIssue[] {
  return [...missingOccurrenceData(row.occurrence ?? null), ...validateSiscoaf(occurrence)];
}

/** The written bytes against the layout reference: a slip of the writer is a 422 at finalize, never a refused filing. */
export function layoutIssues(bytes: Buffer): ValidationIssue[] {
  return checkSiscoafLayout(bytes).map((msg) => ({ loc: ['siscoaf_layout'], msg, type: 'siscoaf_layout' }));
}

/**
 * The stored XML of a finalized report as served: ISO-8859-1 from report template v2 on (kept
 * as text decoded from Latin-1, so the bytes round-trip exactly); a report finalized before
 * wrote UTF-8 and is served as it was frozen.
 */
export function storedXmlBody(stored: string): { body: Buffer; charset: 'ISO-8859-1' | 'utf-8' } {
  return stored.startsWith('<?xml version="1.0" encoding="ISO-8859-1"?>')
    ? { body: encodeLatin1(stored), charset: 'ISO-8859-1' }
    : { body: Buffer.from(stored, 'utf8'), charset: 'utf-8' };
}

/** How the XML bytes are stored in the text column. */
export const xmlForStorage = (bytes: Buffer): string => decodeLatin1(bytes);

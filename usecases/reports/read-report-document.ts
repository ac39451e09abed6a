import { type Actor, companyIdActedOn } from '../../domain/actor';
import type { UsecaseDeps } from '../support/usecase-deps';
import { findReportFiles } from '../../db/repositories/reports/report-repository';
import { ValidationError } from '../../domain/errors';
import { canonicalJson } from '../../domain/canonical-json';
import { siscoafXml } from '../../domain/reports/siscoaf/siscoaf-xml';
import { renderReportPdf } from '../../infra/report-pdf';
import { assembleReportDocument } from './support/assemble-report-document';
import { currentSections, requireReport } from './support/report-state';
import { currentSiscoafOccurrence, storedXmlBody } from './support/siscoaf-document';
import { reportPdfContext } from './support/report-pdf-context';

export type ReportDocumentFormat = 'pdf' | 'xml' | 'json';
/** `frozen`: the files written at finalize, the same bytes on every read (a draft is rendered anew). */
export type RenderedDocument = { contentType: string; fileName: string; body: Buffer | string; frozen: boolean };

/**
 * The rendered document of a report. A finalized (or filed, or voided-after-finalize) report
 * serves the files frozen at finalize, byte for byte; a draft is rendered now, marked DRAFT.
 * xml only for coaf_cos (422 otherwise). An operator (ops CLI) names the report's company.
 */
export async function readReportDocument(
  deps: Pick<UsecaseDeps, 'db'>,
  actor: Actor,
  input: { uuid: string; format: ReportDocumentFormat; companyId?: number },
): Promise<RenderedDocument> {
  const { db } = deps;
  const { uuid, format } = input;
  const row = await requireReport(db, companyIdActedOn(actor, input.companyId), uuid);
  if (format === 'xml' && row.type !== 'coaf_cos')
    throw ValidationError.single(['format'], `xml is the Siscoaf layout: only a coaf_cos report has one`, 'format_not_available');
  const fileName = `${row.type}-${row.uuid}.${format}`;
  const types = { pdf: 'application/pdf', xml: 'application/xml; charset=ISO-8859-1', json: 'application/json; charset=utf-8' };
  const frozen = row.content_sha256 ? await findReportFiles(db, row.id) : undefined;
  if (frozen?.document) {
    if (format === 'xml') {
      const xml = storedXmlBody(frozen.document_xml!);
      return { contentType: `application/xml; charset=${xml.charset}`, fileName, body: xml.body, frozen: true };
    }
    const body = format === 'pdf' ? frozen.document_pdf! : canonicalJson(frozen.document);
    return { contentType: types[format], fileName, body, frozen: true };
  }
  const sections = await currentSections(db, row);
  const document = assembleReportDocument(row, sections);
  const body =
    format === 'pdf'
      ? await renderReportPdf(document, { draft: true, contentSha256: null }, await reportPdfContext(db, row))
      : format === 'xml'
        ? siscoafXml(await currentSiscoafOccurrence(db, row, sections), { reportUuid: row.uuid, draft: true })
        : canonicalJson(document);
  return { contentType: types[format], fileName, body, frozen: false };
}

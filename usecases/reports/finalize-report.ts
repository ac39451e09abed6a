import { findCompanySettings } from '../../db/repositories/tenancy/company-settings-repository';
import { insertRevisions, updateReport } from '../../db/repositories/reports/report-repository';
import { ValidationError } from '../../domain/errors';
import { reportContentSha256, type DocumentSection } from '../../domain/reports/report-document';
import { siscoafXml } from '../../domain/reports/siscoaf/siscoaf-xml';
import type { MemberActor } from '../../domain/actor';
import { reportsTotal } from '../../infra/metrics';
import { renderReportPdf } from '../../infra/report-pdf';
import { recordAuditEvent } from '../audit/record-audit-event';
import type { UsecaseDeps } from '../support/usecase-deps';
import { publishWebhookEvent } from '../webhooks/publish-webhook-event';
import { assembleReportDocument } from './support/assemble-report-document';
import { currentSections, requireDraft, requireReport } from './support/report-state';
import { currentSiscoafOccurrence, layoutIssues, siscoafIssues, xmlForStorage } from './support/siscoaf-document';
import { revisionOf } from './support/report-sections';
import { reportPdfContext } from './support/report-pdf-context';

/** The institution section follows the company setting up to finalize (the CNPJ may be set after the draft). */
async function refreshInstitution(
  deps: UsecaseDeps,
  trx: Parameters<typeof insertRevisions>[0],
  reportId: number,
  companyId: number,
  sections: DocumentSection[],
): Promise<DocumentSection[]> {
  const current = sections.find((s) => s.key === 'instituicao_comunicante');
  if (!current || current.kind !== 'deterministic') return sections;
  const settings = await findCompanySettings(trx, companyId);
  const content = {
    name: settings?.name ?? '',
    cnpj: settings?.reporting_institution_cnpj ?? null,
    configured: Boolean(settings?.reporting_institution_cnpj),
  };
  if (JSON.stringify(content) === JSON.stringify(current.content)) return sections;
  const next = { ...current, content, revision: current.revision + 1 };
  await insertRevisions(trx, reportId, [revisionOf(next, next.revision)]);
  return sections.map((s) => (s.key === next.key ? next : s));
}

/**
 * POST /reports/{uuid}/finalize: irreversible. Under the row lock: the institution section
 * brought up to date, for coaf_cos the occurrence data, the institution's codes and the Siscoaf
 * layout validated (422 lists every problem),
 * the document frozen and hashed (content_sha256), the PDF and XML rendered and stored, and
 * report.finalized published in the same transaction (nothing is kept if Temporal is away: 502).
 */
export async function finalizeReport(deps: UsecaseDeps, actor: MemberActor, input: { uuid: string }): Promise<void> {
  const { uuid } = input;
  const type = await deps.db.transaction(async (trx) => {
    const row = await requireReport(trx, actor.company.id, uuid, { lock: true });
    requireDraft(row, 'finalized');
    const sections = await refreshInstitution(deps, trx, row.id, actor.company.id, await currentSections(trx, row));
    const finalizedAt = new Date();
    const document = assembleReportDocument(row, sections, { status: 'finalized', finalizedAt });
    let xml: string | null = null;
    if (row.type === 'coaf_cos') {
      // docs/reports.md "Finalize": the occurrence data complete, every code confirmed by the
      // institution's tables, every text in ISO-8859-1, then the written bytes held to the layout.
      const occurrence = await currentSiscoafOccurrence(trx, row, sections);
      const issues = siscoafIssues(row, occurrence);
      if (issues.length > 0) throw new ValidationError(issues);
      const bytes = siscoafXml(occurrence, { reportUuid: row.uuid, draft: false });
      const layout = layoutIssues(bytes);
      if (layout.length > 0) throw new ValidationError(layout);
      xml = xmlForStorage(bytes);
    }
    const contentSha256 = reportContentSha256(document);
    const pdf = await renderReportPdf(document, { draft: false, contentSha256 }, await reportPdfContext(trx, row));
    await updateReport(trx, row.id, {
      status: 'finalized',
      finalized_at: finalizedAt,
      document,
      content_sha256: contentSha256,
      document_pdf: pdf,
      document_xml: xml,
    });
    await publishWebhookEvent({ ...deps, db: trx }, actor, {
      companyId: actor.company.id,
      type: 'report.finalized',
      data: { report_uuid: row.uuid, type: row.type, analysis_uuid: row.analysis_uuid, content_sha256: contentSha256 },
      idempotencyKey: `report:${row.uuid}:finalized`,
    });
    // Last in the transaction: the chain's lock is held only until the commit.
    await recordAuditEvent({ ...deps, db: trx }, actor, {
      action: 'report.finalized',
      resource: { type: 'report', uuid: row.uuid },
      changes: { status: { from: row.status, to: 'finalized' }, finalized_at: finalizedAt, content_sha256: contentSha256 },
    });
    return row.type;
  });
  reportsTotal.inc({ type, outcome: 'finalized' });
  deps.logger.info({ report_uuid: uuid }, 'report finalized');
}

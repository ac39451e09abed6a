import type { SystemActor } from '../../domain/actor';
import { recordAuditEvent } from '../audit/record-audit-event';
import type { UsecaseDeps } from '../support/usecase-deps';
import type { Executor } from '../../db/create-db';
import { reportWorkflowContract, type ReportWorkflowInput, type ReportWorkflowResult } from '../../contracts/report-workflow-contract';
import { findCompanySettings } from '../../db/repositories/tenancy/company-settings-repository';
import { findReportByUuid, insertReport, insertRevisions } from '../../db/repositories/reports/report-repository';
import { holdReportGenerationFence, isPastCommitDeadline } from '../../db/repositories/reports/report-generation-fence';
import { findReportSource } from '../../db/repositories/reports/report-source-repository';
import { findRegulatoryManifest, reportTypeSpec } from '../../domain/regulatory/manifest-registry';
import { reportWindow } from '../../domain/regulatory/report-window';
import { buildReportSections, REPORT_TEMPLATE_VERSION } from '../../domain/reports/build-report-sections';
import { reportVersions } from '../../domain/reports/report-document';
import type { ReportBuildInput } from '../../domain/reports/report-types';
import { findRuleCatalog } from '../../domain/rules';
import { revisionOf } from './support/report-sections';
import { ReportBuildError, ReportDeadlinePassedError, ReportSourceUnavailableError } from './support/report-generation-errors';

/** The pure input of the section builders, from the stored analysis and the company settings. */
async function loadBuildInput(db: Executor, input: ReportWorkflowInput) {
  const source = await findReportSource(db, input.companyId, input.analysisUuid);
  if (!source || source.status !== 'completed' || !source.completed_at)
    throw new ReportSourceUnavailableError(`analysis ${input.analysisUuid} is not a completed analysis of the company`);
  const settings = await findCompanySettings(db, input.companyId);
  const manifest = findRegulatoryManifest(String(source.verdict?.versions?.regulatory_catalog_version));
  const catalog = findRuleCatalog(String(source.verdict?.versions?.rules_version));
  if (!manifest || !catalog || !source.graph)
    throw new ReportBuildError(`analysis ${input.analysisUuid} has no manifest, rule catalog or graph to report on`);
  const build: ReportBuildInput = {
    type: input.type,
    snapshot: source.snapshot,
    verdict: source.verdict,
    graph: source.graph,
    manifest,
    catalog,
    institution: { name: settings?.name ?? '', cnpj: settings?.reporting_institution_cnpj ?? null },
  };
  return { source, build };
}

/**
 * Generating a report (the report workflow's one step): build every section from the analysis
 * and write the report with revision 1 of each section in one transaction. Idempotent on the
 * report uuid: a retry finds the report and writes nothing. Past `input.commitBy` it rolls back
 * (ReportDeadlinePassedError).
 */
export async function generateReport(
  deps: Pick<UsecaseDeps, 'db' | 'logger' | 'clock'>,
  actor: SystemActor,
  input: ReportWorkflowInput,
): Promise<ReportWorkflowResult> {
  if (await findReportByUuid(deps.db, input.reportUuid)) return { reportUuid: input.reportUuid, created: false };
  const { source, build } = await loadBuildInput(deps.db, input);
  let sections;
  try {
    sections = buildReportSections(build);
  } catch (error) {
    throw new ReportBuildError(`report ${input.reportUuid}: ${(error as Error).message}`);
  }
  const spec = reportTypeSpec(build.manifest, input.type);
  const subject = sections.find((s) => s.key === 'identificacao')!.content as Record<string, any>;
  const window = reportWindow(source.completed_at, build.manifest)!;
  const created = await deps.db.transaction(async (trx) => {
    // The fence the request that stopped waiting takes too (create-report.ts): it reads the
    // report only once no commit is in flight.
    await holdReportGenerationFence(trx, input.reportUuid);
    const id = await insertReport(trx, {
      uuid: input.reportUuid,
      company_id: input.companyId,
      analysis_id: source.id,
      analysis_uuid: input.analysisUuid,
      type: input.type,
      regulator: spec.regulator,
      language: input.language,
      subject: { entity_id: subject.entity_id, entity_type: subject.entity_type, name: subject.name, document: subject.document },
      versions: reportVersions(
        {
          regulatory_manifest_version: build.manifest.version,
          rules_version: build.catalog.rules_version,
          report_template_version: REPORT_TEMPLATE_VERSION,
        },
        sections,
      ),
      window_anchor_at: new Date(window.anchor_at),
      window_expires_at: new Date(window.expires_at),
      workflow_id: reportWorkflowContract.workflowId(input),
    });
    if (id === undefined) return false;
    await insertRevisions(
      trx,
      id,
      sections.map((s) => revisionOf(s, 1)),
    );
    await recordAuditEvent({ ...deps, db: trx, requestId: input.requestedBy?.requestId ?? null }, input.requestedBy?.actor ?? actor, {
      companyId: input.companyId,
      action: 'report.created',
      resource: { type: 'report', uuid: input.reportUuid },
      changes: {
        status: 'draft',
        type: input.type,
        analysis_uuid: input.analysisUuid,
        language: input.language,
        sections: sections.map((s) => s.key),
      },
    });
    // Checked last, just before the commit: whatever delayed the writes above (a lock, a slow
    // disk), a report never lands after the request answered that nothing was persisted.
    if (input.commitBy && (await isPastCommitDeadline(trx, input.commitBy)))
      throw new ReportDeadlinePassedError(`report ${input.reportUuid}: ready after the request's deadline ${input.commitBy}; rolled back`);
    return true;
  });
  deps.logger.info({ report_uuid: input.reportUuid, analysis_uuid: input.analysisUuid, type: input.type, created }, 'report generated');
  return { reportUuid: input.reportUuid, created };
}

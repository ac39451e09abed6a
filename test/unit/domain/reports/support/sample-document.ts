import { buildReportSections } from '../../../../../domain/reports/build-report-sections';
import { type ReportDocument, reportVersions } from '../../../../../domain/reports/report-document';
import { reportInput } from './report-input';

/** A finalized coaf_cos document of the golden input. */
export function sampleDocument(): ReportDocument {
  const sections = buildReportSections(reportInput('coaf_cos'));
  return {
    report_uuid: '6f1c1c5e-0000-4000-8000-000000000001',
    type: 'coaf_cos',
    regulator: 'coaf',
    title: 'COS',
    status: 'finalized',
    analysis_uuid: '6f1c1c5e-0000-4000-8000-000000000002',
    subject: { entity_id: 9100001, entity_type: 'organization', name: 'Sanctioned Fictitious SA', document: '12345671000173' },
    versions: reportVersions(
      { regulatory_manifest_version: '2026.11.1', rules_version: '2026.11.1', report_template_version: 'v1' },
      sections,
    ),
    window: { anchor_at: '2026-11-21T10:00:00.000Z', expires_at: '2026-11-22T10:00:00.000Z' },
    sections: sections.map((s) => ({ ...s, revision: 1 })),
    created_at: '2026-11-21T10:05:00.000Z',
    finalized_at: '2026-11-21T11:00:00.000Z',
  };
}

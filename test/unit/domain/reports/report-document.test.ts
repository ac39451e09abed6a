import { buildReportSections } from '../../../../domain/reports/build-report-sections';
import { reportContentSha256, reportVersions } from '../../../../domain/reports/report-document';
import { sampleDocument } from './support/sample-document';
import { reportInput } from './support/report-input';

describe('report document', () => {
  it('hashes the canonical JSON: stable, and any change of a section changes it', () => {
    const doc = sampleDocument();
    expect(reportContentSha256(doc)).toMatch(/^[0-9a-f]{64}$/);
    expect(reportContentSha256(sampleDocument())).toBe(reportContentSha256(doc));
    doc.sections[doc.sections.length - 1].content = 'outro texto';
    expect(reportContentSha256(doc)).not.toBe(reportContentSha256(sampleDocument()));
  });

  it.each([
    ['one writer for every narrative', [], 'embedded-template-writer'],
    ['an officer text beside a writer text', [null], 'mixed'],
  ])('records the operational model: %s', (_name, extraModels, model) => {
    const sections: any[] = buildReportSections(reportInput('bcb_dossie'));
    if (extraModels.length)
      sections[sections.length - 1] = {
        ...sections[sections.length - 1],
        provenance: { ...sections[sections.length - 1].provenance, operational_model: null },
      };
    expect(
      reportVersions({ regulatory_manifest_version: 'm', rules_version: 'r', report_template_version: 't' }, sections).operational_model,
    ).toBe(model);
  });
});

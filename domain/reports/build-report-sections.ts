import { reportTypeSpec } from '../regulatory/manifest-registry';
import { buildDeterministicSections } from './build-deterministic-sections';
import { narrativeSection } from './narrative/narrative-section';
import { TEMPLATE_VERSION, TEMPLATE_WRITER_MODEL, writeTemplateNarrative } from './narrative/template-writer';
import type { BuiltSection, ReportBuildInput } from './report-types';

/** Recorded on every report (versions.report_template_version): bump on any change of a section builder or template. */
// v2: the Siscoaf batch of COAF's layout (ISO-8859-1, occurrence data, the institution's codes;
// docs/reports.md). A v1 report keeps its version and its frozen UTF-8 XML.
// v3: the dossier PDF (domain/reports/dossier/) and the pt-BR.templates.v2 narratives; a v1 or v2
// report keeps the line-listing PDF it was drafted with (docs/reports.md, "The dossier PDF").
export const REPORT_TEMPLATE_VERSION = 'report-template.v3';

/**
 * Every section of a new report, in the manifest's order: the deterministic ones, and the
 * narratives written by the embedded template writer (so that a report's first revision is
 * itself a pure function of the analysis; a model writes only on regeneration).
 */
export function buildReportSections(input: ReportBuildInput): BuiltSection[] {
  const deterministic = buildDeterministicSections(input);
  return reportTypeSpec(input.manifest, input.type).sections.map((spec) => {
    if (spec.kind === 'deterministic') return deterministic.find((s) => s.key === spec.key)!;
    return narrativeSection({
      manifest: input.manifest,
      type: input.type,
      key: spec.key,
      title: spec.title,
      sections: deterministic,
      text: writeTemplateNarrative(input.type, spec.key, deterministic),
      writer: { model: TEMPLATE_WRITER_MODEL, promptVersion: TEMPLATE_VERSION },
      author: { kind: 'writer' },
    });
  });
}

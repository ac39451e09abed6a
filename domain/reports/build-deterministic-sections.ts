import { reportTypeSpec } from '../regulatory/manifest-registry';
import { identifiedSignals } from './report-facts';
import type { ReportBuildInput, SectionBuilder, SectionOf } from './report-types';
import { buildBeneficialOwners } from './sections/beneficial-owners';
import { buildEnquadramentos } from './sections/enquadramentos';
import { buildIdentification } from './sections/identification';
import { buildInvolvedParties } from './sections/involved-parties';
import { buildPoliticallyExposed } from './sections/politically-exposed';
import { buildQualification } from './sections/qualification';
import { buildReportingInstitution } from './sections/reporting-institution';
import { buildRiskClassification } from './sections/risk-classification';
import { buildSanctionsAndMedia } from './sections/sanctions-and-media';
import { buildSignals } from './sections/signals';

/** Section key (manifest) → its pure builder. A manifest section without a builder fails loudly. */
export const sectionBuilders: Record<string, SectionBuilder> = {
  instituicao_comunicante: buildReportingInstitution,
  identificacao: buildIdentification,
  qualificacao: buildQualification,
  classificacao_risco: buildRiskClassification,
  beneficiarios_finais: buildBeneficialOwners,
  pessoas_expostas: buildPoliticallyExposed,
  sancoes_midia: buildSanctionsAndMedia,
  sinais: buildSignals,
  envolvidos: buildInvolvedParties,
  enquadramentos: buildEnquadramentos,
};

/** One deterministic section with its provenance: sources, the identified signals mapped to it, its requirements. */
export function buildDeterministicSection(input: ReportBuildInput, key: string): SectionOf<'deterministic'> {
  const spec = reportTypeSpec(input.manifest, input.type).sections.find((s) => s.key === key);
  const builder = sectionBuilders[key];
  if (!spec || spec.kind !== 'deterministic' || !builder) throw new Error(`${input.type} has no deterministic section ${key}`);
  const { content, sources } = builder(input);
  const mapped = input.manifest.mappings.filter((m) => m.report_type === input.type && m.section_key === key);
  const identified = new Set(identifiedSignals(input).map((s) => s.code));
  const signalCodes = [...new Set(mapped.flatMap((m) => m.signal_codes))].filter((c) => identified.has(c)).sort();
  return {
    key,
    title: spec.title,
    kind: 'deterministic',
    content,
    provenance: { sources, signal_codes: signalCodes, requirement_ids: [...new Set(mapped.map((m) => m.requirement_id))].sort() },
  };
}

/** Every deterministic section of the report type, in the manifest's order. */
export function buildDeterministicSections(input: ReportBuildInput): SectionOf<'deterministic'>[] {
  return reportTypeSpec(input.manifest, input.type)
    .sections.filter((s) => s.kind === 'deterministic')
    .map((s) => buildDeterministicSection(input, s.key));
}

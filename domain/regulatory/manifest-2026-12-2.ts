import type { CodeEntry, RegulatoryManifest, Requirement, RetentionRule } from './manifest-types';
import { regulatoryManifest20261201 } from './manifest-2026-12-1';

/** Circular BCB 3.978/2020, art. 67: ten years counted from the first day of the year after the relationship ends. */
export const art67Retention: RetentionRule = { years: 10, anchor: 'relationship.ended_on', counted_from: 'first_day_of_next_year' };

/** The requirements whose article, summary, deadline or retention manifest 2026.12.2 corrects (docs/regulatory-manifest.md, "Norms as they are"). */
const corrected: Record<string, Partial<Requirement>> = {
  'LEI9613-ART11-COMUNICACAO': {
    summary:
      'Comunicar ao COAF as operações e situações que possam constituir sérios indícios dos crimes da Lei, sem dar ciência a quem se refiram; para as instituições supervisionadas pelo Banco Central, no prazo da Circular BCB 3.978/2020, art. 48.',
    // The 24-hour report window is the service's freshness rule, not this law's clock.
    deadline: null,
  },
  'BCB3978-AVALIACAO-RISCO': { retention: art67Retention },
  'BCB3978-IDENTIFICACAO': { retention: art67Retention },
  'BCB3978-QUALIFICACAO': { article: 'arts. 18 e 19', retention: art67Retention },
  'BCB3978-BENEFICIARIO-FINAL': { article: 'arts. 24 a 26', retention: art67Retention },
  'BCB3978-PEP': { article: 'art. 27', retention: art67Retention },
  'BCB3978-MONITORAMENTO': { article: 'arts. 38 e 39', retention: art67Retention },
  'BCB3978-DOSSIE': {
    article: 'art. 43',
    summary: 'Formalizar em dossiê a análise das operações e situações selecionadas pelo monitoramento.',
    retention: art67Retention,
  },
  'BCB3978-COMUNICACAO-COAF': {
    article: 'art. 48',
    summary: 'Comunicar ao COAF até o dia útil seguinte ao da decisão de comunicação (art. 48, § 2º), sem dar ciência ao cliente.',
    retention: art67Retention,
  },
};

const retentionRequirement: Requirement = {
  id: 'BCB3978-RETENCAO',
  norm_id: 'CIRCULAR-BCB-3978-2020',
  article: 'art. 67',
  summary:
    'Manter à disposição do Banco Central as informações, os registros e os dossiês por dez anos, contados do primeiro dia do ano seguinte ao término do relacionamento com o cliente.',
  deadline: null,
  retention: art67Retention,
};

const identificationAndQualification =
  'Carta Circular BCB 4.001/2020, art. 1º, III — situações relacionadas com a identificação e qualificação de clientes';
const selectedByMonitoring =
  'Carta Circular BCB 4.001/2020, art. 1º, caput (rol exemplificativo) — situação selecionada pelo monitoramento da Circular BCB 3.978/2020, arts. 38 e 39';

/** Each enquadramento cites the Carta Circular 4.001 inciso by its own heading, or says that none names it. */
const enquadramentoReferences: Record<string, string> = {
  '1001': identificationAndQualification,
  '1002': `${identificationAndQualification}; beneficiário final: Circular BCB 3.978/2020, arts. 24 a 26`,
  '1003': identificationAndQualification,
  '1004': `${identificationAndQualification}; pessoa exposta politicamente: Circular BCB 3.978/2020, art. 27`,
  '1005': selectedByMonitoring,
  '1006': selectedByMonitoring,
};

const withReference = (e: CodeEntry): CodeEntry => ({ ...e, reference: enquadramentoReferences[e.code] ?? e.reference });

/**
 * Regulatory manifest 2026.12.2, the `regulatory_catalog_version` of rule catalog 2026.12.2:
 * manifest 2026.12.1 with the norms cited as they are (Circular BCB 3.978/2020 arts. 18–19,
 * 24–26, 27, 38–39, 43, 48 and 67; Carta Circular 4.001 by the heading of its inciso), retention
 * counted from the relationship's end (art. 67), and the 24-hour window as the service's
 * freshness rule rather than a legal deadline. Manifests 2026.11.1 and 2026.12.1 stay as they
 * were: the reports built on them keep citing them.
 */
export const regulatoryManifest20261202: RegulatoryManifest = {
  ...regulatoryManifest20261201,
  version: '2026.12.2',
  compatible_rules_versions: ['2026.12.2'],
  requirements: [...regulatoryManifest20261201.requirements.map((r) => ({ ...r, ...corrected[r.id] })), retentionRequirement],
  report_types: regulatoryManifest20261201.report_types.map((t) =>
    t.type === 'bcb_dossie'
      ? {
          ...t,
          purpose:
            'Dossiê mantido à disposição do Banco Central por dez anos contados do primeiro dia do ano seguinte ao término do relacionamento (Circular BCB 3.978/2020, arts. 43 e 67).',
        }
      : {
          ...t,
          purpose:
            'Minuta pronta para transmissão pelo Siscoaf pelo responsável de compliance do cliente (Lei 9.613/1998, art. 11; Circular BCB 3.978/2020, art. 48).',
        },
  ),
  mappings: [
    ...regulatoryManifest20261201.mappings,
    { requirement_id: 'BCB3978-RETENCAO', signal_codes: [], report_type: 'bcb_dossie', section_key: 'conclusao' },
  ],
  coaf: { ...regulatoryManifest20261201.coaf, enquadramentos: regulatoryManifest20261201.coaf.enquadramentos.map(withReference) },
  window: { hours: 24, anchor: 'analysis.completed_at', requirement_id: null, basis: 'service_freshness_rule' },
  retention: { coaf_cos: art67Retention, bcb_dossie: art67Retention },
};

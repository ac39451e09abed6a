import type { ReportSectionSpec, ReportTypeSpec } from '../manifest-types';

const deterministic = (key: string, title: string): ReportSectionSpec => ({ key, title, kind: 'deterministic', required: true });
const narrative = (key: string, title: string): ReportSectionSpec => ({ key, title, kind: 'narrative', required: true });

// Sections both reports share: the same builders render them (domain/reports/sections/).
const subjectSections = [
  deterministic('identificacao', 'Identificação do cliente'),
  deterministic('classificacao_risco', 'Classificação de risco'),
  deterministic('beneficiarios_finais', 'Beneficiários finais e cadeias de controle'),
  deterministic('pessoas_expostas', 'Pessoas expostas politicamente'),
  deterministic('sancoes_midia', 'Sanções, processos e mídia adversa'),
  deterministic('sinais', 'Sinais identificados e fundamentos normativos'),
];

/** The report types of manifest 2026.11.1 (docs/reports.md). */
export const reportTypeSpecs: ReportTypeSpec[] = [
  {
    type: 'coaf_cos',
    regulator: 'coaf',
    title: 'Comunicação de Operação Suspeita (COS) — minuta para o Siscoaf',
    purpose: 'Minuta pronta para transmissão pelo Siscoaf pelo responsável de compliance do cliente (Lei 9.613/1998, art. 11).',
    norm_ids: ['LEI-9613-1998', 'CIRCULAR-BCB-3978-2020', 'CARTA-CIRCULAR-BCB-4001-2020'],
    sections: [
      deterministic('instituicao_comunicante', 'Instituição comunicante'),
      ...subjectSections,
      deterministic('envolvidos', 'Envolvidos'),
      deterministic('enquadramentos', 'Enquadramentos'),
      narrative('det', 'Detalhamento da situação (Det)'),
    ],
    fileable: true,
  },
  {
    type: 'bcb_dossie',
    regulator: 'bcb',
    title: 'Dossiê de due diligence PLD/FT do cliente',
    purpose: 'Dossiê mantido à disposição do Banco Central por dez anos (Circular BCB 3.978/2020).',
    norm_ids: ['CIRCULAR-BCB-3978-2020', 'LEI-9613-1998'],
    sections: [
      subjectSections[0],
      deterministic('qualificacao', 'Qualificação do cliente'),
      ...subjectSections.slice(1),
      narrative('analise', 'Análise'),
      narrative('conclusao', 'Conclusão'),
    ],
    fileable: false,
  },
];

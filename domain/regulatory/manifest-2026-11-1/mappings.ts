import type { ReportType, RequirementMapping } from '../manifest-types';
import {
  allSignalCodes,
  mediaCodes,
  networkCodes,
  ownershipCodes,
  pepCodes,
  proceedingCodes,
  registryCodes,
  sanctionCodes,
} from './signal-groups';

function map(requirement_id: string, signal_codes: string[], report_type: ReportType, section_key: string): RequirementMapping {
  return { requirement_id, signal_codes, report_type, section_key };
}

/** The sections both report types render from the same requirements. */
function subjectMappings(type: ReportType): RequirementMapping[] {
  return [
    map('LEI9613-ART10-REGISTROS', registryCodes, type, 'identificacao'),
    map('BCB3978-IDENTIFICACAO', registryCodes, type, 'identificacao'),
    map('BCB3978-AVALIACAO-RISCO', allSignalCodes, type, 'classificacao_risco'),
    map('BCB3978-BENEFICIARIO-FINAL', ownershipCodes, type, 'beneficiarios_finais'),
    map('BCB3978-PEP', pepCodes, type, 'pessoas_expostas'),
    map('BCB3978-MONITORAMENTO', [...sanctionCodes, ...proceedingCodes, ...mediaCodes], type, 'sancoes_midia'),
    map('BCB3978-MONITORAMENTO', allSignalCodes, type, 'sinais'),
  ];
}

/** Requirement → signal codes → report type and section, for manifest 2026.11.1. */
export const mappings: RequirementMapping[] = [
  map('LEI9613-ART11-COMUNICACAO', [], 'coaf_cos', 'instituicao_comunicante'),
  ...subjectMappings('coaf_cos'),
  map('LEI9613-ART11-COMUNICACAO', [...pepCodes, ...ownershipCodes, ...sanctionCodes], 'coaf_cos', 'envolvidos'),
  map('CC4001-TIPOLOGIAS', allSignalCodes, 'coaf_cos', 'enquadramentos'),
  map('LEI9613-ART11-COMUNICACAO', allSignalCodes, 'coaf_cos', 'det'),
  map('BCB3978-COMUNICACAO-COAF', allSignalCodes, 'coaf_cos', 'det'),
  ...subjectMappings('bcb_dossie'),
  map('BCB3978-QUALIFICACAO', [...registryCodes, ...networkCodes], 'bcb_dossie', 'qualificacao'),
  map('BCB3978-DOSSIE', allSignalCodes, 'bcb_dossie', 'analise'),
  map('BCB3978-DOSSIE', allSignalCodes, 'bcb_dossie', 'conclusao'),
];

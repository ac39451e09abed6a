import type { CodeEntry, EnquadramentoRule } from '../manifest-types';
import { mediaCodes, networkCodes, ownershipCodes, pepCodes, proceedingCodes, registryCodes, sanctionCodes } from './signal-groups';

const typologies = 'Carta Circular BCB 4.001/2020, art. 1º';

/**
 * COAF `enquadramento` codes (CodEnq) of this manifest: the typology groups of Carta Circular
 * 4.001/2020 that the rule catalog's signals can evidence. The compliance officer may add others
 * in Siscoaf; a change of this table is a new manifest version.
 */
export const enquadramentos: CodeEntry[] = [
  {
    code: '1001',
    description:
      'Cliente com informações cadastrais irregulares ou incompatíveis (situação cadastral, sede irregular, constituição recente).',
    reference: `${typologies} — identificação e qualificação de clientes`,
  },
  {
    code: '1002',
    description: 'Resistência ou impossibilidade de identificar o beneficiário final (cadeia opaca, circular ou sem pessoa natural).',
    reference: `${typologies} — identificação e qualificação de clientes`,
  },
  {
    code: '1003',
    description: 'Indícios de interposição de pessoas (sócios de muitas empresas, endereço compartilhado, empresas inativas).',
    reference: `${typologies} — interposição de pessoas`,
  },
  {
    code: '1004',
    description: 'Pessoa exposta politicamente, seus familiares ou estreitos colaboradores envolvidos na situação.',
    reference: `${typologies} — pessoas expostas politicamente`,
  },
  {
    code: '1005',
    description: 'Cliente ou pessoa relacionada sancionada (CEIS/CNEP) ou em processo sancionador.',
    reference: `${typologies} — listas restritivas e sanções`,
  },
  {
    code: '1006',
    description: 'Notícias desabonadoras ligadas a crimes antecedentes da lavagem de dinheiro.',
    reference: `${typologies} — informações públicas desabonadoras`,
  },
];

export const enquadramentoRules: EnquadramentoRule[] = [
  { code: '1001', signal_codes: registryCodes },
  { code: '1002', signal_codes: ownershipCodes },
  { code: '1003', signal_codes: networkCodes },
  { code: '1004', signal_codes: pepCodes },
  { code: '1005', signal_codes: [...sanctionCodes, ...proceedingCodes] },
  { code: '1006', signal_codes: mediaCodes },
];

/** Siscoaf TpEnv: how each party is involved. */
export const envolvimentoTypes: CodeEntry[] = [
  { code: '1', description: 'Titular (o cliente analisado)', reference: 'Siscoaf — tipo de envolvimento' },
  { code: '2', description: 'Sócio, administrador ou representante do titular', reference: 'Siscoaf — tipo de envolvimento' },
  { code: '3', description: 'Beneficiário final do titular', reference: 'Siscoaf — tipo de envolvimento' },
  { code: '4', description: 'Pessoa exposta politicamente relacionada ao titular', reference: 'Siscoaf — tipo de envolvimento' },
];

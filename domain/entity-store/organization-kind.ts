import type { EntityType } from '../analysis/snapshot';

/**
 * Receita Federal codes → the spec's vocabularies. The legal nature ("natureza jurídica") table
 * groups codes by their first digit: 1 public administration, 2 business entities, 3 non-profit
 * entities, 4 natural persons (individual businesses), 5 international organizations.
 * Checked in order: the first matching rule wins.
 */
export type OrganizationRule = {
  natureCodes?: string[];
  naturePrefix?: string;
  cnaePrefix?: string;
  entityType: EntityType;
  category: string;
};

export const organizationRules: OrganizationRule[] = [
  { naturePrefix: '1', entityType: 'government_agency', category: 'government_agency' },
  { natureCodes: ['3255', '3263', '3271'], entityType: 'political_party', category: 'political_party' }, // órgãos de direção de partido político
  { cnaePrefix: '64', entityType: 'financial_institution', category: 'financial_institution' }, // serviços financeiros (bancos, cooperativas de crédito…)
  { cnaePrefix: '6912', entityType: 'notary_office', category: 'other' }, // cartórios
  { natureCodes: ['2011', '2038'], entityType: 'organization', category: 'public_company' }, // empresa pública, sociedade de economia mista
  { natureCodes: ['3069'], entityType: 'organization', category: 'foundation' },
  { natureCodes: ['3999'], entityType: 'organization', category: 'association' },
  { naturePrefix: '2', entityType: 'organization', category: 'private_company' },
  { naturePrefix: '3', entityType: 'organization', category: 'nonprofit' },
  { naturePrefix: '5', entityType: 'foreign_entity', category: 'foreign_company' },
];

export function classifyOrganization(natureCode: string | null, mainCnae: string | null): { entityType: EntityType; category: string } {
  for (const rule of organizationRules) {
    if (rule.natureCodes && natureCode && rule.natureCodes.includes(natureCode)) return rule;
    if (rule.naturePrefix && natureCode?.startsWith(rule.naturePrefix)) return rule;
    if (rule.cnaePrefix && mainCnae?.startsWith(rule.cnaePrefix)) return rule;
  }
  return { entityType: 'organization', category: natureCode ? 'other' : 'private_company' };
}

/** situação cadastral */
export const registrationStatuses: Record<string, string> = { '1': 'NULA', '2': 'ATIVA', '3': 'SUSPENSA', '4': 'INAPTA', '8': 'BAIXADA' };

/** porte da empresa; 00 (não informado) → null */
export const companySizes: Record<string, string> = { '1': 'MICRO EMPRESA', '3': 'EMPRESA DE PEQUENO PORTE', '5': 'DEMAIS' };

/** Qualifications (QUALSCSV) of people who run the company: administrador, conselheiro, diretor, presidente, procurador, sócio-administrador. */
export const administratorQualifications = new Set(['5', '8', '10', '16', '17', '49']);

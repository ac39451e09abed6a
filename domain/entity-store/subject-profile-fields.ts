import type { EntityType } from '../analysis/snapshot';

/**
 * SubjectProfile, docs/engine.md (create form): the four required fields plus every nullable one,
 * null when unknown. The one type of the profile: the entity endpoints build it from a store row,
 * the verdict from the snapshot (domain/analysis/subject-profile.ts), both through
 * `storedProfileFields` so that the same stored profile reads the same in both.
 */
export type SubjectProfile = {
  entity_id: number;
  entity_type: EntityType;
  display_name: string;
  normalized_name: string;
  secondary_cnae_codes: string[];
} & Record<string, unknown>;

/** SubjectProfile read form (docs/analyses.md): without entity_type and the other enum fields. */
export type SubjectProfileReadForm = Omit<SubjectProfile, 'entity_type'>;

export const profileStringFields = [
  'birth_country',
  'birth_state',
  'citizenship',
  'city',
  'company_size',
  'country',
  'currency',
  'death_status',
  'document',
  'document_type',
  'father_name',
  'federal_entity_responsible',
  'legal_name',
  'legal_nature_code',
  'legal_nature_description',
  'main_cnae_code',
  'main_cnae_description',
  'mother_name',
  'nationality',
  'place_of_birth',
  'postal_code',
  'primary_address',
  'registration_status_reason',
  'special_status',
  'state',
  'status',
  'title',
] as const;

export const profileIntegerFields = [
  'age_range_code',
  'age_years',
  'employee_count',
  'partner_count',
  'ubo_count',
  'headquarters_entity_id',
  'registration_status_reason_code',
] as const;

/** The integer fields that count something: whole numbers from 0. */
export const profileCountFields = ['age_years', 'employee_count', 'partner_count', 'ubo_count'] as const;

export const profileBooleanFields = ['is_headquarters', 'mei_option', 'simples_nacional_option'] as const;

export const profileDateFields = [
  'birth_date',
  'incorporation_date',
  'mei_end_date',
  'mei_start_date',
  'simples_nacional_end_date',
  'simples_nacional_start_date',
  'special_status_date',
  'status_date',
  'unit_status_since',
] as const;

export const profileEnumFields = {
  education_level: [
    'illiterate',
    'reads_writes',
    'elementary_incomplete',
    'elementary_complete',
    'secondary_incomplete',
    'secondary_complete',
    'higher_incomplete',
    'higher_complete',
  ],
  establishment_type: ['headquarters', 'branch'],
  gender: ['M', 'F'],
  government_branch: ['executivo', 'legislativo', 'judiciario'],
  marital_status: ['single', 'married', 'divorced', 'widowed', 'stable_union', 'separated'],
  organization_category: [
    'private_company',
    'public_company',
    'government_agency',
    'nonprofit',
    'association',
    'foundation',
    'political_party',
    'financial_institution',
    'foreign_company',
    'other',
  ],
  race_color: ['white', 'black', 'brown', 'yellow', 'indigenous'],
  unit_status: ['ativo', 'extinto', 'em_liquidacao'],
  unit_type: ['orgao', 'entidade', 'unidade_adm', 'colegiado'],
} as const;

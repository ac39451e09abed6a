import type { EntityType } from '../analysis/snapshot';

/**
 * The SubjectProfile of spec §2.3, built from an entity row. Importers store every profile
 * field they can derive in `entities.profile` (snake_case); only the fields the spec names
 * leave this function, because the contract rejects unknown properties.
 */
export type SubjectProfile = {
  entity_id: number;
  entity_type: EntityType;
  display_name: string;
  normalized_name: string;
  secondary_cnae_codes: string[];
} & Record<string, unknown>;

export const profileStringFields = [
  'birth_country', 'birth_state', 'citizenship', 'city', 'company_size', 'country', 'currency', 'death_status', 'document',
  'document_type', 'father_name', 'federal_entity_responsible', 'legal_name', 'legal_nature_code', 'legal_nature_description',
  'main_cnae_code', 'main_cnae_description', 'mother_name', 'nationality', 'place_of_birth', 'postal_code', 'primary_address',
  'registration_status_reason', 'special_status', 'state', 'status', 'title',
] as const;

export const profileIntegerFields = ['age_range_code', 'age_years', 'employee_count', 'partner_count', 'ubo_count', 'headquarters_entity_id', 'registration_status_reason_code'] as const;

export const profileBooleanFields = ['is_headquarters', 'mei_option', 'simples_nacional_option'] as const;

export const profileDateFields = [
  'birth_date', 'incorporation_date', 'mei_end_date', 'mei_start_date', 'simples_nacional_end_date', 'simples_nacional_start_date',
  'special_status_date', 'status_date', 'unit_status_since',
] as const;

export const profileEnumFields = {
  education_level: ['illiterate', 'reads_writes', 'elementary_incomplete', 'elementary_complete', 'secondary_incomplete', 'secondary_complete', 'higher_incomplete', 'higher_complete'],
  establishment_type: ['headquarters', 'branch'],
  gender: ['M', 'F'],
  government_branch: ['executivo', 'legislativo', 'judiciario'],
  marital_status: ['single', 'married', 'divorced', 'widowed', 'stable_union', 'separated'],
  organization_category: ['private_company', 'public_company', 'government_agency', 'nonprofit', 'association', 'foundation', 'political_party', 'financial_institution', 'foreign_company', 'other'],
  race_color: ['white', 'black', 'brown', 'yellow', 'indigenous'],
  unit_status: ['ativo', 'extinto', 'em_liquidacao'],
  unit_type: ['orgao', 'entidade', 'unidade_adm', 'colegiado'],
} as const;

export type EntityRow = {
  id: number;
  entity_type: EntityType;
  display_name: string;
  normalized_name: string;
  document: string | null;
  document_type: string | null;
  status: string | null;
  profile: Record<string, unknown>;
  updated_at?: Date | string | null;
};

const decimalPattern = /^-?\d+(\.\d+)?$/;
const datePattern = /^\d{4}-\d{2}-\d{2}$/;

function pick<T>(value: unknown, accept: (v: unknown) => v is T): T | null {
  return accept(value) ? value : null;
}

const isString = (v: unknown): v is string => typeof v === 'string' && v.length > 0;
const isInteger = (v: unknown): v is number => Number.isSafeInteger(v);
const isBoolean = (v: unknown): v is boolean => typeof v === 'boolean';
const isDate = (v: unknown): v is string => typeof v === 'string' && datePattern.test(v);

/** Row → SubjectProfile: every spec field present (null when unknown), nothing else. */
export function subjectProfileOfRow(row: EntityRow): SubjectProfile {
  const p = row.profile ?? {};
  const out: Record<string, unknown> = {};
  for (const f of profileStringFields) out[f] = pick(p[f], isString);
  for (const f of profileIntegerFields) out[f] = pick(p[f], isInteger);
  for (const f of profileBooleanFields) out[f] = pick(p[f], isBoolean);
  for (const f of profileDateFields) out[f] = pick(p[f], isDate);
  for (const [f, values] of Object.entries(profileEnumFields)) {
    const v = p[f];
    out[f] = typeof v === 'string' && (values as readonly string[]).includes(v) ? v : null;
  }
  const capital = p.capital_social;
  out.capital_social = typeof capital === 'string' && decimalPattern.test(capital) ? capital : null;
  out.secondary_cnae_codes = Array.isArray(p.secondary_cnae_codes) ? p.secondary_cnae_codes.filter(isString) : [];
  out.last_registry_update = typeof p.last_registry_update === 'string' ? p.last_registry_update : null;
  if (out.age_range_code !== null && ((out.age_range_code as number) < 0 || (out.age_range_code as number) > 9)) out.age_range_code = null;
  out.document = row.document;
  out.document_type = row.document_type;
  out.status = row.status ?? out.status;
  return {
    ...out,
    entity_id: row.id,
    entity_type: row.entity_type,
    display_name: row.display_name,
    normalized_name: row.normalized_name,
    secondary_cnae_codes: out.secondary_cnae_codes as string[],
  };
}

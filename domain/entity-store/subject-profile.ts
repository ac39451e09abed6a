import type { EntityType } from '../analysis/snapshot';
import { toDay } from '../snapshot-facts/calendar';
import {
  profileBooleanFields,
  profileCountFields,
  profileDateFields,
  profileEnumFields,
  profileStringFields,
  type SubjectProfile,
} from './subject-profile-fields';

export {
  profileBooleanFields,
  profileDateFields,
  profileEnumFields,
  profileIntegerFields,
  profileStringFields,
  type SubjectProfile,
} from './subject-profile-fields';

/**
 * The SubjectProfile of docs/engine.md from what the store holds. Importers store every profile field
 * they can derive in `entities.profile` (snake_case); only the fields the spec names leave here,
 * each of the spec's type or null, because the contract rejects unknown properties.
 */
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

const DECIMAL = /^-?\d+(\.\d+)?$/;
const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/;

const isText = (v: unknown): v is string => typeof v === 'string' && v.length > 0;
const isInteger = (v: unknown): v is number => Number.isSafeInteger(v);
const integerIn = (v: unknown, min: number, max = Number.MAX_SAFE_INTEGER) => (isInteger(v) && v >= min && v <= max ? v : null);

/** Distinct codes in their first order: a source that repeats a CNAE still lists it once. */
export function distinctCodes(value: unknown): string[] {
  return Array.isArray(value) ? [...new Set(value.filter(isText))] : [];
}

/** Every nullable field of docs/engine.md from a stored profile, each type-checked (wrong type → null). */
export function storedProfileFields(p: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const f of profileStringFields) out[f] = isText(p[f]) ? p[f] : null;
  for (const f of profileDateFields) out[f] = toDay(p[f]);
  for (const f of profileCountFields) out[f] = integerIn(p[f], 0);
  for (const f of profileBooleanFields) out[f] = typeof p[f] === 'boolean' ? p[f] : null;
  for (const [f, values] of Object.entries(profileEnumFields)) out[f] = (values as readonly unknown[]).includes(p[f]) ? p[f] : null;
  out.age_range_code = integerIn(p.age_range_code, 0, 9);
  out.headquarters_entity_id = integerIn(p.headquarters_entity_id, 1);
  out.registration_status_reason_code = isInteger(p.registration_status_reason_code) ? p.registration_status_reason_code : null;
  const capital = p.capital_social;
  out.capital_social =
    (typeof capital === 'number' && Number.isFinite(capital)) || (typeof capital === 'string' && DECIMAL.test(capital)) ? capital : null;
  out.last_registry_update =
    typeof p.last_registry_update === 'string' && ISO_DATE_TIME.test(p.last_registry_update) ? p.last_registry_update : null;
  out.secondary_cnae_codes = distinctCodes(p.secondary_cnae_codes);
  return out;
}

/** Row → SubjectProfile: every spec field present (null when unknown), nothing else. */
export function subjectProfileOfRow(row: EntityRow): SubjectProfile {
  const fields = storedProfileFields(row.profile ?? {});
  return {
    entity_id: row.id,
    entity_type: row.entity_type,
    display_name: row.display_name,
    normalized_name: row.normalized_name,
    ...fields,
    document: row.document,
    document_type: row.document_type,
    status: row.status ?? fields.status,
    secondary_cnae_codes: fields.secondary_cnae_codes as string[],
  };
}

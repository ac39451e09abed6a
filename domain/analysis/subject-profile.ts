import type { SubjectProfile, SubjectProfileReadForm } from './verdict';
import type { Snapshot, SnapshotEntity } from './snapshot';
import { toDay, yearsBetween } from '../snapshot-facts/calendar';
import { isActiveOn, isDeclarationActiveOn } from '../snapshot-facts/validity';
import { profileBooleanFields, profileDateFields, profileEnumFields, profileStringFields } from '../entity-store/subject-profile';

// One field vocabulary with the entity store (domain/entity-store/subject-profile.ts).
const STRING_FIELDS = profileStringFields;
const DATE_FIELDS = profileDateFields;
const COUNT_FIELDS = ['age_years', 'employee_count', 'partner_count', 'ubo_count'] as const;
const BOOLEAN_FIELDS = profileBooleanFields;
/** spec §2.4 enumerations; the read form (spec §2.6) omits these fields and entity_type. */
const ENUM_FIELDS: Record<string, readonly string[]> = profileEnumFields;
const DECIMAL = /^-?\d+(\.\d+)?$/;
const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/;

const isCount = (v: unknown): v is number => Number.isInteger(v) && (v as number) >= 0;

/**
 * spec §2.3 SubjectProfile (create form) of the snapshot's subject: exactly the spec's fields,
 * each null when unknown or not of the spec's type. Counts the store does not hold are derived
 * from the snapshot at as_of (age, partners, declared beneficial owners, headquarters).
 */
export function toSubjectProfile(snapshot: Snapshot): SubjectProfile {
  const subject = snapshot.network.entities.find((e) => e.entity_id === snapshot.subject_entity_id);
  if (!subject) throw new Error(`snapshot has no subject entity ${snapshot.subject_entity_id}`);
  const p = subject.profile ?? {};
  const profile: SubjectProfile = {
    entity_id: subject.entity_id,
    entity_type: subject.entity_type,
    display_name: subject.display_name,
    normalized_name: subject.normalized_name || subject.display_name,
  };
  for (const field of STRING_FIELDS) profile[field] = typeof p[field] === 'string' ? p[field] : null;
  profile.document = subject.document;
  profile.document_type = subject.document_type;
  profile.status = subject.status;
  for (const field of DATE_FIELDS) profile[field] = toDay(p[field]);
  for (const field of COUNT_FIELDS) profile[field] = isCount(p[field]) ? p[field] : null;
  for (const field of BOOLEAN_FIELDS) profile[field] = typeof p[field] === 'boolean' ? p[field] : null;
  for (const [field, values] of Object.entries(ENUM_FIELDS)) profile[field] = values.includes(p[field] as string) ? p[field] : null;
  profile.age_range_code = Number.isInteger(p.age_range_code) && (p.age_range_code as number) >= 0 && (p.age_range_code as number) <= 9 ? p.age_range_code : null;
  profile.headquarters_entity_id = Number.isInteger(p.headquarters_entity_id) && (p.headquarters_entity_id as number) > 0 ? p.headquarters_entity_id : headquartersOf(snapshot, subject);
  profile.registration_status_reason_code = Number.isInteger(p.registration_status_reason_code) ? p.registration_status_reason_code : null;
  profile.capital_social = typeof p.capital_social === 'number' && Number.isFinite(p.capital_social) ? p.capital_social
    : typeof p.capital_social === 'string' && DECIMAL.test(p.capital_social) ? p.capital_social : null;
  profile.last_registry_update = typeof p.last_registry_update === 'string' && ISO_DATE_TIME.test(p.last_registry_update) ? p.last_registry_update : null;
  profile.secondary_cnae_codes = Array.isArray(p.secondary_cnae_codes) ? p.secondary_cnae_codes.filter((c): c is string => typeof c === 'string').sort() : [];
  // Age is a fact at as_of, not at import time.
  if (profile.birth_date) profile.age_years = yearsBetween(profile.birth_date as string, snapshot.as_of);
  if (subject.entity_type !== 'person') {
    profile.partner_count ??= countPartners(snapshot, subject.entity_id);
    profile.ubo_count ??= countDeclaredOwners(snapshot, subject.entity_id);
  }
  return profile;
}

const ENUM_FIELD_NAMES = new Set(['entity_type', ...Object.keys(ENUM_FIELDS)]);

/** spec §2.6 read form: the create form without entity_type and the enumerated fields. */
export function toSubjectProfileReadForm(snapshot: Snapshot): SubjectProfileReadForm {
  return Object.fromEntries(Object.entries(toSubjectProfile(snapshot)).filter(([key]) => !ENUM_FIELD_NAMES.has(key))) as SubjectProfileReadForm;
}

function countPartners(snapshot: Snapshot, id: number): number {
  const partners = snapshot.network.relationships
    .filter((r) => r.target_entity_id === id && r.relationship_type === 'PARTNER_OF' && isActiveOn(r, snapshot.as_of))
    .map((r) => r.source_entity_id);
  return new Set(partners).size;
}

function countDeclaredOwners(snapshot: Snapshot, id: number): number {
  const owners = snapshot.ownership_declarations
    .filter((d) => d.subject_entity_id === id && d.beneficial_ownership_or_control !== false && isDeclarationActiveOn(d, snapshot.as_of))
    .map((d) => d.owner_entity_id);
  return new Set(owners).size;
}

function headquartersOf(snapshot: Snapshot, subject: SnapshotEntity): number | null {
  const branchOf = snapshot.network.relationships
    .filter((r) => r.source_entity_id === subject.entity_id && r.relationship_type === 'BRANCH_OF')
    .map((r) => r.target_entity_id)
    .sort((a, b) => a - b);
  return branchOf[0] ?? null;
}

import type { Snapshot, SnapshotEntity } from './snapshot';
import { storedProfileFields } from '../entity-store/subject-profile';
import { profileEnumFields, type SubjectProfile, type SubjectProfileReadForm } from '../entity-store/subject-profile-fields';
import { resolveBeneficialOwners } from '../graph/ubo/resolve-beneficial-owners';
import { yearsBetween } from '../snapshot-facts/calendar';
import { isActiveOn } from '../snapshot-facts/validity';

export type SubjectProfileOptions = { uboThresholdPercent: number };

/**
 * docs/engine.md SubjectProfile (create form) of the snapshot's subject: the stored profile read as the
 * entity endpoints read it (storedProfileFields), then the facts that depend on as_of derived
 * from the snapshot: age, active partners, headquarters, and `ubo_count` — the beneficial owners
 * of the very resolution the graph's `ubo_findings` list (graph/ubo), with the same threshold.
 */
export function toSubjectProfile(snapshot: Snapshot, options: SubjectProfileOptions): SubjectProfile {
  const subject = snapshot.network.entities.find((e) => e.entity_id === snapshot.subject_entity_id);
  if (!subject) throw new Error(`snapshot has no subject entity ${snapshot.subject_entity_id}`);
  const fields = storedProfileFields(subject.profile ?? {});
  const profile: SubjectProfile = {
    entity_id: subject.entity_id,
    entity_type: subject.entity_type,
    display_name: subject.display_name,
    normalized_name: subject.normalized_name || subject.display_name,
    ...fields,
    document: subject.document,
    document_type: subject.document_type,
    status: subject.status,
    // Profile arrays are sets: the verdict lists them in canonical order, whatever the store's.
    secondary_cnae_codes: [...(fields.secondary_cnae_codes as string[])].sort(),
  };
  profile.headquarters_entity_id ??= headquartersOf(snapshot, subject);
  // Age is a fact at as_of, not at import time.
  if (profile.birth_date) profile.age_years = yearsBetween(profile.birth_date as string, snapshot.as_of);
  if (subject.entity_type === 'person') {
    // A person has no beneficial owners: the graph gives no resolution, the profile no count.
    profile.ubo_count = null;
  } else {
    profile.partner_count ??= countPartners(snapshot, subject.entity_id);
    profile.ubo_count = resolveBeneficialOwners(snapshot, options.uboThresholdPercent).findings.length;
  }
  return profile;
}

const ENUM_FIELD_NAMES = new Set(['entity_type', ...Object.keys(profileEnumFields)]);

/** docs/analyses.md read form: the create form without entity_type and the enumerated fields. */
export function toSubjectProfileReadForm(snapshot: Snapshot, options: SubjectProfileOptions): SubjectProfileReadForm {
  return Object.fromEntries(
    Object.entries(toSubjectProfile(snapshot, options)).filter(([key]) => !ENUM_FIELD_NAMES.has(key)),
  ) as SubjectProfileReadForm;
}

function countPartners(snapshot: Snapshot, id: number): number {
  const partners = snapshot.network.relationships
    .filter((r) => r.target_entity_id === id && r.relationship_type === 'PARTNER_OF' && isActiveOn(r, snapshot.as_of))
    .map((r) => r.source_entity_id);
  return new Set(partners).size;
}

function headquartersOf(snapshot: Snapshot, subject: SnapshotEntity): number | null {
  const branchOf = snapshot.network.relationships
    .filter((r) => r.source_entity_id === subject.entity_id && r.relationship_type === 'BRANCH_OF')
    .map((r) => r.target_entity_id)
    .sort((a, b) => a - b);
  return branchOf[0] ?? null;
}

import type { SnapshotEntity } from '../analysis/snapshot';
import type { EvaluatedSignal } from '../analysis/verdict';
import { exposedPeps, pepGraceYears, type ExposedPep } from '../snapshot-facts/pep-status';
import type { ReportBuildInput } from './report-types';

/** Lookups every section builder shares, computed from the input alone. */
export function entityOf(input: ReportBuildInput, entityId: number): SnapshotEntity | undefined {
  return input.snapshot.network.entities.find((e) => e.entity_id === entityId);
}

export function subjectOf(input: ReportBuildInput): SnapshotEntity {
  const subject = entityOf(input, input.snapshot.subject_entity_id);
  if (!subject) throw new Error(`snapshot has no subject entity ${input.snapshot.subject_entity_id}`);
  return subject;
}

/** Identified signals in catalog order (the verdict's order). */
export function identifiedSignals(input: ReportBuildInput): EvaluatedSignal[] {
  return input.verdict.signals.filter((s) => s.identified);
}

/** The PEP records that expose an entity at the snapshot's date (the verdict's grace period). */
export function exposedPepsOf(input: ReportBuildInput, entityId: number): ExposedPep[] {
  const records = input.snapshot.pep_records.filter((r) => r.entity_id === entityId);
  return exposedPeps(records, input.snapshot.as_of, pepGraceYears(input.catalog));
}

/** The document of an entity as the snapshot holds it (digits or alphanumeric CNPJ), or null. */
export function documentOf(input: ReportBuildInput, entityId: number): string | null {
  return entityOf(input, entityId)?.document ?? null;
}

/** A profile field as a string, or null (profiles are free-form JSON). */
export function profileText(entity: SnapshotEntity, field: string): string | null {
  const value = entity.profile[field];
  return value === null || value === undefined ? null : String(value);
}

import type { SnapshotPepRecord, SnapshotRelationship } from '../analysis/snapshot';
import { addYears, toDay } from './calendar';
import type { EvaluationContext } from './context';
import { entityRef, evidence, fromEvidences, limitation, numberParameter, type SignalEvaluator } from './finding';

export type PepStatus = 'active' | 'grace' | 'former' | 'future';

/** In office at as_of, in the grace period after leaving, or neither. */
export function pepStatusAt(record: SnapshotPepRecord, asOf: string, graceYears: number): PepStatus {
  const start = toDay(record.start_date);
  const end = toDay(record.end_date);
  if (start !== null && start > asOf) return 'future';
  if (end === null || end >= asOf) return 'active';
  const graceEnd = toDay(record.grace_end_date) ?? addYears(end, graceYears);
  return asOf <= graceEnd ? 'grace' : 'former';
}

export function exposedRecords(ctx: EvaluationContext, graceYears: number) {
  return ctx.snapshot.pep_records
    .map((record) => ({ record, status: pepStatusAt(record, ctx.asOf, graceYears) }))
    .filter((x) => x.status === 'active' || x.status === 'grace');
}

function pepEvidence(ctx: EvaluationContext, record: SnapshotPepRecord, status: PepStatus, relationship: SnapshotRelationship | null = null) {
  return evidence(
    'pep_record',
    `${record.role_description ?? record.role_acronym ?? 'PEP role'} (${status === 'active' ? 'in office' : 'grace period'})`,
    `${record.role_description ?? 'Role'} at ${record.institution_name ?? 'unknown institution'}, ${record.start_date ?? '?'} to ${record.end_date ?? 'present'}${record.grace_end_date ? `, grace until ${record.grace_end_date}` : ''}`,
    { ...record },
    { entity: entityRef(ctx, record.entity_id), pep_status: status, degree: ctx.hop(record.entity_id) ?? null, relationship },
  );
}

function subjectWithStatus(wanted: PepStatus): SignalEvaluator {
  return (ctx, rule) => {
    const hits = exposedRecords(ctx, numberParameter(rule, 'grace_years')).filter((x) => x.record.entity_id === ctx.subjectId && x.status === wanted);
    const limitations = wanted === 'active' && hits.some((x) => x.record.end_date === null)
      ? [limitation(['end_date'], 'A PEP office without an end date is treated as held at as_of.')]
      : [];
    return fromEvidences(hits.map((x) => pepEvidence(ctx, x.record, x.status)), [ctx.subjectId], limitations);
  };
}

/** PEPs one hop away, through FAMILY_OF links (family) or any other active link (associates). */
function directPeps(family: boolean): SignalEvaluator {
  return (ctx, rule) => {
    const records = exposedRecords(ctx, numberParameter(rule, 'grace_years'));
    const links = ctx.directLinks(false).filter((l) => (l.relationship.relationship_type === 'FAMILY_OF') === family);
    const evidences = [];
    const observed: number[] = [];
    for (const { record, status } of records) {
      const viaLink = links.find((l) => l.entityId === record.entity_id);
      if (!viaLink || record.entity_id === ctx.subjectId) continue;
      evidences.push(pepEvidence(ctx, record, status, viaLink.relationship));
      observed.push(record.entity_id);
    }
    return fromEvidences(evidences, observed);
  };
}

const indirectPeps: SignalEvaluator = (ctx, rule) => {
  const minDegree = numberParameter(rule, 'min_degree');
  const hits = exposedRecords(ctx, numberParameter(rule, 'grace_years')).filter((x) => (ctx.hop(x.record.entity_id) ?? -1) >= minDegree);
  return fromEvidences(hits.map((x) => pepEvidence(ctx, x.record, x.status)), hits.map((x) => x.record.entity_id));
};

export const pepEvaluators: Record<string, SignalEvaluator> = {
  PEP_SUBJECT_ACTIVE: subjectWithStatus('active'),
  PEP_SUBJECT_GRACE: subjectWithStatus('grace'),
  PEP_RELATIVE: directPeps(true),
  PEP_ASSOCIATE_DIRECT: directPeps(false),
  PEP_NETWORK_INDIRECT: indirectPeps,
};

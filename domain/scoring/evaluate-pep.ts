import type { SnapshotPepRecord, SnapshotRelationship } from '../analysis/snapshot';
import type { PepStatus } from '../snapshot-facts/pep-status';
import type { EvaluationContext } from './context';
import { entityRef, evidence, fromEvidences, limitation, numberParameter, type SignalEvaluator } from './finding';

// Who is exposed, and since when, is decided once per snapshot (ctx.peps, snapshot-facts/pep-status.ts)
// with the catalog's grace period: the graph's network PEPs read the same answer.

function pepEvidence(
  ctx: EvaluationContext,
  record: SnapshotPepRecord,
  status: PepStatus,
  relationship: SnapshotRelationship | null = null,
) {
  return evidence(
    'pep_record',
    `${record.role_description ?? record.role_acronym ?? 'PEP role'} (${status === 'active' ? 'in office' : 'grace period'})`,
    `${record.role_description ?? 'Role'} at ${record.institution_name ?? 'unknown institution'}, ${record.start_date ?? '?'} to ${record.end_date ?? 'present'}${record.grace_end_date ? `, grace until ${record.grace_end_date}` : ''}`,
    { ...record },
    { entity: entityRef(ctx, record.entity_id), pep_status: status, degree: ctx.hop(record.entity_id) ?? null, relationship },
  );
}

function subjectWithStatus(wanted: PepStatus): SignalEvaluator {
  return (ctx) => {
    const hits = ctx.peps.filter((x) => x.record.entity_id === ctx.subjectId && x.status === wanted);
    const limitations =
      wanted === 'active' && hits.some((x) => x.record.end_date === null)
        ? [limitation(['end_date'], 'A PEP office without an end date is treated as held at as_of.')]
        : [];
    return fromEvidences(
      hits.map((x) => pepEvidence(ctx, x.record, x.status)),
      [ctx.subjectId],
      limitations,
    );
  };
}

/** PEPs one hop away, through FAMILY_OF links (family) or any other active link (associates). */
function directPeps(family: boolean): SignalEvaluator {
  return (ctx) => {
    const records = ctx.peps;
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
  const hits = ctx.peps.filter((x) => (ctx.hop(x.record.entity_id) ?? -1) >= minDegree);
  return fromEvidences(
    hits.map((x) => pepEvidence(ctx, x.record, x.status)),
    hits.map((x) => x.record.entity_id),
  );
};

export const pepEvaluators: Record<string, SignalEvaluator> = {
  PEP_SUBJECT_ACTIVE: subjectWithStatus('active'),
  PEP_SUBJECT_GRACE: subjectWithStatus('grace_period'),
  PEP_RELATIVE: directPeps(true),
  PEP_ASSOCIATE_DIRECT: directPeps(false),
  PEP_NETWORK_INDIRECT: indirectPeps,
};

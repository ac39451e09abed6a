import type { SnapshotSanction } from '../analysis/snapshot';
import { addYears, periodContains, toDay } from '../snapshot-facts/calendar';
import type { EvaluationContext } from './context';
import { entityRef, evidence, fromEvidences, numberParameter, type SignalEvaluator } from './finding';

function sanctionActiveAt(s: SnapshotSanction, asOf: string): boolean {
  return periodContains(toDay(s.start_date), toDay(s.end_date), asOf);
}

function sanctionEvidence(ctx: EvaluationContext, s: SnapshotSanction, extra: Record<string, unknown> = {}) {
  const listName = s.list_code.toUpperCase();
  return evidence(
    'sanction',
    `${listName} sanction ${s.process_number ?? s.sanction_id}`,
    `${listName}: ${s.sanction_type ?? 'sanction'} by ${s.sanctioning_body ?? 'unknown body'}, ${s.start_date ?? '?'} to ${s.end_date ?? 'open-ended'}`,
    { ...s },
    { entity: entityRef(ctx, s.entity_id), ...extra },
  );
}

const activeOnSubject: SignalEvaluator = (ctx, rule) => {
  const list = String(rule.parameters.list_code);
  const hits = ctx.snapshot.sanctions.filter(
    (s) => s.entity_id === ctx.subjectId && s.list_code.toLowerCase() === list && sanctionActiveAt(s, ctx.asOf),
  );
  return fromEvidences(
    hits.map((s) => sanctionEvidence(ctx, s)),
    [ctx.subjectId],
  );
};

const pastOnSubject: SignalEvaluator = (ctx, rule) => {
  const since = addYears(ctx.asOf, -numberParameter(rule, 'lookback_years'));
  const hits = ctx.snapshot.sanctions.filter((s) => {
    const end = toDay(s.end_date);
    return s.entity_id === ctx.subjectId && end !== null && end < ctx.asOf && end >= since;
  });
  return fromEvidences(
    hits.map((s) => sanctionEvidence(ctx, s)),
    [ctx.subjectId],
  );
};

/** Entities directly linked to the subject by an active control relationship. */
function controlAssociates(ctx: EvaluationContext): Map<number, unknown> {
  const result = new Map<number, unknown>();
  for (const link of ctx.directLinks(true)) if (!result.has(link.entityId)) result.set(link.entityId, link.relationship);
  return result;
}

const activeOnPartner: SignalEvaluator = (ctx) => {
  const associates = controlAssociates(ctx);
  const hits = ctx.snapshot.sanctions.filter((s) => associates.has(s.entity_id) && sanctionActiveAt(s, ctx.asOf));
  return fromEvidences(
    hits.map((s) => sanctionEvidence(ctx, s, { relationship: associates.get(s.entity_id) })),
    hits.map((s) => s.entity_id),
  );
};

const activeInNetwork: SignalEvaluator = (ctx) => {
  const associates = controlAssociates(ctx);
  const hits = ctx.snapshot.sanctions.filter(
    (s) =>
      s.entity_id !== ctx.subjectId &&
      !associates.has(s.entity_id) &&
      ctx.entity(s.entity_id) !== undefined &&
      sanctionActiveAt(s, ctx.asOf),
  );
  return fromEvidences(
    hits.map((s) => sanctionEvidence(ctx, s)),
    hits.map((s) => s.entity_id),
  );
};

export const sanctionEvaluators: Record<string, SignalEvaluator> = {
  SANCTION_ACTIVE_SUBJECT_CEIS: activeOnSubject,
  SANCTION_ACTIVE_SUBJECT_CNEP: activeOnSubject,
  SANCTION_PAST_SUBJECT: pastOnSubject,
  SANCTION_ACTIVE_PARTNER: activeOnPartner,
  SANCTION_ACTIVE_NETWORK: activeInNetwork,
};

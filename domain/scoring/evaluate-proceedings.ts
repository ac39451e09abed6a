import type { SnapshotProceeding } from '../analysis/snapshot';
import type { SignalRule } from '../rules/types';
import { toDay } from '../snapshot-facts/calendar';
import type { EvaluationContext } from './context';
import { entityRef, evidence, fromEvidences, limitation, numberParameter, stringList, type SignalEvaluator } from './finding';

const lower = (value: string | null) =>
  (value ?? '')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .trim();

/** Parties of the proceeding in an adverse role (a complainant or witness is not accused). */
function adverseParties(rule: SignalRule, p: SnapshotProceeding): number[] {
  const nonAdverse = stringList(rule.parameters.non_adverse_roles);
  return p.parties.filter((x) => !nonAdverse.some((role) => lower(x.role).includes(role))).map((x) => x.entity_id);
}

function openedBy(p: SnapshotProceeding, asOf: string): boolean {
  const opened = toDay(p.opened_at);
  return opened === null || opened <= asOf;
}

/** Open at as_of: opened by then and not closed by then (a closed status without a date counts as closed). */
function openAt(rule: SignalRule, p: SnapshotProceeding, asOf: string): boolean {
  if (!openedBy(p, asOf)) return false;
  const closed = toDay(p.closed_at);
  if (closed !== null) return closed > asOf;
  return !stringList(rule.parameters.closed_statuses).includes(lower(p.status));
}

function sanctioningDecisionBy(rule: SignalRule, p: SnapshotProceeding, asOf: string): boolean {
  const decided = toDay(p.decision_date);
  const status = lower(p.status);
  return decided !== null && decided <= asOf && stringList(rule.parameters.sanctioning_status_markers).some((m) => status.includes(m));
}

function proceedingEvidence(ctx: EvaluationContext, p: SnapshotProceeding, entityId: number, extra: Record<string, unknown> = {}) {
  return evidence(
    'proceeding',
    `${p.proceeding_type ?? 'Proceeding'} ${p.proceeding_number}`,
    `${p.authority ?? 'Unknown authority'}: ${p.status ?? 'status unknown'}; opened ${p.opened_at ?? '?'}${p.decision_date ? `, decided ${p.decision_date}` : ''}${p.closed_at ? `, closed ${p.closed_at}` : ''}`,
    { ...p },
    { entity: entityRef(ctx, entityId), role: p.parties.find((x) => x.entity_id === entityId)?.role ?? null, ...extra },
  );
}

function subjectProceedings(ctx: EvaluationContext, rule: SignalRule) {
  return ctx.snapshot.proceedings.filter((p) => adverseParties(rule, p).includes(ctx.subjectId));
}

const openOnSubject: SignalEvaluator = (ctx, rule) => {
  const hits = subjectProceedings(ctx, rule).filter((p) => openAt(rule, p, ctx.asOf));
  const undated = hits.filter((p) => p.opened_at === null).length;
  return fromEvidences(
    hits.map((p) => proceedingEvidence(ctx, p, ctx.subjectId)),
    [ctx.subjectId],
    undated > 0 ? [limitation(['opened_at'], `${undated} proceeding(s) without an opening date are taken as opened before as_of.`)] : [],
  );
};

const sanctioningDecision: SignalEvaluator = (ctx, rule) => {
  const hits = subjectProceedings(ctx, rule).filter((p) => sanctioningDecisionBy(rule, p, ctx.asOf));
  return fromEvidences(
    hits.map((p) => proceedingEvidence(ctx, p, ctx.subjectId)),
    [ctx.subjectId],
  );
};

const recurrent: SignalEvaluator = (ctx, rule) => {
  const hits = subjectProceedings(ctx, rule).filter((p) => openedBy(p, ctx.asOf));
  return hits.length >= numberParameter(rule, 'min_count')
    ? fromEvidences(
        hits.map((p) => proceedingEvidence(ctx, p, ctx.subjectId)),
        [ctx.subjectId],
      )
    : fromEvidences([], []);
};

const onAssociates: SignalEvaluator = (ctx, rule) => {
  const associates = new Map(ctx.directLinks(true).map((l) => [l.entityId, l.relationship]));
  const evidences = [];
  const observed: number[] = [];
  for (const p of ctx.snapshot.proceedings) {
    if (!openAt(rule, p, ctx.asOf) && !sanctioningDecisionBy(rule, p, ctx.asOf)) continue;
    for (const id of adverseParties(rule, p)) {
      if (id === ctx.subjectId || !associates.has(id)) continue;
      evidences.push(proceedingEvidence(ctx, p, id, { relationship: associates.get(id) }));
      observed.push(id);
    }
  }
  return fromEvidences(evidences, observed);
};

export const proceedingEvaluators: Record<string, SignalEvaluator> = {
  PROCEEDING_OPEN_SUBJECT: openOnSubject,
  PROCEEDING_SANCTIONING_DECISION: sanctioningDecision,
  PROCEEDING_RECURRENT: recurrent,
  PROCEEDING_ASSOCIATE: onAssociates,
};

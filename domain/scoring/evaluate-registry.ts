import { addMonths, monthsBetween, toDay } from '../snapshot-facts/calendar';
import type { EvaluationContext } from './context';
import {
  evidence,
  entityRef,
  fromEvidences,
  limitation,
  normalizeCode,
  notIdentified,
  numberParameter,
  stringList,
  type SignalEvaluator,
} from './finding';

function statusEvidence(ctx: EvaluationContext, entityId: number) {
  const entity = ctx.entity(entityId)!;
  const profile = entity.profile ?? {};
  return evidence(
    'registration_status',
    `Registration ${entity.status}`,
    `Status ${entity.status}${profile.status_date ? ` since ${String(profile.status_date)}` : ''}${profile.registration_status_reason ? ` (${String(profile.registration_status_reason)})` : ''}`,
    {
      status: entity.status,
      status_date: profile.status_date ?? null,
      registration_status_reason: profile.registration_status_reason ?? null,
      registration_status_reason_code: profile.registration_status_reason_code ?? null,
    },
    { entity: entityRef(ctx, entityId) },
  );
}

const statusIn: SignalEvaluator = (ctx, rule) => {
  const statuses = stringList(rule.parameters.statuses);
  if (ctx.subject.status === null) {
    return notIdentified(
      ctx.subject.entity_type === 'person' ? [] : [limitation(['status'], 'The registration status of the subject is unknown.')],
    );
  }
  return statuses.includes(normalizeCode(ctx.subject.status))
    ? fromEvidences([statusEvidence(ctx, ctx.subjectId)], [ctx.subjectId])
    : notIdentified();
};

const recentIncorporation: SignalEvaluator = (ctx, rule) => {
  if (ctx.subject.entity_type === 'person') return notIdentified();
  const incorporated = toDay(ctx.subject.profile?.incorporation_date);
  if (incorporated === null)
    return notIdentified([limitation(['incorporation_date'], 'The incorporation date of the subject is unknown.')]);
  const maxMonths = numberParameter(rule, 'max_age_months');
  if (incorporated > ctx.asOf || addMonths(incorporated, maxMonths) <= ctx.asOf) return notIdentified();
  return fromEvidences(
    [
      evidence(
        'incorporation_date',
        `Incorporated ${incorporated}`,
        `Incorporated ${monthsBetween(incorporated, ctx.asOf)} month(s) before as_of`,
        { incorporation_date: incorporated, age_months: monthsBetween(incorporated, ctx.asOf) },
        { threshold_months: maxMonths },
      ),
    ],
    [ctx.subjectId],
  );
};

const specialSituation: SignalEvaluator = (ctx) => {
  const profile = ctx.subject.profile ?? {};
  const special = typeof profile.special_status === 'string' ? profile.special_status.trim() : '';
  const since = toDay(profile.special_status_date);
  if (special === '' || (since !== null && since > ctx.asOf)) return notIdentified();
  return fromEvidences(
    [
      evidence(
        'special_status',
        `Special situation ${special}`,
        `Special situation ${special}${since ? ` since ${since}` : ''}`,
        { special_status: special, special_status_date: since },
        { entity: entityRef(ctx, ctx.subjectId) },
      ),
    ],
    [ctx.subjectId],
  );
};

const irregularHeadquarters: SignalEvaluator = (ctx, rule) => {
  const statuses = stringList(rule.parameters.statuses);
  const headquarters =
    ctx.subject.profile?.is_headquarters === true
      ? []
      : ctx
          .outgoing(ctx.subjectId)
          .filter((r) => r.relationship_type === 'BRANCH_OF')
          .map((r) => r.target_entity_id);
  const irregular = headquarters.filter((id) => statuses.includes(normalizeCode(ctx.entity(id)?.status)));
  const missing = headquarters.filter((id) => ctx.entity(id) === undefined);
  return fromEvidences(
    irregular.map((id) => ({ ...statusEvidence(ctx, id), key: 'headquarters' })),
    irregular,
    missing.length > 0 ? [limitation(['headquarters_entity_id'], 'The headquarters is outside the snapshot.')] : [],
  );
};

export const registryEvaluators: Record<string, SignalEvaluator> = {
  REGISTRY_CLOSED: statusIn,
  REGISTRY_NULLIFIED: statusIn,
  REGISTRY_SUSPENDED: statusIn,
  REGISTRY_UNFIT: statusIn,
  REGISTRY_RECENT_INCORPORATION: recentIncorporation,
  REGISTRY_SPECIAL_SITUATION: specialSituation,
  REGISTRY_HEADQUARTERS_IRREGULAR: irregularHeadquarters,
};

import type { EvaluatedSignal, Evidence, Limitation } from '../analysis/verdict';
import type { ModifierRule } from '../rules/types';
import { addMonths, addYears, toDay } from '../snapshot-facts/calendar';
import type { EvaluationContext } from './context';
import { evidence, normalizeCode, stringList } from './finding';

export type ModifierOutcome = { applies: boolean; evidences: Evidence[]; limitations: Limitation[] };
type Signals = Map<string, EvaluatedSignal>;
export type ModifierEvaluator = (ctx: EvaluationContext, signals: Signals, rule: ModifierRule) => ModifierOutcome;

const identified = (signals: Signals, code: string) => signals.get(code)?.identified === true;
const identifiedIn = (signals: Signals, pillar: string) => [...signals.values()].filter((s) => s.pillar === pillar && s.identified);
const when = (applies: boolean, evidences: Evidence[] = []): ModifierOutcome => ({ applies, evidences: applies ? evidences : [], limitations: [] });
const onlyThese = (signals: Signals, pillar: string, codes: string[]) => {
  const found = identifiedIn(signals, pillar);
  return found.length > 0 && found.every((s) => codes.includes(s.code));
};
const signalEvidence = (s: EvaluatedSignal) => evidence('signal', s.name, `Signal ${s.code} is identified`, { code: s.code, observed_entity_ids: s.observed_entity_ids });

export const modifierEvaluators: Record<string, ModifierEvaluator> = {
  AGG_SANCTIONS_ACCUMULATED: (_ctx, signals) => {
    const subject = ['SANCTION_ACTIVE_SUBJECT_CEIS', 'SANCTION_ACTIVE_SUBJECT_CNEP'].flatMap((c) => signals.get(c)?.evidences ?? []);
    return when(subject.length >= 2, subject);
  },
  AGG_SANCTIONS_SUBJECT_AND_PARTNER: (_ctx, signals) => {
    const subject = identified(signals, 'SANCTION_ACTIVE_SUBJECT_CEIS') || identified(signals, 'SANCTION_ACTIVE_SUBJECT_CNEP');
    return when(subject && identified(signals, 'SANCTION_ACTIVE_PARTNER'), [signalEvidence(signals.get('SANCTION_ACTIVE_PARTNER')!)]);
  },
  ATT_SANCTIONS_INDIRECT_ONLY: (_ctx, signals) => when(onlyThese(signals, 'sanctions', ['SANCTION_ACTIVE_NETWORK'])),
  AGG_PEP_SENIOR_ROLE: (ctx, signals, rule) => {
    const involved = new Set(identifiedIn(signals, 'pep_exposure').flatMap((s) => s.observed_entity_ids));
    const senior = ctx.peps.map((x) => x.record).filter((r) => involved.has(r.entity_id) &&
      (stringList(rule.parameters.pep_types).includes(r.pep_type) || stringList(rule.parameters.role_levels).includes(normalizeCode(r.role_level))));
    return when(senior.length > 0, senior.map((r) => evidence('pep_record', r.role_description ?? r.pep_type, `${r.pep_type}, level ${r.role_level ?? 'unknown'}`, { ...r })));
  },
  AGG_PEP_CONTROLS_SUBJECT: (ctx, signals) => {
    const peps = new Set(signals.get('PEP_ASSOCIATE_DIRECT')?.identified ? signals.get('PEP_ASSOCIATE_DIRECT')!.observed_entity_ids : []);
    const controls = ctx.ownersOf(ctx.subjectId).filter((e) => peps.has(e.ownerId)).map((e) => e.ownerId);
    const administers = ctx.directLinks(true).filter((l) => peps.has(l.entityId) && l.relationship.target_entity_id === ctx.subjectId).map((l) => l.entityId);
    const ids = [...new Set([...controls, ...administers])].sort((a, b) => a - b);
    return when(ids.length > 0, [evidence('controlling_pep', 'PEP in control of the subject', 'A PEP is a partner, owner or administrator of the subject', { entity_ids: ids })]);
  },
  ATT_PEP_GRACE_ONLY: (_ctx, signals) => {
    const evidences = identifiedIn(signals, 'pep_exposure').flatMap((s) => s.evidences);
    return when(evidences.length > 0 && evidences.every((e) => e.metadata.pep_status === 'grace_period'));
  },
  ATT_PEP_INDIRECT_ONLY: (_ctx, signals) => when(onlyThese(signals, 'pep_exposure', ['PEP_NETWORK_INDIRECT'])),
  AGG_PROCEEDING_RECENT_DECISION: (ctx, signals, rule) => {
    const since = addMonths(ctx.asOf, -Number(rule.parameters.recent_months));
    const recent = (signals.get('PROCEEDING_SANCTIONING_DECISION')?.evidences ?? []).filter((e) => {
      const decided = toDay((e.content as { decision_date?: string | null }).decision_date);
      return decided !== null && decided >= since;
    });
    return when(recent.length > 0, recent);
  },
  ATT_PROCEEDINGS_ASSOCIATE_ONLY: (_ctx, signals) => when(onlyThese(signals, 'legal_proceedings', ['PROCEEDING_ASSOCIATE'])),
  AGG_REGISTRY_MULTIPLE_FLAGS: (_ctx, signals) => {
    const found = identifiedIn(signals, 'registry_status');
    return when(found.length >= 2, found.map(signalEvidence));
  },
  ATT_REGISTRY_RECENT_WITH_DECLARED_UBO: (ctx, signals) =>
    when(onlyThese(signals, 'registry_status', ['REGISTRY_RECENT_INCORPORATION']) && declaredPersonOwners(ctx).length > 0),
  AGG_OWNERSHIP_FOREIGN_AND_OPAQUE: (_ctx, signals) =>
    when(identified(signals, 'OWNERSHIP_FOREIGN_OWNER') && (identified(signals, 'OWNERSHIP_UNRESOLVED_CHAIN') || identified(signals, 'OWNERSHIP_CYCLE'))),
  ATT_OWNERSHIP_DECLARED_UBO: (ctx) => {
    const owners = declaredPersonOwners(ctx);
    return when(owners.length > 0, owners.map((d) => evidence('declaration', `Declared beneficial owner ${d.owner_entity_id}`, `BODS statement ${d.statement_id}`, { ...d })));
  },
  AGG_MEDIA_MULTIPLE_SOURCES: (_ctx, signals, rule) => {
    const sources = new Set(identifiedIn(signals, 'adverse_media').flatMap((s) => s.evidences).map((e) => (e.content as { source?: string | null }).source ?? ''));
    return when(sources.size >= Number(rule.parameters.min_sources));
  },
  ATT_MEDIA_STALE: (ctx, signals, rule) => {
    const cutoff = addYears(ctx.asOf, -Number(rule.parameters.stale_years));
    const dates = identifiedIn(signals, 'adverse_media').flatMap((s) => s.evidences).map((e) => toDay((e.content as { published_at?: string | null }).published_at));
    return when(dates.length > 0 && dates.every((d) => d !== null && d < cutoff));
  },
  AGG_NETWORK_SHELL_PATTERN: (_ctx, signals) => {
    const pattern = ['NETWORK_MASS_PARTNER', 'NETWORK_NOMINEE_PARTNER', 'NETWORK_SHARED_ADDRESS'].filter((c) => identified(signals, c));
    const applies = identified(signals, 'REGISTRY_RECENT_INCORPORATION') && pattern.length > 0;
    return when(applies, applies ? ['REGISTRY_RECENT_INCORPORATION', ...pattern].map((c) => signalEvidence(signals.get(c)!)) : []);
  },
};

function declaredPersonOwners(ctx: EvaluationContext) {
  return ctx.ownersOf(ctx.subjectId)
    .filter((e) => e.declaration !== null && e.declaration.beneficial_ownership_or_control !== false && ctx.entity(e.ownerId)?.entity_type === 'person')
    .map((e) => e.declaration!);
}

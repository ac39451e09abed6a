import { evidence, normalizeCode, stringList } from './finding';
import { type ModifierEvaluator, identified, identifiedIn, when, onlyThese, signalEvidence } from './modifier-outcome';

/** Modifiers of the sanctions and PEP exposure pillars. */
export const sanctionAndPepModifiers: Record<string, ModifierEvaluator> = {
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
    const senior = ctx.peps
      .map((x) => x.record)
      .filter(
        (r) =>
          involved.has(r.entity_id) &&
          (stringList(rule.parameters.pep_types).includes(r.pep_type) ||
            stringList(rule.parameters.role_levels).includes(normalizeCode(r.role_level))),
      );
    return when(
      senior.length > 0,
      senior.map((r) =>
        evidence('pep_record', r.role_description ?? r.pep_type, `${r.pep_type}, level ${r.role_level ?? 'unknown'}`, { ...r }),
      ),
    );
  },
  AGG_PEP_CONTROLS_SUBJECT: (ctx, signals) => {
    const peps = new Set(signals.get('PEP_ASSOCIATE_DIRECT')?.identified ? signals.get('PEP_ASSOCIATE_DIRECT')!.observed_entity_ids : []);
    const controls = ctx
      .ownersOf(ctx.subjectId)
      .filter((e) => peps.has(e.ownerId))
      .map((e) => e.ownerId);
    const administers = ctx
      .directLinks(true)
      .filter((l) => peps.has(l.entityId) && l.relationship.target_entity_id === ctx.subjectId)
      .map((l) => l.entityId);
    const ids = [...new Set([...controls, ...administers])].sort((a, b) => a - b);
    return when(ids.length > 0, [
      evidence('controlling_pep', 'PEP in control of the subject', 'A PEP is a partner, owner or administrator of the subject', {
        entity_ids: ids,
      }),
    ]);
  },
  ATT_PEP_GRACE_ONLY: (_ctx, signals) => {
    const evidences = identifiedIn(signals, 'pep_exposure').flatMap((s) => s.evidences);
    return when(evidences.length > 0 && evidences.every((e) => e.metadata.pep_status === 'grace_period'));
  },
  ATT_PEP_INDIRECT_ONLY: (_ctx, signals) => when(onlyThese(signals, 'pep_exposure', ['PEP_NETWORK_INDIRECT'])),
};

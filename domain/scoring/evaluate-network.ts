import { toDay, yearsBetween } from '../snapshot-facts/calendar';
import { CONTROL_RELATIONSHIP_TYPES, type EvaluationContext } from './context';
import { entityRef, evidence, fromEvidences, limitation, normalizeCode, numberParameter, stringList, type SignalEvaluator } from './finding';

const ORGANIZATION_TYPES = new Set(['organization', 'foreign_entity', 'financial_institution', 'unknown']);

/** Persons who control the subject (one hop, active), and the subject itself when a person. */
function controllingPersons(ctx: EvaluationContext): number[] {
  const ids = ctx.directLinks(true).map((l) => l.entityId).filter((id) => ctx.entity(id)?.entity_type === 'person');
  if (ctx.subject.entity_type === 'person') ids.push(ctx.subjectId);
  return [...new Set(ids)].sort((a, b) => a - b);
}

/** Organizations a person partners, owns or administers in the snapshot (active links only when `activeOnly`). */
function companiesOf(ctx: EvaluationContext, personId: number, activeOnly: boolean): number[] {
  const relationships = ctx.fromSource(personId).filter((r) => CONTROL_RELATIONSHIP_TYPES.has(r.relationship_type) && (!activeOnly || ctx.relationshipActive(r)));
  return [...new Set(relationships.map((r) => r.target_entity_id))].filter((id) => ORGANIZATION_TYPES.has(ctx.entity(id)?.entity_type ?? '')).sort((a, b) => a - b);
}

const massPartner: SignalEvaluator = (ctx, rule) => {
  const min = numberParameter(rule, 'min_companies');
  const hits = controllingPersons(ctx).map((id) => ({ id, companies: companiesOf(ctx, id, true) })).filter((x) => x.companies.length >= min);
  const limitations = ctx.snapshot.network.truncated ? [limitation(['network.truncated'], 'The network was truncated: company counts may be low.')] : [];
  return fromEvidences(
    hits.map((x) => evidence('partner', `${ctx.entity(x.id)?.display_name} in ${x.companies.length} companies`, `Active partner, owner or administrator of ${x.companies.length} organizations (threshold ${min})`,
      { partner: entityRef(ctx, x.id), company_ids: x.companies }, { company_count: x.companies.length })),
    hits.flatMap((x) => [x.id, ...x.companies]),
    limitations,
  );
};

const nomineePartner: SignalEvaluator = (ctx, rule) => {
  const [minAge, maxAge] = [numberParameter(rule, 'min_age'), numberParameter(rule, 'max_age')];
  const evidences = [];
  const observed: number[] = [];
  let unknownAge = 0;
  for (const id of controllingPersons(ctx).filter((x) => x !== ctx.subjectId)) {
    const profile = ctx.entity(id)?.profile ?? {};
    const birth = toDay(profile.birth_date);
    const rangeCode = profile.age_range_code === null || profile.age_range_code === undefined ? '' : String(profile.age_range_code);
    const reasons: string[] = [];
    const death = normalizeCode(profile.death_status);
    if (death !== '' && !['VIVO', 'ALIVE', 'NAO', 'N', 'NO', 'FALSE'].includes(death)) reasons.push(`death status ${String(profile.death_status)}`);
    if (birth !== null) {
      const age = yearsBetween(birth, ctx.asOf);
      if (age < minAge || age >= maxAge) reasons.push(`aged ${age} at as_of`);
    } else if (stringList(rule.parameters.young_age_range_codes).includes(rangeCode)) {
      reasons.push(`age range code ${rangeCode} (under ${minAge})`);
    } else if (stringList(rule.parameters.old_age_range_codes).includes(rangeCode)) {
      reasons.push(`age range code ${rangeCode} (over ${maxAge})`);
    } else if (rangeCode === '' || rangeCode === '0') {
      unknownAge += 1;
    }
    if (reasons.length === 0) continue;
    evidences.push(evidence('partner', `${ctx.entity(id)?.display_name}: ${reasons.join('; ')}`, 'A controlling person whose age or death status suggests a nominee', { partner: entityRef(ctx, id), reasons }, {}));
    observed.push(id);
  }
  return fromEvidences(evidences, observed, unknownAge > 0 ? [limitation(['birth_date', 'age_range_code'], `The age of ${unknownAge} controlling person(s) is unknown.`)] : []);
};

function addressKey(profile: Record<string, unknown>): string | null {
  const postal = typeof profile.postal_code === 'string' ? profile.postal_code.replace(/\D/g, '') : '';
  const street = normalizeCode(profile.primary_address).replace(/[^A-Z0-9]+/g, ' ').trim();
  return postal !== '' && street !== '' ? `${postal}|${street}` : null;
}

const sharedAddress: SignalEvaluator = (ctx, rule) => {
  const key = addressKey(ctx.subject.profile ?? {});
  if (key === null) return fromEvidences([], [], ctx.subject.entity_type === 'person' ? [] : [limitation(['postal_code', 'primary_address'], 'The subject address is unknown.')]);
  const others = ctx.snapshot.network.entities
    .filter((e) => e.entity_id !== ctx.subjectId && ORGANIZATION_TYPES.has(e.entity_type) && addressKey(e.profile ?? {}) === key)
    .map((e) => e.entity_id);
  if (others.length < numberParameter(rule, 'min_entities')) return fromEvidences([], []);
  return fromEvidences([
    evidence('address_cluster', `${others.length} organizations at the subject address`, `Organizations of the network registered at ${String(ctx.subject.profile.primary_address)}`,
      { address: key, entities: others.map((id) => entityRef(ctx, id)) }, { entity_count: others.length }),
  ], others);
};

const inactiveCompanies: SignalEvaluator = (ctx, rule) => {
  const statuses = stringList(rule.parameters.statuses);
  const min = numberParameter(rule, 'min_companies');
  const hits = controllingPersons(ctx)
    .map((id) => ({ id, companies: companiesOf(ctx, id, false).filter((c) => c !== ctx.subjectId && statuses.includes(normalizeCode(ctx.entity(c)?.status))) }))
    .filter((x) => x.companies.length >= min);
  return fromEvidences(
    hits.map((x) => evidence('partner', `${ctx.entity(x.id)?.display_name} linked to ${x.companies.length} irregular companies`, 'Partner, owner or administrator (now or before) of closed, null, suspended or unfit organizations',
      { partner: entityRef(ctx, x.id), companies: x.companies.map((c) => ({ ...entityRef(ctx, c), status: ctx.entity(c)?.status ?? null })) }, { company_count: x.companies.length })),
    hits.flatMap((x) => [x.id, ...x.companies]),
  );
};

export const networkEvaluators: Record<string, SignalEvaluator> = {
  NETWORK_MASS_PARTNER: massPartner,
  NETWORK_NOMINEE_PARTNER: nomineePartner,
  NETWORK_SHARED_ADDRESS: sharedAddress,
  NETWORK_INACTIVE_COMPANIES: inactiveCompanies,
};

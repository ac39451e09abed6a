import { toDay, yearsBetween } from '../snapshot-facts/calendar';
import { controllingPersons } from './controlling-persons';
import {
  entityRef,
  evidence,
  fromEvidences,
  limitation,
  normalizeCode,
  numberParameter,
  stringList,
  type SignalEvaluator,
} from './finding';

/** NETWORK_NOMINEE_PARTNER: controlling persons whose age or death status suggests a nominee. */
export const nomineePartner: SignalEvaluator = (ctx, rule) => {
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
    if (death !== '' && !['VIVO', 'ALIVE', 'NAO', 'N', 'NO', 'FALSE'].includes(death))
      reasons.push(`death status ${String(profile.death_status)}`);
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
    evidences.push(
      evidence(
        'partner',
        `${ctx.entity(id)?.display_name}: ${reasons.join('; ')}`,
        'A controlling person whose age or death status suggests a nominee',
        { partner: entityRef(ctx, id), reasons },
        {},
      ),
    );
    observed.push(id);
  }
  return fromEvidences(
    evidences,
    observed,
    unknownAge > 0 ? [limitation(['birth_date', 'age_range_code'], `The age of ${unknownAge} controlling person(s) is unknown.`)] : [],
  );
};

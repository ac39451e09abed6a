import { companiesOf, controllingPersons } from './controlling-persons';
import { nomineePartner } from './evaluate-nominee-partner';
import { sharedAddress } from './evaluate-shared-address';
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

const massPartner: SignalEvaluator = (ctx, rule) => {
  const min = numberParameter(rule, 'min_companies');
  const hits = controllingPersons(ctx)
    .map((id) => ({ id, companies: companiesOf(ctx, id, true) }))
    .filter((x) => x.companies.length >= min);
  const limitations = ctx.snapshot.network.truncated
    ? [limitation(['network.truncated'], 'The network was truncated: company counts may be low.')]
    : [];
  return fromEvidences(
    hits.map((x) =>
      evidence(
        'partner',
        `${ctx.entity(x.id)?.display_name} in ${x.companies.length} companies`,
        `Active partner, owner or administrator of ${x.companies.length} organizations (threshold ${min})`,
        { partner: entityRef(ctx, x.id), company_ids: x.companies },
        { company_count: x.companies.length },
      ),
    ),
    hits.flatMap((x) => [x.id, ...x.companies]),
    limitations,
  );
};

const inactiveCompanies: SignalEvaluator = (ctx, rule) => {
  const statuses = stringList(rule.parameters.statuses);
  const min = numberParameter(rule, 'min_companies');
  const hits = controllingPersons(ctx)
    .map((id) => ({
      id,
      companies: companiesOf(ctx, id, false).filter((c) => c !== ctx.subjectId && statuses.includes(normalizeCode(ctx.entity(c)?.status))),
    }))
    .filter((x) => x.companies.length >= min);
  return fromEvidences(
    hits.map((x) =>
      evidence(
        'partner',
        `${ctx.entity(x.id)?.display_name} linked to ${x.companies.length} irregular companies`,
        'Partner, owner or administrator (now or before) of closed, null, suspended or unfit organizations',
        {
          partner: entityRef(ctx, x.id),
          companies: x.companies.map((c) => ({ ...entityRef(ctx, c), status: ctx.entity(c)?.status ?? null })),
        },
        { company_count: x.companies.length },
      ),
    ),
    hits.flatMap((x) => [x.id, ...x.companies]),
  );
};

export const networkEvaluators: Record<string, SignalEvaluator> = {
  NETWORK_MASS_PARTNER: massPartner,
  NETWORK_NOMINEE_PARTNER: nomineePartner,
  NETWORK_SHARED_ADDRESS: sharedAddress,
  NETWORK_INACTIVE_COMPANIES: inactiveCompanies,
};

import type { Account } from '../../../../../console/src/api/types';
import { quotaStandingOf } from '../../../../../console/src/logic/account-quota';

const account = (over: Partial<Account['usage']>, quotas: Account['plan']['quotas'] = { analyses: 1000 }): Account => ({
  company_uuid: 'c',
  company_name: 'C',
  reporting_institution_cnpj: null,
  api_key: { key_uuid: 'k', scopes: [] },
  person: null,
  plan: {
    code: 'gold',
    features: [],
    quotas,
    limits: { requests_per_second: 10, test_events_per_endpoint_per_minute: 5, webhook_endpoints: 10 },
  },
  usage: { period: '2026-11', resets_at: '2026-12-01T00:00:00.000Z', used: { analyses: 3 }, quotas: {}, ...over },
});

describe("the header's quota standing", () => {
  it.each([
    ['usage.quotas when given', account({ quotas: { analyses: { limit: 10, used: 4, remaining: 6 } } }), { used: 4, limit: 10 }],
    [
      'an unlimited quota',
      account({ quotas: { analyses: { limit: null, used: 4, remaining: null } } }, { analyses: null }),
      { used: 4, limit: null },
    ],
    ['the plan and the use otherwise', account({}), { used: 3, limit: 1000 }],
    ['no quota of the operation', account({ used: {} }, {}), { used: 0, limit: null }],
  ])('%s', (_name, given, expected) => {
    expect(quotaStandingOf(given, 'analyses')).toEqual(expected);
  });
});

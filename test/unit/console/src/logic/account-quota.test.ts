import type { Account } from '../../../../../console/src/api/types';
import { quotaStandingOf } from '../../../../../console/src/logic/account-quota';

const account = (over: Partial<Account['usage']>, quotas: Account['plan']['quotas'] = { analyses: 1000 }): Account => ({
  company_uuid: 'c',
  api_key: { key_uuid: 'k', scopes: [] },
  plan: { code: 'gold', features: [], quotas },
  usage: { period: '2026-11', used: { analyses: 3 }, ...over },
});

describe("the header's quota standing", () => {
  it.each([
    ['usage.quotas when given', account({ quotas: { analyses: { limit: 10, used: 4, remaining: 6 } } }), { used: 4, limit: 10 }],
    ['an unlimited quota', account({ quotas: { analyses: { limit: null, used: 4, remaining: null } } }, { analyses: null }), { used: 4, limit: null }],
    ['the plan and the use otherwise', account({}), { used: 3, limit: 1000 }],
    ['no quota of the operation', account({ used: {} }, {}), { used: 0, limit: null }],
  ])('%s', (_name, given, expected) => {
    expect(quotaStandingOf(given, 'analyses')).toEqual(expected);
  });
});

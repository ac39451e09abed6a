import { z } from 'zod';
import { findCompanyByUuid, getQuotaUsage } from '../../db/repositories/tenancy-repository';
import { quotaPeriod } from '../../domain/tenancy';
import { defineRoute } from '../routing';

export const accountSchema = z.object({
  company_uuid: z.uuid(),
  company_name: z.string(),
  api_key: z.object({ key_uuid: z.uuid(), scopes: z.array(z.string()) }),
  plan: z.object({ code: z.string(), features: z.array(z.string()), quotas: z.record(z.string(), z.number()) }),
  usage: z.object({ period: z.string(), used: z.record(z.string(), z.number()) }),
});
export type Account = z.infer<typeof accountSchema>;

export const accountRoutes = [
  defineRoute({
    method: 'get',
    path: '/account',
    operationId: 'getAccount',
    summary: "The calling key's company, scopes, plan and this month's quota usage",
    tags: ['account'],
    auth: 'any-key',
    responses: { 200: { description: 'account', schema: accountSchema } },
    handler: async ({ auth, deps }) => {
      const period = quotaPeriod(new Date());
      const [company, used] = await Promise.all([findCompanyByUuid(deps.db, auth.companyUuid), getQuotaUsage(deps.db, auth.companyId, period)]);
      const body: Account = {
        company_uuid: auth.companyUuid,
        company_name: company?.name ?? '',
        api_key: { key_uuid: auth.keyUuid, scopes: [...auth.scopes].sort() },
        plan: { code: auth.plan.code, features: [...auth.plan.features].sort(), quotas: auth.plan.quotas },
        usage: { period, used },
      };
      return { status: 200, body };
    },
  }),
];

import { z } from 'zod';
import { findCompanySettings } from '../../db/repositories/company-settings-repository';
import { getQuotaUsage } from '../../db/repositories/tenancy-repository';
import { quotaPeriod } from '../../domain/tenancy';
import { defineRoute } from '../routing';

export const accountSchema = z.object({
  company_uuid: z.uuid(),
  company_name: z.string(),
  api_key: z.object({ key_uuid: z.uuid(), scopes: z.array(z.string()) }),
  plan: z.object({ code: z.string(), features: z.array(z.string()), quotas: z.record(z.string(), z.number()) }),
  usage: z.object({ period: z.string(), used: z.record(z.string(), z.number()) }),
  /** The CNPJ the company's COAF communications are sent under (Siscoaf CPFCNPJCom); set with `ops company update --cnpj`. */
  reporting_institution_cnpj: z.string().nullable(),
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
      const [company, used] = await Promise.all([findCompanySettings(deps.db, auth.companyId), getQuotaUsage(deps.db, auth.companyId, period)]);
      const body: Account = {
        company_uuid: auth.companyUuid,
        company_name: company?.name ?? '',
        api_key: { key_uuid: auth.keyUuid, scopes: [...auth.scopes].sort() },
        plan: { code: auth.plan.code, features: [...auth.plan.features].sort(), quotas: auth.plan.quotas },
        usage: { period, used },
        reporting_institution_cnpj: company?.reporting_institution_cnpj ?? null,
      };
      return { status: 200, body };
    },
  }),
];

import { z } from 'zod';
import { findCompanySettings } from '../../../db/repositories/tenancy/company-settings-repository';
import { getQuotaUsage } from '../../../db/repositories/tenancy/quota-usage-repository';
import { quotaPeriod, quotaPeriodResetsAt, quotaStanding } from '../../../domain/tenancy';
import { limitsOf } from '../../../usecases/tenancy/support/admit-rate';
import { roles } from '../../../domain/roles';
import { defineRoute } from '../../edge/routing';

const quotaStandingSchema = z
  .object({
    limit: z.number().int().nullable().describe('units allowed this period; null: unlimited'),
    used: z.number().int().describe('units used this period'),
    remaining: z.number().int().nullable().describe('units left this period; null: unlimited'),
  })
  .meta({ id: 'QuotaStanding', examples: [{ limit: 1000, used: 42, remaining: 958 }] });

const planLimitsSchema = z
  .object({
    webhook_endpoints: z.number().int().describe('webhook endpoints the company may have (422 limit_exceeded beyond)'),
    test_events_per_endpoint_per_minute: z.number().int().describe('webhook.test events per endpoint per minute (429 rate_limited beyond)'),
    requests_per_second: z
      .number()
      .int()
      .describe('requests per second of each API key (429 rate_limited beyond; RateLimit-* on every answer)'),
  })
  .describe("the limits the company works under: its plan's own values, else the service's defaults")
  .meta({ id: 'PlanLimits', examples: [{ webhook_endpoints: 50, test_events_per_endpoint_per_minute: 10, requests_per_second: 50 }] });

const exampleAccount = {
  company_uuid: '0b9a7c1e-4f7d-4c55-9d1e-6d2f2a0c3b10',
  company_name: 'Banco Exemplo S.A.',
  api_key: { key_uuid: '5c1f3f8e-2b6a-4a8e-8d55-3f0f1e2d4c6b', scopes: ['analyses:read', 'analyses:write'] },
  person: null,
  plan: {
    code: 'gold',
    features: ['analyses', 'analyses_async', 'webhooks'],
    quotas: { analyses: 1000, adverse_media: null },
    limits: { webhook_endpoints: 50, test_events_per_endpoint_per_minute: 10, requests_per_second: 50 },
  },
  usage: {
    period: '2026-11',
    resets_at: '2026-12-01T00:00:00.000Z',
    used: { analyses: 42 },
    quotas: {
      analyses: { limit: 1000, used: 42, remaining: 958 },
      adverse_media: { limit: null, used: 3, remaining: null },
      reports: { limit: 0, used: 0, remaining: 0 },
    },
  },
  reporting_institution_cnpj: '11222333000181',
};

const accountSchema = z
  .object({
    company_uuid: z.uuid(),
    company_name: z.string().describe("the company's name, as the operator registered it"),
    api_key: z
      .object({ key_uuid: z.uuid(), scopes: z.array(z.string()) })
      .nullable()
      .describe('the calling key; null when a signed-in person calls (the console)'),
    person: z
      .object({
        uuid: z.uuid(),
        name: z.string(),
        roles: z.array(z.enum(roles)).describe('the roles the identity provider gave the person (docs/sign-in.md)'),
        scopes: z.array(z.string()).describe("the powers of the person's roles, named as the scopes of a key"),
      })
      .nullable()
      .describe('the signed-in person calling through the console; null when a key calls'),
    plan: z.object({
      code: z.string(),
      features: z.array(z.string()),
      quotas: z.record(z.string(), z.number().int().nullable()).describe('monthly quota per billable operation; null: unlimited'),
      limits: planLimitsSchema,
    }),
    usage: z.object({
      period: z.string().describe('the calendar month (UTC) quotas count in, YYYY-MM'),
      resets_at: z.string().describe('when the period ends and every quota starts again (ISO 8601)'),
      used: z.record(z.string(), z.number().int()),
      quotas: z
        .record(z.string(), quotaStandingSchema)
        .describe('usage against each quota: analyses, adverse_media, reports, watchlist_queries'),
    }),
    reporting_institution_cnpj: z
      .string()
      .nullable()
      .describe(
        "the CNPJ the company's COAF communications are sent under (Siscoaf CPFCNPJCom), 14 characters; null until an operator sets it with `ops company update --cnpj`",
      ),
  })
  .meta({ id: 'Account', examples: [exampleAccount] });
export type Account = z.infer<typeof accountSchema>;

export const accountRoutes = [
  defineRoute({
    method: 'get',
    path: '/account',
    operationId: 'getAccount',
    summary:
      "The calling key's (or signed-in person's) company, scopes, plan (quotas and limits) and this month's usage against each quota",
    description:
      'Any valid key or console session may call it. `usage.quotas` gives, per billable operation, the limit, what was used this calendar month (UTC) and what remains; `usage.resets_at` is when the next period starts (the 429 `Retry-After` counts down to it). `plan.limits` are the limits the company works under (webhook endpoints, test events per endpoint per minute, requests per key per second).',
    tags: ['account'],
    auth: 'any-key',
    responses: { 200: { description: 'account', schema: accountSchema } },
    handler: async ({ auth, actor, deps }) => {
      const now = new Date();
      const period = quotaPeriod(now);
      const [company, used] = await Promise.all([
        findCompanySettings(deps.db, auth.companyId),
        getQuotaUsage(deps.db, auth.companyId, period),
      ]);
      const body: Account = {
        company_uuid: auth.companyUuid,
        company_name: company?.name ?? '',
        api_key: actor.type === 'api_key' ? { key_uuid: actor.id, scopes: [...auth.scopes].sort() } : null,
        person:
          actor.type === 'user' ? { uuid: actor.id, name: actor.name, roles: [...actor.roles], scopes: [...auth.scopes].sort() } : null,
        plan: {
          code: auth.plan.code,
          features: [...auth.plan.features].sort(),
          quotas: auth.plan.quotas,
          limits: limitsOf(auth, deps.config),
        },
        usage: { period, resets_at: quotaPeriodResetsAt(now).toISOString(), used, quotas: quotaStanding(auth.plan.quotas, used) },
        reporting_institution_cnpj: company?.reporting_institution_cnpj ?? null,
      };
      return { status: 200, body };
    },
  }),
];

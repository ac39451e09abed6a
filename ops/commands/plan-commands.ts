import { z } from 'zod';
import { listPlans } from '../../db/repositories/tenancy/tenancy-admin-repository';
import { planLimitNames, type PlanLimits } from '../../domain/plan-limits';
import { billableOperations, type PlanQuotas, planFeatures } from '../../domain/tenancy';
import { createPlan } from '../../usecases/tenancy/create-plan';
import { updatePlan } from '../../usecases/tenancy/update-plan';
import { commaList, defineCommand, type FlagSpec } from '../command';

/** `analyses=100,adverse_media=unlimited`: a monthly limit per billable operation, or unlimited (null). */
const quotaList = z.string().transform((value, ctx) => {
  const quotas: PlanQuotas = {};
  for (const part of value
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean)) {
    const match = /^([a-z_]+)=(\d+|unlimited)$/.exec(part);
    if (!match || !(billableOperations as readonly string[]).includes(match[1])) {
      ctx.addIssue({
        code: 'custom',
        message: `"${part}" is not <operation>=<monthly limit | unlimited> with operation one of ${billableOperations.join(', ')}`,
      });
      return z.NEVER;
    }
    quotas[match[1]] = match[2] === 'unlimited' ? null : Number(match[2]);
  }
  return quotas;
});

/** `webhook_endpoints=200,requests_per_second=20`: a plan's own values of the configured limits. */
const limitList = z.string().transform((value, ctx) => {
  const limits: PlanLimits = {};
  for (const part of value
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean)) {
    const match = /^([a-z_]+)=(\d+)$/.exec(part);
    if (!match || !(planLimitNames as readonly string[]).includes(match[1])) {
      ctx.addIssue({ code: 'custom', message: `"${part}" is not <limit>=<value> with limit one of ${planLimitNames.join(', ')}` });
      return z.NEVER;
    }
    limits[match[1] as keyof PlanLimits] = Number(match[2]);
  }
  return limits;
});

const features = commaList.pipe(z.array(z.enum(planFeatures)));
const code = z.string().regex(/^[a-z0-9][a-z0-9_-]{0,63}$/, 'lowercase letters, digits, - and _');
const flags = {
  code: { type: 'string', value: '<code>', help: 'the plan code (lowercase letters, digits, - and _)', required: true },
  features: { type: 'string', value: '<list>', help: `comma list of ${planFeatures.join(', ')}` },
  quota: {
    type: 'string',
    value: '<op=limit,…>',
    help: `monthly quota per operation (${billableOperations.join(', ')}): a number or unlimited; an operation not listed has none`,
  },
  limits: {
    type: 'string',
    value: '<name=value,…>',
    help: `the plan's own ${planLimitNames.join(', ')}; a limit not listed keeps the configured default`,
  },
} satisfies Record<string, FlagSpec>;

export const planCreate = defineCommand({
  name: ['plan', 'create'],
  summary: 'Create a plan (an existing code is refused: use plan update)',
  flags: { ...flags, features: { ...flags.features, required: true } },
  examples: [
    'plan create --code gold --features analyses,analyses_async,webhooks --quota analyses=1000,adverse_media=unlimited,reports=50 --limits webhook_endpoints=200 --json',
  ],
  options: z.object({ code, features, quota: quotaList.default({}), limits: limitList.default({}) }),
  run: async ({ options, db, actor }) => {
    await createPlan({ db: await db() }, actor, {
      code: options.code,
      features: options.features,
      quotas: options.quota,
      limits: options.limits,
    });
    return { plan_code: options.code, features: options.features, quotas: options.quota, limits: options.limits };
  },
});

export const planUpdate = defineCommand({
  name: ['plan', 'update'],
  summary: 'Change a plan: only the flags given change (quotas and limits merge per name)',
  flags: {
    ...flags,
    quota: { ...flags.quota, help: 'monthly quotas to change, per operation (others keep theirs): a number, 0, or unlimited' },
    limits: { ...flags.limits, help: `limits to change (${planLimitNames.join(', ')}); others keep theirs` },
  },
  examples: [
    'plan update --code gold --quota analyses=5000 --json',
    'plan update --code gold --features analyses,analyses_async,webhooks,reports',
    'plan update --code gold --limits requests_per_second=100',
  ],
  options: z
    .object({ code, features: features.optional(), quota: quotaList.optional(), limits: limitList.optional() })
    .refine((o) => o.features !== undefined || o.quota !== undefined || o.limits !== undefined, {
      message: 'give --features, --quota and/or --limits: nothing to change',
      path: ['code'],
    }),
  run: async ({ options, db, actor }) => {
    const plan = await updatePlan({ db: await db() }, actor, {
      code: options.code,
      features: options.features,
      quotas: options.quota,
      limits: options.limits,
    });
    return { plan_code: plan.code, features: plan.features, quotas: plan.quotas, limits: plan.limits };
  },
});

export const planList = defineCommand({
  name: ['plan', 'list'],
  summary: 'List the plans with their features, quotas, own limits and number of companies',
  flags: {},
  examples: ['plan list --json'],
  options: z.object({}),
  run: async ({ db }) => {
    const plans = await listPlans(await db());
    return {
      count: plans.length,
      plans: plans.map((p) => ({ plan_code: p.code, features: p.features, quotas: p.quotas, limits: p.limits, companies: p.companies })),
    };
  },
});

import { z } from 'zod';
import { createApiKey, createCompany, revokeApiKey, upsertPlan } from '../../db/repositories/tenancy-repository';
import { planLimitNames, type PlanLimits } from '../../domain/plan-limits';
import { billableOperations, parseScopes, planFeatures } from '../../domain/tenancy';
import { commaList, defineCommand } from '../command';

const quotaList = z.string().transform((value, ctx) => {
  const quotas: Record<string, number> = {};
  for (const part of value.split(',').map((p) => p.trim()).filter(Boolean)) {
    const match = /^([a-z_]+)=(\d+)$/.exec(part);
    if (!match || !(billableOperations as readonly string[]).includes(match[1])) {
      ctx.addIssue({ code: 'custom', message: `"${part}" is not <operation>=<monthly limit> with operation one of ${billableOperations.join(', ')}` });
      return z.NEVER;
    }
    quotas[match[1]] = Number(match[2]);
  }
  return quotas;
});

const limitList = z.string().transform((value, ctx) => {
  const limits: PlanLimits = {};
  for (const part of value.split(',').map((p) => p.trim()).filter(Boolean)) {
    const match = /^([a-z_]+)=(\d+)$/.exec(part);
    if (!match || !(planLimitNames as readonly string[]).includes(match[1])) {
      ctx.addIssue({ code: 'custom', message: `"${part}" is not <limit>=<value> with limit one of ${planLimitNames.join(', ')}` });
      return z.NEVER;
    }
    limits[match[1] as keyof PlanLimits] = Number(match[2]);
  }
  return limits;
});

export const planCreate = defineCommand({
  name: ['plan', 'create'],
  summary: 'Create a plan, or update the plan with this code',
  flags: ['--code <code>', `--features <list of ${planFeatures.join('|')}>`, '--quota <op=limit,...> (monthly, per billable operation)', `--limits <name=value,...> (optional; overrides the configured ${planLimitNames.join(', ')})`],
  options: z.object({
    code: z.string().regex(/^[a-z0-9][a-z0-9_-]{0,63}$/, 'lowercase letters, digits, - and _'),
    features: commaList.pipe(z.array(z.enum(planFeatures))).default([]),
    quota: quotaList.default({}),
    limits: limitList.default({}),
  }),
  run: async ({ options, db }) => {
    const plan = await upsertPlan(await db(), { code: options.code, features: options.features, quotas: options.quota, limits: options.limits });
    return { plan_code: plan.code, features: options.features, quotas: options.quota, ...(Object.keys(options.limits).length ? { limits: options.limits } : {}) };
  },
});

export const companyCreate = defineCommand({
  name: ['company', 'create'],
  summary: 'Create a company on a plan',
  flags: ['--name <name>', '--plan <plan code>'],
  options: z.object({ name: z.string().min(1).max(256), plan: z.string().min(1) }),
  run: async ({ options, db }) => {
    const company = await createCompany(await db(), { name: options.name, planCode: options.plan });
    return { company_uuid: company.uuid, name: company.name, plan_code: options.plan };
  },
});

export const keyCreate = defineCommand({
  name: ['key', 'create'],
  summary: 'Create an API key (printed once; only its hash is stored)',
  flags: ['--company <company uuid>', '--scopes <comma list>', '--expires-at <ISO 8601> (optional)', '--name <label> (optional)'],
  options: z.object({
    company: z.uuid(),
    scopes: z.string().transform((value, ctx) => {
      const { valid, unknown } = parseScopes(value);
      if (unknown.length > 0 || valid.length === 0) {
        ctx.addIssue({ code: 'custom', message: unknown.length ? `unknown scopes: ${unknown.join(', ')}` : 'at least one scope' });
        return z.NEVER;
      }
      return valid;
    }),
    // A key born expired could never authenticate: refused rather than silently useless.
    'expires-at': z.iso.datetime({ offset: true }).refine((v) => new Date(v).getTime() > Date.now(), 'is in the past; give a future instant or leave it out').optional(),
    name: z.string().max(128).optional(),
  }),
  run: async ({ options, db }) => {
    const expiresAt = options['expires-at'] ? new Date(options['expires-at']) : null;
    const key = await createApiKey(await db(), { companyUuid: options.company, scopes: options.scopes, expiresAt, name: options.name });
    return { key_uuid: key.keyUuid, api_key: key.apiKey, scopes: options.scopes, expires_at: expiresAt?.toISOString() ?? null };
  },
});

export const keyRevoke = defineCommand({
  name: ['key', 'revoke'],
  summary: 'Revoke an API key at once',
  flags: ['--key <key uuid>'],
  options: z.object({ key: z.uuid() }),
  run: async ({ options, db }) => {
    const revoked = await revokeApiKey(await db(), options.key);
    return { key_uuid: revoked.keyUuid, revoked_at: revoked.revokedAt };
  },
});

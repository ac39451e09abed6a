import { z } from 'zod';
import { listCompanies } from '../../db/repositories/tenancy/tenancy-admin-repository';
import { tryParseDocument } from '../../domain/documents/parse-document';
import { parseReviewMonths } from '../../domain/monitoring/review-months-setting';
import { startMonitorReviewReschedule } from '../../usecases/monitoring/reschedule-monitor-reviews';
import { createCompany } from '../../usecases/tenancy/create-company';
import { updateCompany } from '../../usecases/tenancy/update-company';
import { defineCommand } from '../command';
import { withOpsTemporal } from '../temporal-connection';

/**
 * The company's own CNPJ — the reporting institution of its COAF communications (Siscoaf
 * CPFCNPJCom; GET /account shows it): as typed (12.345.678/0001-95, alphanumeric too), stored as
 * its 14 characters; `none` clears it.
 */
const cnpj = z.string().transform((value, ctx) => {
  if (value === 'none') return null;
  const parsed = tryParseDocument(value);
  if (parsed?.kind !== 'cnpj') {
    ctx.addIssue({ code: 'custom', message: `"${value}" is not a valid CNPJ (numeric or alphanumeric, check digits; "none" clears it)` });
    return z.NEVER;
  }
  return parsed.value;
});

/**
 * The months between a monitor's periodic reviews per last risk level (docs/monitoring.md,
 * "Schedules"): `critical=2,high=4` (levels not named keep the default), or `default`.
 */
const reviewMonths = z.string().transform((value, ctx) => {
  const parsed = parseReviewMonths(value);
  if (!parsed.ok) {
    ctx.addIssue({ code: 'custom', message: parsed.error });
    return z.NEVER;
  }
  return parsed.value;
});

export const companyCreate = defineCommand({
  name: ['company', 'create'],
  summary: 'Create a company on a plan',
  flags: {
    name: { type: 'string', value: '<name>', help: 'the company name', required: true },
    plan: { type: 'string', value: '<plan code>', help: 'its plan (ops plan list)', required: true },
    cnpj: { type: 'string', value: '<cnpj>', help: 'its own CNPJ: the reporting institution of its COAF reports' },
  },
  examples: ['company create --name "Banco Exemplo S.A." --plan gold --cnpj 11.222.333/0001-81 --json'],
  options: z.object({ name: z.string().min(1).max(256), plan: z.string().min(1), cnpj: cnpj.optional() }),
  run: async ({ options, db, actor }) => {
    const company = await createCompany({ db: await db() }, actor, {
      name: options.name,
      planCode: options.plan,
      reportingInstitutionCnpj: options.cnpj,
    });
    return { company_uuid: company.uuid, name: company.name, plan_code: options.plan, reporting_institution_cnpj: options.cnpj ?? null };
  },
});

export const companyUpdate = defineCommand({
  name: ['company', 'update'],
  summary:
    'Change a company (name, plan, the reporting institution CNPJ of its COAF reports, the review months of its monitors): only the flags given change',
  flags: {
    company: { type: 'string', value: '<company uuid>', help: 'the company', required: true },
    name: { type: 'string', value: '<name>', help: 'a new name' },
    plan: { type: 'string', value: '<plan code>', help: 'move it to another plan' },
    cnpj: { type: 'string', value: '<cnpj | none>', help: 'its own CNPJ (Siscoaf CPFCNPJCom; GET /account shows it); none clears it' },
    'review-months': {
      type: 'string',
      value: '<level=months,… | default>',
      help: "months between its monitors' periodic reviews per last risk level, 1–120 (defaults critical=3,high=6,medium=12,low=24); default resets all",
    },
  },
  examples: [
    'company update --company 0b9a7c1e-4f7d-4c55-9d1e-6d2f2a0c3b10 --cnpj 11.222.333/0001-81 --json',
    'company update --company 0b9a7c1e-4f7d-4c55-9d1e-6d2f2a0c3b10 --review-months critical=1,high=3 --json',
  ],
  options: z
    .object({
      company: z.uuid(),
      name: z.string().min(1).max(256).optional(),
      plan: z.string().min(1).optional(),
      cnpj: cnpj.optional(),
      'review-months': reviewMonths.optional(),
    })
    .refine((o) => o.name !== undefined || o.plan !== undefined || o.cnpj !== undefined || o['review-months'] !== undefined, {
      message: 'give --name, --plan, --cnpj and/or --review-months: nothing to change',
      path: ['company'],
    }),
  run: async ({ options, db, actor }) => {
    const company = await updateCompany({ db: await db() }, actor, {
      companyUuid: options.company,
      name: options.name,
      planCode: options.plan,
      reportingInstitutionCnpj: options.cnpj,
      monitoringReviewMonths: options['review-months'],
    });
    const base = {
      company_uuid: company.uuid,
      name: company.name,
      plan_code: company.plan_code,
      reporting_institution_cnpj: company.reporting_institution_cnpj,
      monitoring_review_months: company.monitoring_review_months,
    };
    if (options['review-months'] === undefined) return base;
    // The sleeping monitors follow the new months now, not at their next check. The setting stands
    // whatever happens here (it committed); a start that cannot reach Temporal says how to start it later.
    const retry = `ops monitoring reschedule-reviews --company ${company.uuid}`;
    try {
      const started = await withOpsTemporal((temporal) => startMonitorReviewReschedule({ temporal }, actor, { companyUuid: company.uuid }));
      return { ...base, review_reschedule: { started: true, workflow_id: started.workflow_id } };
    } catch (error) {
      return { ...base, review_reschedule: { started: false, error: (error as Error).message, retry } };
    }
  },
});

export const companyList = defineCommand({
  name: ['company', 'list'],
  summary: 'List the companies, newest first, with plan, reporting institution CNPJ and number of active keys',
  flags: { plan: { type: 'string', value: '<plan code>', help: 'only the companies of this plan' } },
  examples: ['company list --plan gold --json'],
  options: z.object({ plan: z.string().min(1).optional() }),
  run: async ({ options, db }) => {
    const companies = await listCompanies(await db(), { plan: options.plan });
    return { count: companies.length, companies: companies.map(({ uuid, ...rest }) => ({ company_uuid: uuid, ...rest })) };
  },
});

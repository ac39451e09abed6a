import { createWriteStream } from 'node:fs';
import { once } from 'node:events';
import { z } from 'zod';
import { findCompanyByUuid } from '../../db/repositories/tenancy/tenancy-repository';
import { NotFoundError } from '../../domain/errors';
import { exportAuditEventLines } from '../../usecases/audit/export-audit-events';
import { verifyStoredAuditChain } from '../../usecases/audit/verify-audit-chain';
import { defineCommand } from '../command';

/**
 * The audit trail offline (docs/people-and-cases.md, "How to verify"): the same verification as
 * GET /audit-events/verify, for one company's chain (`--company`) or the service chain
 * (`--service`: writes that belong to no company, such as plans).
 */
const chainFlags = {
  company: { type: 'string', value: '<company uuid>', help: 'the company whose chain to read (or --service)' },
  service: { type: 'boolean', help: 'the service chain: writes that belong to no company (or --company)' },
} as const;

const chainOptions = {
  company: z.uuid().optional(),
  service: z.boolean().optional(),
};

const exactlyOneChain = (o: { company?: string; service?: boolean }) => (o.company === undefined) !== (o.service !== true);

async function chainCompanyId(knex: Parameters<typeof findCompanyByUuid>[0], company: string | undefined): Promise<number | null> {
  if (company === undefined) return null;
  const found = await findCompanyByUuid(knex, company);
  if (!found) throw new NotFoundError('company');
  return Number(found.id);
}

export const auditVerify = defineCommand({
  name: ['audit', 'verify'],
  summary: "Recompute a company's audit chain from the database and report the first broken link",
  flags: chainFlags,
  examples: ['audit verify --company 0b9a7c1e-4f7d-4c55-9d1e-6d2f2a0c3b10 --json', 'audit verify --service --json'],
  options: z.object(chainOptions).refine(exactlyOneChain, { message: 'give exactly one of --company or --service', path: ['company'] }),
  run: async ({ options, db, actor }) => {
    const knex = await db();
    const companyId = await chainCompanyId(knex, options.company);
    const result = await verifyStoredAuditChain({ db: knex }, actor, { companyId });
    return { company_uuid: options.company ?? null, ...result };
  },
});

export const auditExport = defineCommand({
  name: ['audit', 'export'],
  summary: "Write a company's audit chain to a file as JSON lines (oldest first, each event with its chain link)",
  flags: { ...chainFlags, out: { type: 'string', value: '<file>', help: 'where to write it (replaced if it exists)', required: true } },
  examples: ['audit export --company 0b9a7c1e-4f7d-4c55-9d1e-6d2f2a0c3b10 --out audit.jsonl --json'],
  options: z
    .object({ ...chainOptions, out: z.string().min(1) })
    .refine(exactlyOneChain, { message: 'give exactly one of --company or --service', path: ['company'] }),
  run: async ({ options, db, actor }) => {
    const knex = await db();
    const companyId = await chainCompanyId(knex, options.company);
    const out = createWriteStream(options.out);
    let events = 0;
    let bytes = 0;
    for await (const lines of exportAuditEventLines({ db: knex }, actor, { companyId })) {
      events += lines.split('\n').length - 1;
      bytes += Buffer.byteLength(lines);
      if (!out.write(lines)) await once(out, 'drain');
    }
    out.end();
    await once(out, 'finish');
    return { company_uuid: options.company ?? null, out: options.out, events, bytes };
  },
});

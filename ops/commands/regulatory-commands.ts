import { readFileSync } from 'node:fs';
import { z } from 'zod';
import { importRegulatoryCodes } from '../../usecases/reports/import-regulatory-codes';
import { defineCommand } from '../command';

/**
 * The institution's Siscoaf code tables (docs/reports.md, "Code tables"): the compliance
 * officer exports TpEnv and CodEnq from Siscoaf; loaded here, they confirm the codes a coaf_cos
 * proposes. A table in the file replaces the company's table of that name.
 */
export const regulatoryCodesImport = defineCommand({
  name: ['regulatory', 'codes', 'import'],
  summary: "Load a company's Siscoaf code tables (TpEnv, CodEnq) from a CSV with header table,code,description",
  flags: {
    company: { type: 'string', value: '<company uuid>', help: 'the company (the reporting institution)', required: true },
    file: { type: 'string', value: '<csv>', help: 'the CSV: table,code,description; table TpEnv or CodEnq', required: true, path: 'file' },
  },
  examples: ['regulatory codes import --company 0b9a7c1e-4f7d-4c55-9d1e-6d2f2a0c3b10 --file siscoaf-codes.csv --json'],
  options: z.object({ company: z.uuid(), file: z.string().min(1) }),
  run: async ({ options, db, actor }) => {
    const result = await importRegulatoryCodes({ db: await db() }, actor, {
      companyUuid: options.company,
      csv: readFileSync(options.file, 'utf8'),
    });
    return { company_uuid: options.company, tables: result.tables };
  },
});

import { z } from 'zod';
import { importBods, importCnpj, importFamily, importMedia, importPep, importProceedings, importSanctions } from '../../importers';
import { createProgress } from '../../importers/support/progress';
import { defineCommand } from '../command';

const file = z.string().min(1);

function options(ctx: { interactive: boolean; log: (m: string) => void }) {
  return { progressFactory: ctx.interactive ? (total: number) => createProgress(total) : undefined, log: ctx.log };
}

export const importCnpjCommand = defineCommand({
  name: ['import', 'cnpj'],
  summary: "Import a Receita Federal open CNPJ release (plain files or the published zips)",
  flags: ['--dir <folder with *.EMPRECSV, *.ESTABELE, *.SOCIOCSV, *SIMPLES*, code tables, or zips>'],
  options: z.object({ dir: file }),
  run: async (ctx) => importCnpj(await ctx.db(), { dir: ctx.options.dir, ...options(ctx) }),
});

export const importPepCommand = defineCommand({
  name: ['import', 'pep'],
  summary: "Import CGU's PEP list (CSV, ;-separated, ISO-8859-1)",
  flags: ['--file <csv>'],
  options: z.object({ file }),
  run: async (ctx) => importPep(await ctx.db(), { file: ctx.options.file, ...options(ctx) }),
});

export const importSanctionsCommand = defineCommand({
  name: ['import', 'sanctions'],
  summary: 'Import a CEIS or CNEP download (columns mapped by header name)',
  flags: ['--list <ceis|cnep>', '--file <csv>'],
  options: z.object({ list: z.enum(['ceis', 'cnep']), file }),
  run: async (ctx) => importSanctions(await ctx.db(), ctx.options.list, { file: ctx.options.file, ...options(ctx) }),
});

export const importBodsCommand = defineCommand({
  name: ['import', 'bods'],
  summary: 'Import Beneficial Ownership Data Standard statements (0.4 records or 0.2/0.3 statements; JSON array or JSON lines)',
  flags: ['--file <json>'],
  options: z.object({ file }),
  run: async (ctx) => importBods(await ctx.db(), { file: ctx.options.file, ...options(ctx) }),
});

export const importProceedingsCommand = defineCommand({
  name: ['import', 'proceedings'],
  summary: 'Import administrative proceedings (JSON lines, docs/importers.md)',
  flags: ['--file <jsonl>'],
  options: z.object({ file }),
  run: async (ctx) => importProceedings(await ctx.db(), { file: ctx.options.file, ...options(ctx) }),
});

export const importMediaCommand = defineCommand({
  name: ['import', 'media'],
  summary: 'Import an adverse-media corpus (JSON lines, docs/importers.md)',
  flags: ['--file <jsonl>'],
  options: z.object({ file }),
  run: async (ctx) => importMedia(await ctx.db(), { file: ctx.options.file, ...options(ctx) }),
});

export const importFamilyCommand = defineCommand({
  name: ['import', 'family'],
  summary: 'Import family ties (JSON lines, docs/importers.md) as FAMILY_OF relationships',
  flags: ['--file <jsonl>'],
  options: z.object({ file }),
  run: async (ctx) => importFamily(await ctx.db(), { file: ctx.options.file, ...options(ctx) }),
});

export const importCommands = [importCnpjCommand, importPepCommand, importSanctionsCommand, importBodsCommand, importProceedingsCommand, importMediaCommand, importFamilyCommand];

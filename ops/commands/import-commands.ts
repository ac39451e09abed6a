import { z } from 'zod';
import { createProgress } from '../../importers/support/progress';
import { defineCommand, type FlagSpec } from '../command';
import { fanOutAfterImport } from './monitoring-commands';

/** The importers load when an import runs: `ops --help` and every other command start without them (docs/operations.md). */
const importers = () => import('../../importers');

const file = z.string().min(1);
const progressInterval = z.coerce.number().min(0.1).max(3600).default(5);
const progressFlag: FlagSpec = {
  type: 'string',
  value: '<seconds>',
  help: 'how often a JSON progress line is written when stderr is not a terminal (default 5)',
};
const fileFlag = (what: string): FlagSpec => ({ type: 'string', value: '<file>', help: what, required: true, path: 'file' });

/** Progress on stderr: a bar on a terminal, otherwise a JSON line every few seconds and at each phase. */
function options(ctx: { options: { 'progress-interval': number }; log: (m: string) => void }, kind: string) {
  return {
    progressFactory: (total: number) => createProgress(total, { kind, intervalSeconds: ctx.options['progress-interval'] }),
    log: ctx.log,
  };
}

const importCnpjCommand = defineCommand({
  name: ['import', 'cnpj'],
  connectsAsOwner: true,
  summary: 'Import a Receita Federal open CNPJ release (plain files or the published zips)',
  flags: {
    dir: {
      type: 'string',
      value: '<folder>',
      help: 'the release: *.EMPRECSV, *.ESTABELE, *.SOCIOCSV, *SIMPLES*, code tables, or the zips',
      required: true,
      path: 'dir',
    },
    'progress-interval': progressFlag,
  },
  examples: ['import cnpj --dir ~/Downloads/cnpj-2026-11 --json'],
  options: z.object({ dir: file, 'progress-interval': progressInterval }),
  run: async (ctx) =>
    fanOutAfterImport(
      await (await importers()).importCnpj(await ctx.db(), { dir: ctx.options.dir, ...options(ctx, 'cnpj') }),
      ctx.actor,
      ctx.log,
    ),
});

const importPepCommand = defineCommand({
  name: ['import', 'pep'],
  connectsAsOwner: true,
  summary: "Import CGU's PEP list (CSV, ;-separated, ISO-8859-1)",
  flags: { file: fileFlag('the CSV download'), 'progress-interval': progressFlag },
  examples: ['import pep --file 202611_PEP.csv --json'],
  options: z.object({ file, 'progress-interval': progressInterval }),
  run: async (ctx) =>
    fanOutAfterImport(
      await (await importers()).importPep(await ctx.db(), { file: ctx.options.file, ...options(ctx, 'pep') }),
      ctx.actor,
      ctx.log,
    ),
});

const importSanctionsCommand = defineCommand({
  name: ['import', 'sanctions'],
  connectsAsOwner: true,
  summary: 'Import a CEIS, CNEP, CEPIM or CEAF download (columns mapped by header name; CEPIM and CEAF are versioned lists)',
  flags: {
    list: { type: 'string', value: '<ceis|cnep|cepim|ceaf>', help: 'which list the file is (its header must match)', required: true },
    file: fileFlag('the CSV download'),
    version: {
      type: 'string',
      value: '<YYYY-MM-DD>',
      help: "cepim and ceaf: the download's date, when the file name does not start with it (YYYYMMDD_CEPIM.csv)",
    },
    'progress-interval': progressFlag,
  },
  examples: [
    'import sanctions --list ceis --file 20261101_CEIS.csv --json',
    'import sanctions --list cepim --file 20261101_CEPIM.csv --json',
  ],
  options: z.object({
    list: z.enum(['ceis', 'cnep', 'cepim', 'ceaf']),
    file,
    version: z.string().optional(),
    'progress-interval': progressInterval,
  }),
  run: async (ctx) => {
    if (ctx.options.version && (ctx.options.list === 'ceis' || ctx.options.list === 'cnep'))
      throw new Error(`--version applies to cepim and ceaf only (${ctx.options.list.toUpperCase()} is not a versioned list)`);
    return fanOutAfterImport(
      await (
        await importers()
      ).importSanctions(await ctx.db(), ctx.options.list, {
        file: ctx.options.file,
        version: ctx.options.version,
        ...options(ctx, ctx.options.list),
      }),
      ctx.actor,
      ctx.log,
    );
  },
});

const importWatchlistCommand = defineCommand({
  name: ['import', 'watchlist'],
  connectsAsOwner: true,
  summary:
    'Import a UN, OFAC SDN or EU sanctions list (the XML its publisher serves); a newer version replaces the list, the same or an older one changes nothing',
  flags: {
    list: {
      type: 'string',
      value: '<un|ofac_sdn|eu_fsf>',
      help: 'un: the UN Security Council Consolidated List; ofac_sdn: sdn.xml; eu_fsf: the EU Financial Sanctions Files XML',
      required: true,
    },
    file: fileFlag('the XML download (or a zip holding exactly it)'),
    'progress-interval': progressFlag,
  },
  examples: ['import watchlist --list un --file consolidated.xml --json', 'import watchlist --list ofac_sdn --file sdn.xml --json'],
  options: z.object({ list: z.enum(['un', 'ofac_sdn', 'eu_fsf']), file, 'progress-interval': progressInterval }),
  run: async (ctx) =>
    fanOutAfterImport(
      await (
        await importers()
      ).importWatchlist(await ctx.db(), ctx.options.list, { file: ctx.options.file, ...options(ctx, ctx.options.list) }),
      ctx.actor,
      ctx.log,
    ),
});

const importBodsCommand = defineCommand({
  name: ['import', 'bods'],
  connectsAsOwner: true,
  summary: 'Import Beneficial Ownership Data Standard statements (0.4 records or 0.2/0.3 statements; JSON array or JSON lines)',
  flags: { file: fileFlag('statements: a JSON array or JSON lines'), 'progress-interval': progressFlag },
  examples: ['import bods --file ownership.json --json'],
  options: z.object({ file, 'progress-interval': progressInterval }),
  run: async (ctx) =>
    fanOutAfterImport(
      await (await importers()).importBods(await ctx.db(), { file: ctx.options.file, ...options(ctx, 'bods') }),
      ctx.actor,
      ctx.log,
    ),
});

const importProceedingsCommand = defineCommand({
  name: ['import', 'proceedings'],
  connectsAsOwner: true,
  summary: 'Import administrative proceedings (JSON lines, docs/importers.md)',
  flags: { file: fileFlag('JSON lines, one record a line'), 'progress-interval': progressFlag },
  examples: ['import proceedings --file proceedings.jsonl --json'],
  options: z.object({ file, 'progress-interval': progressInterval }),
  run: async (ctx) =>
    fanOutAfterImport(
      await (await importers()).importProceedings(await ctx.db(), { file: ctx.options.file, ...options(ctx, 'proceedings') }),
      ctx.actor,
      ctx.log,
    ),
});

const importMediaCommand = defineCommand({
  name: ['import', 'media'],
  connectsAsOwner: true,
  summary: 'Import an adverse-media corpus (JSON lines, docs/importers.md)',
  flags: { file: fileFlag('JSON lines, one record a line'), 'progress-interval': progressFlag },
  examples: ['import media --file media.jsonl --json'],
  options: z.object({ file, 'progress-interval': progressInterval }),
  run: async (ctx) =>
    fanOutAfterImport(
      await (await importers()).importMedia(await ctx.db(), { file: ctx.options.file, ...options(ctx, 'media') }),
      ctx.actor,
      ctx.log,
    ),
});

const importFamilyCommand = defineCommand({
  name: ['import', 'family'],
  connectsAsOwner: true,
  summary: 'Import family ties (JSON lines, docs/importers.md) as FAMILY_OF relationships',
  flags: { file: fileFlag('JSON lines, one record a line'), 'progress-interval': progressFlag },
  examples: ['import family --file family.jsonl --json'],
  options: z.object({ file, 'progress-interval': progressInterval }),
  run: async (ctx) =>
    fanOutAfterImport(
      await (await importers()).importFamily(await ctx.db(), { file: ctx.options.file, ...options(ctx, 'family') }),
      ctx.actor,
      ctx.log,
    ),
});

export const importCommands = [
  importCnpjCommand,
  importPepCommand,
  importSanctionsCommand,
  importWatchlistCommand,
  importBodsCommand,
  importProceedingsCommand,
  importMediaCommand,
  importFamilyCommand,
];

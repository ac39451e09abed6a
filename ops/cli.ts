import { z } from 'zod';
import { loadOpsConfig, OpsConfig } from '../config/ops-config';
import { DomainError } from '../domain/errors';
import type { OpsCommand } from './command';
import { opsCommands } from './commands';
import { openOpsDatabase } from './database';

/**
 * `npm run --silent ops -- <command> [flags] [--json]`: exactly one JSON object on stdout,
 * logs on stderr, exit 0 on success and non-zero with a one-line message otherwise.
 */
export function parseArgv(argv: string[]): { words: string[]; flags: Record<string, string | true> } {
  const words: string[] = [];
  const flags: Record<string, string | true> = {};
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg.startsWith('--')) {
      const [name, inline] = arg.slice(2).split(/=(.*)/s, 2);
      if (inline !== undefined) flags[name] = inline;
      else if (i + 1 < argv.length && !argv[i + 1].startsWith('--')) flags[name] = argv[++i];
      else flags[name] = true;
    } else words.push(arg);
  }
  return { words, flags };
}

const footer = `Every command takes --help.
Without DATABASE_URL the commands act on the database of \`npm start\` (PGPORT, STACK_DATA_DIR);
\`npm run ops\` starts it for the command when \`npm start\` is not running. Operations guide:
docs/operations.md. The API reference is served by the api itself: /docs, and /openapi.json.
`;

function helpText(commands: OpsCommand<any>[], prefix: string[] = []): string {
  const matching = commands.filter((c) => prefix.every((w, i) => c.name[i] === w));
  if (matching.length === 1 && matching[0].name.length === prefix.length) {
    const c = matching[0];
    return `ops ${c.name.join(' ')} — ${c.summary}\n\nFlags:\n${c.flags.map((f) => `  ${f}`).join('\n')}\n  --json  print exactly one JSON object on stdout\n  --help  this text\n`;
  }
  return `Usage: npm run --silent ops -- <command> [flags] --json\n\nCommands:\n${matching.map((c) => `  ${c.name.join(' ').padEnd(24)} ${c.summary}`).join('\n')}\n\n${footer}`;
}

/**
 * `beforeDatabase` runs once, when a command first needs the database: `npm run ops` uses it to
 * start the local stack's PostgreSQL only for the commands that use one (scripts/ops.ts).
 */
export async function runCli(argv: string[], hooks: { beforeDatabase?: (config: OpsConfig) => Promise<OpsConfig> } = {}): Promise<number> {
  const { words, flags } = parseArgv(argv);
  const command = opsCommands.find((c) => c.name.length === words.length && c.name.every((w, i) => w === words[i]));
  if (flags.help || !command) {
    process.stderr.write(helpText(opsCommands, flags.help ? words : words.slice(0, 1).filter((w) => opsCommands.some((c) => c.name[0] === w))));
    if (flags.help) return 0;
    process.stderr.write(words.length ? `\nerror: unknown command "${words.join(' ')}"\n` : '');
    return 2;
  }
  const json = flags.json === true;
  const { json: _json, ...rest } = flags;
  const parsed = command.options.safeParse(rest);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i: z.core.$ZodIssue) => `--${i.path.join('.') || '?'}: ${i.message}`).join('; ');
    return fail(json, `invalid flags: ${problems}`, 2);
  }
  const log = (message: string) => process.stderr.write(`${message}\n`);
  let database: Awaited<ReturnType<typeof openOpsDatabase>> | undefined;
  try {
    const config = loadOpsConfig();
    const result = await command.run({
      options: parsed.data,
      db: async () => (database ??= await openOpsDatabase(hooks.beforeDatabase ? await hooks.beforeDatabase(config) : config)).db,
      log,
      interactive: Boolean(process.stderr.isTTY),
    });
    process.stdout.write(json ? `${JSON.stringify(result)}\n` : `${JSON.stringify(result, null, 2)}\n`);
    return 0;
  } catch (error) {
    const message = error instanceof DomainError || error instanceof z.ZodError ? error.message : `${(error as Error).message ?? error}`;
    return fail(json, message, 1);
  } finally {
    await database?.close();
  }
}

function fail(json: boolean, message: string, code: number): number {
  process.stderr.write(`error: ${message}\n`);
  if (json) process.stdout.write(`${JSON.stringify({ error: message })}\n`);
  return code;
}

if (require.main === module) {
  runCli(process.argv.slice(2)).then((code) => process.exit(code));
}

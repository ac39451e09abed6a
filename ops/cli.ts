import { statSync } from 'node:fs';
import { userInfo } from 'node:os';
import { z } from 'zod';
import { ConfigError } from '../config/config';
import { loadOpsConfig, OpsConfig } from '../config/ops-config';
import { DomainError } from '../domain/errors';
import type { OpsCommand } from './command';
import { opsCommands } from './commands';
import { openOpsDatabase } from './database';
import { helpText } from './help-text';
import { operatorOf } from './operator';
import { parseCommandLine } from './parse-command-line';

/**
 * `npm run --silent ops -- <command> [flags] [--json]`: exactly one JSON object on stdout, logs on
 * stderr; exit 0 on success, 1 when the command failed, 2 on a usage error — always with one
 * line on stderr (and with --json one `{"error"}` object on stdout).
 */
class UsageError extends Error {}

/** A flag naming a file or folder that is not there: one line, not an ENOENT trace later. */
function checkPaths(command: OpsCommand<any>, values: Record<string, string | boolean>): void {
  for (const [name, flag] of Object.entries(command.flags)) {
    const value = values[name];
    if (!flag.path || typeof value !== 'string') continue;
    const stat = statSync(value, { throwIfNoEntry: false });
    if (!stat) throw new UsageError(`--${name}: no such ${flag.path === 'dir' ? 'folder' : 'file'}: ${value}`);
    if (flag.path === 'dir' && !stat.isDirectory()) throw new UsageError(`--${name}: not a folder: ${value}`);
    if (flag.path === 'file' && !stat.isFile()) throw new UsageError(`--${name}: not a file: ${value}`);
  }
}

function validate(command: OpsCommand<any>, values: Record<string, string | boolean>): unknown {
  const parsed = command.options.safeParse(values);
  if (parsed.success) return parsed.data;
  throw new UsageError(
    parsed.error.issues.map((i: z.core.$ZodIssue) => `--${i.path.join('.') || command.name.join(' ')}: ${i.message}`).join('; '),
  );
}

/**
 * `beforeDatabase` runs once, when a command first needs the database: `npm run ops` uses it to
 * start the local stack's PostgreSQL only for the commands that use one (scripts/ops.ts).
 */
export async function runCli(argv: string[], hooks: { beforeDatabase?: (config: OpsConfig) => Promise<OpsConfig> } = {}): Promise<number> {
  const line = parseCommandLine(argv, opsCommands);
  if (line.kind === 'help') {
    process.stderr.write(helpText(opsCommands, line.words));
    return 0;
  }
  if (line.kind === 'usage-error') return fail(line.json, line.message, 2);
  const { command, values, json } = line;
  const log = (message: string) => process.stderr.write(`${message}\n`);
  let database: Awaited<ReturnType<typeof openOpsDatabase>> | undefined;
  try {
    checkPaths(command, values);
    const options = validate(command, values);
    const config = loadOpsConfig();
    const result = await command.run({
      options,
      actor: operatorOf(line.operator, osUserName()),
      db: async () =>
        (database ??= await openOpsDatabase(hooks.beforeDatabase ? await hooks.beforeDatabase(config) : config, {
          migrate: command.migrates === true,
          owner: command.migrates === true || command.connectsAsOwner === true,
        })).db,
      log,
      interactive: Boolean(process.stderr.isTTY),
    });
    process.stdout.write(json ? `${JSON.stringify(result)}\n` : `${JSON.stringify(result, null, 2)}\n`);
    return 0;
  } catch (error) {
    if (error instanceof UsageError) return fail(json, error.message, 2);
    const known = error instanceof DomainError || error instanceof z.ZodError || error instanceof ConfigError;
    const message = known ? (error as Error).message : `${(error as Error)?.message ?? error}`;
    return fail(json, message.replace(/\s*\n\s*/g, '; '), 1);
  } finally {
    await database?.close();
  }
}

function osUserName(): string | undefined {
  try {
    return userInfo().username;
  } catch {
    // A container user without a passwd entry.
    return process.env.USER;
  }
}

function fail(json: boolean, message: string, code: number): number {
  process.stderr.write(`error: ${message}\n`);
  if (json) process.stdout.write(`${JSON.stringify({ error: message })}\n`);
  return code;
}

if (require.main === module) {
  runCli(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (error: unknown) => process.exit(fail(false, error instanceof Error ? error.message : String(error), 1)),
  );
}

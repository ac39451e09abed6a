import { parseArgs } from 'node:util';
import type { OpsCommand } from './command';

export type ParsedCommandLine =
  | { kind: 'help'; words: string[] }
  | { kind: 'run'; command: OpsCommand<any>; values: Record<string, string | boolean>; json: boolean; operator?: string }
  | { kind: 'usage-error'; message: string; json: boolean; words: string[] };

/** The closest flag name, for "did you mean": a shared prefix or at most two edits away. */
function closest(name: string, known: string[]): string | undefined {
  const distance = (a: string, b: string) => {
    const row = Array.from({ length: b.length + 1 }, (_, i) => i);
    for (let i = 1; i <= a.length; i++) {
      let previous = row[0];
      row[0] = i;
      for (let j = 1; j <= b.length; j++) {
        const current = row[j];
        row[j] = Math.min(row[j] + 1, row[j - 1] + 1, previous + (a[i - 1] === b[j - 1] ? 0 : 1));
        previous = current;
      }
    }
    return row[b.length];
  };
  const ranked = known.map((k) => ({ k, d: k.startsWith(name) || name.startsWith(k) ? 1 : distance(name, k) })).sort((x, y) => x.d - y.d);
  return ranked[0] && ranked[0].d <= 2 ? ranked[0].k : undefined;
}

/**
 * The command line, strictly: the longest command name its leading words spell, then its flags
 * through `node:util` parseArgs with `strict` — an unknown flag, a missing value, a stray word or
 * a missing required flag is a usage error (exit 2), never ignored.
 */
export function parseCommandLine(argv: string[], commands: OpsCommand<any>[]): ParsedCommandLine {
  const json = argv.includes('--json');
  const firstFlag = argv.findIndex((a) => a.startsWith('-'));
  const words = firstFlag === -1 ? argv : argv.slice(0, firstFlag);
  const command = commands
    .filter((c) => c.name.length <= words.length && c.name.every((w, i) => w === words[i]))
    .sort((a, b) => b.name.length - a.name.length)[0];
  if (argv.includes('--help') || argv.includes('-h'))
    return { kind: 'help', words: command ? command.name : words.filter((w) => commands.some((c) => c.name[0] === w)).slice(0, 1) };
  if (!command) {
    const message = words.length
      ? `unknown command "${words.join(' ')}"; \`ops --help\` lists the commands`
      : 'no command given; `ops --help` lists the commands';
    return { kind: 'usage-error', message, json, words };
  }
  const rest = argv.slice(command.name.length);
  const options = {
    ...Object.fromEntries(Object.entries(command.flags).map(([name, f]) => [name, { type: f.type }])),
    json: { type: 'boolean' as const },
    operator: { type: 'string' as const },
  };
  let values: Record<string, string | boolean | undefined>;
  let positionals: string[];
  try {
    ({ values, positionals } = parseArgs({ args: rest, options, strict: true, allowPositionals: true }) as {
      values: Record<string, string | boolean | undefined>;
      positionals: string[];
    });
  } catch (error) {
    const unknown = /Unknown option '(-{1,2}[^']+)'/.exec((error as Error).message)?.[1];
    const name = command.name.join(' ');
    if (unknown) {
      const suggestion = closest(unknown.replace(/^-+/, ''), Object.keys(command.flags));
      return {
        kind: 'usage-error',
        message: `unknown flag ${unknown} for "${name}"${suggestion ? ` (did you mean --${suggestion}?)` : ''}; \`ops ${name} --help\` lists its flags`,
        json,
        words,
      };
    }
    return { kind: 'usage-error', message: `${(error as Error).message.split('\n')[0].replace(/\.$/, '')} ("${name}")`, json, words };
  }
  if (positionals.length > 0)
    return {
      kind: 'usage-error',
      message: `unexpected argument "${positionals[0]}" for "${command.name.join(' ')}" (flags are --name value)`,
      json,
      words,
    };
  const missing = Object.entries(command.flags)
    .filter(([name, f]) => f.required && values[name] === undefined)
    .map(([name]) => `--${name}`);
  if (missing.length)
    return {
      kind: 'usage-error',
      message: `"${command.name.join(' ')}" needs ${missing.join(', ')}; \`ops ${command.name.join(' ')} --help\` shows an example`,
      json,
      words,
    };
  const { json: _json, operator, ...given } = values;
  const run = {
    kind: 'run' as const,
    command,
    values: Object.fromEntries(Object.entries(given).filter(([, v]) => v !== undefined)) as Record<string, string | boolean>,
    json,
  };
  return typeof operator === 'string' ? { ...run, operator } : run;
}

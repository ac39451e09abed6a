import type { OpsCommand } from './command';

const footer = `Every command takes --help, --json (exactly one JSON object on stdout; errors as {"error"}) and
--operator <name> (who acts, as recorded by the use cases; default: the OS user).
Exit codes: 0 done, 1 failed, 2 usage error (unknown command or flag, missing or invalid value).
Without DATABASE_URL the commands act on the database of \`npm start\` (PGPORT, STACK_DATA_DIR);
\`npm run ops\` starts it for the command when \`npm start\` is not running. Only \`db migrate\`
changes the schema. Operations guide: docs/operations.md. The API reference is served by the api
itself: /docs, and /openapi.json.
`;

function commandHelp(c: OpsCommand<any>): string {
  const flags = Object.entries(c.flags).map(([name, f]) => {
    const left = `--${name}${f.type === 'string' ? ` ${f.value ?? '<value>'}` : ''}`;
    return `  ${left.padEnd(34)} ${f.required ? '(required) ' : ''}${f.help}`;
  });
  return [
    `ops ${c.name.join(' ')} — ${c.summary}`,
    '',
    'Flags:',
    ...flags,
    `  ${'--json'.padEnd(34)} print exactly one JSON object on stdout`,
    `  ${'--help'.padEnd(34)} this text`,
    '',
    c.examples.length > 1 ? 'Examples:' : 'Example:',
    ...c.examples.map((e) => `  npm run --silent ops -- ${e}`),
    '',
  ].join('\n');
}

/** The help of one command (flags, required ones marked, an example), or the list of commands under `prefix`. */
export function helpText(commands: OpsCommand<any>[], prefix: string[] = []): string {
  const matching = commands.filter((c) => prefix.every((w, i) => c.name[i] === w));
  if (matching.length === 1 && matching[0].name.length === prefix.length) return commandHelp(matching[0]);
  const listed = matching.length ? matching : commands;
  const width = Math.max(22, ...listed.map((c) => c.name.join(' ').length));
  const list = listed.map((c) => `  ${c.name.join(' ').padEnd(width)} ${c.summary}`);
  return `Usage: npm run --silent ops -- <command> [flags] --json\n\nCommands:\n${list.join('\n')}\n\n${footer}`;
}

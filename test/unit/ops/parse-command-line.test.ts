import { z } from 'zod';
import { defineCommand } from '../../../ops/command';
import { parseCommandLine } from '../../../ops/parse-command-line';

const planCreate = defineCommand({
  name: ['plan', 'create'],
  summary: 'test',
  flags: {
    code: { type: 'string', help: 'code', required: true },
    features: { type: 'string', help: 'features' },
    'dry-run': { type: 'boolean', help: 'dry' },
  },
  examples: ['plan create --code x'],
  options: z.object({}),
  run: async () => ({}),
});
const generate = defineCommand({
  name: ['generate'],
  summary: 't',
  flags: { out: { type: 'string', help: 'o' } },
  examples: ['generate --out x'],
  options: z.object({}),
  run: async () => ({}),
});
const commands = [planCreate, generate];

describe('the ops command line, parsed strictly', () => {
  it.each([
    [['plan', 'create', '--code', 'gold', '--features', 'analyses', '--json'], { code: 'gold', features: 'analyses' }, true],
    [['plan', 'create', '--code=gold', '--dry-run'], { code: 'gold', 'dry-run': true }, false],
    [['generate', '--out', '/tmp/x'], { out: '/tmp/x' }, false],
  ])('%j runs with %j', (argv, values, json) => {
    expect(parseCommandLine(argv, commands)).toEqual({
      kind: 'run',
      command: expect.objectContaining({ name: argv[0] === 'generate' ? ['generate'] : ['plan', 'create'] }),
      values,
      json,
    });
  });

  it.each([
    [['plan', 'create', '--code', 'x', '--feature', 'analyses'], /^unknown flag --feature for "plan create" \(did you mean --features\?\)/],
    [['plan', 'create', '--code', 'x', '--zzz'], /^unknown flag --zzz for "plan create"; /],
    [['plan', 'create', '--features', 'analyses'], /^"plan create" needs --code/],
    [['plan', 'create', '--code'], /argument missing/],
    [['plan', 'create', '--code', 'x', 'extra'], /^unexpected argument "extra"/],
    [['plan', 'create', '--code', 'x', '--dry-run=yes'], /does not take an argument/],
    [['plan', 'destroy', '--code', 'x'], /^unknown command "plan destroy"/],
    [[], /^no command given/],
  ])('%j is a usage error: %s', (argv, message) => {
    const parsed = parseCommandLine(argv, commands);
    expect(parsed.kind).toBe('usage-error');
    expect((parsed as { message: string }).message).toMatch(message);
    expect((parsed as { message: string }).message).not.toContain('\n');
  });

  it('knows --json on a usage error, and --help anywhere', () => {
    expect(parseCommandLine(['plan', 'create', '--nope', '--json'], commands)).toMatchObject({ kind: 'usage-error', json: true });
    expect(parseCommandLine(['plan', 'create', '--help'], commands)).toEqual({ kind: 'help', words: ['plan', 'create'] });
    expect(parseCommandLine(['plan', '--help'], commands)).toEqual({ kind: 'help', words: ['plan'] });
  });
});

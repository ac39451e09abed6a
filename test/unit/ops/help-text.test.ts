import { opsCommands } from '../../../ops/commands';
import { helpText } from '../../../ops/help-text';
import { parseCommandLine } from '../../../ops/parse-command-line';

/** A shell's words: spaces split, double quotes group. */
const words = (line: string) => [...line.matchAll(/"([^"]*)"|(\S+)/g)].map((m) => m[1] ?? m[2]);

describe('ops help', () => {
  it.each(opsCommands.map((c) => [c.name.join(' '), c]))(
    '%s: every flag, the required ones marked, and an example that parses',
    (name, command: any) => {
      const text = helpText(opsCommands, command.name);
      expect(text).toContain(`ops ${name} — `);
      for (const [flag, spec] of Object.entries<any>(command.flags)) {
        const line = text.split('\n').find((l) => l.trimStart().startsWith(`--${flag} `) || l.trim() === `--${flag}`);
        expect([flag, line !== undefined]).toEqual([flag, true]);
        expect([flag, line!.includes('(required)')]).toEqual([flag, Boolean(spec.required)]);
      }
      expect(command.examples.length).toBeGreaterThan(0);
      for (const example of command.examples) expect(example.startsWith(`${name} `) || example === name).toBe(true);
      expect(text).toContain(`npm run --silent ops -- ${command.examples[0]}`);
      for (const example of command.examples) {
        const parsed = parseCommandLine(words(example), opsCommands);
        expect([example, parsed.kind]).toEqual([example, 'run']);
        if (parsed.kind === 'run') expect([example, command.options.safeParse(parsed.values).success]).toEqual([example, true]);
      }
    },
  );

  it('lists every command', () => {
    const text = helpText(opsCommands);
    for (const c of opsCommands) expect(text).toContain(c.name.join(' '));
  });
});

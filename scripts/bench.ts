import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { compareGuardFigures, describeMovements } from '../support/bench-guard';
import path from 'node:path';
import { runBenchAgainst } from './bench-against';

/**
 * `npm run bench -- <name> [flags]`: runs bench/<name>.ts, whose default export returns a
 * summary object; the summary is printed as one JSON document and saved under bench-results/.
 * A summary with `guard` figures is compared with the committed baseline of that bench
 * (bench-results/baselines/<name>.json; `--save-baseline` makes this run the baseline), and the
 * figures that moved past the noise are named on stderr (support/bench-guard.ts).
 * `--against <commit> [--rounds N]` runs the bench in alternating rounds here and in a checkout of
 * that commit, and compares the figures side by side (scripts/bench-against.ts).
 */
async function main(): Promise<void> {
  const [name, ...given] = process.argv.slice(2);
  const saveBaseline = given.includes('--save-baseline');
  const against = valueOf(given, '--against');
  const rounds = Number(valueOf(given, '--rounds') ?? 2);
  const args = withoutFlags(given, ['--save-baseline'], ['--against', '--rounds']);
  // Every bench/<name>.ts is a benchmark: a new one needs no registration here.
  const available = readdirSync(path.join(__dirname, '..', 'bench'))
    .filter((f) => f.endsWith('.ts'))
    .map((f) => f.slice(0, -3))
    .sort();
  if (!name || !available.includes(name)) {
    process.stderr.write(`usage: npm run bench -- <${available.join('|')}> [flags]\n`);
    process.exit(2);
  }
  if (against !== undefined) {
    if (!Number.isInteger(rounds) || rounds < 1) throw new Error('--rounds takes a whole number of rounds, 1 or more');
    const summary = await runBenchAgainst(name, args, against, rounds);
    process.stdout.write(`${JSON.stringify(summary, null, 2)}\n`);
    process.exit(0);
  }
  const module = await import(path.join(__dirname, '..', 'bench', `${name}.ts`));
  const summary = await module.default(args);
  const { mkdirSync, writeFileSync } = await import('node:fs');
  const dir = path.join(__dirname, '..', 'bench-results');
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `${name}-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
  writeFileSync(file, JSON.stringify(summary, null, 2));
  process.stdout.write(`${JSON.stringify(summary, null, 2)}\n`);
  process.stderr.write(`saved ${path.relative(process.cwd(), file)}\n`);
  const baselineFile = path.join(dir, 'baselines', `${name}.json`);
  if (summary.guard && summary.profiled) process.stderr.write('a profiled run: the profiler costs CPU, so the guard does not compare it\n');
  else if (summary.guard && existsSync(baselineFile)) {
    const baseline = JSON.parse(readFileSync(baselineFile, 'utf8'));
    process.stderr.write(
      `against ${path.relative(process.cwd(), baselineFile)} (load then: ${JSON.stringify(baseline.machine?.load_average_at_end ?? null)}, now: ${JSON.stringify(summary.machine?.load_average_at_end ?? null)}):\n`,
    );
    for (const line of describeMovements(compareGuardFigures(baseline.guard ?? {}, summary.guard))) process.stderr.write(`  ${line}\n`);
  }
  if (saveBaseline) {
    mkdirSync(path.dirname(baselineFile), { recursive: true });
    writeFileSync(baselineFile, JSON.stringify(summary, null, 2));
    process.stderr.write(`baseline saved: ${path.relative(process.cwd(), baselineFile)} (commit it)\n`);
  }
  process.exit(0);
}

function valueOf(args: string[], flag: string): string | undefined {
  const at = args.indexOf(flag);
  if (at === -1) return undefined;
  const value = args[at + 1];
  if (value === undefined || value.startsWith('--')) throw new Error(`${flag} needs a value`);
  return value;
}

function withoutFlags(args: string[], switches: string[], valued: string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < args.length; i++) {
    if (switches.includes(args[i])) continue;
    if (valued.includes(args[i])) {
      i++;
      continue;
    }
    out.push(args[i]);
  }
  return out;
}

main().catch((error) => {
  process.stderr.write(`bench failed: ${error.stack ?? error}\n`);
  process.exit(1);
});

import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { compareGuardFigures, describeMovements } from '../support/bench-guard';
import path from 'node:path';

/**
 * `npm run bench -- <name> [flags]`: runs bench/<name>.ts, whose default export returns a
 * summary object; the summary is printed as one JSON document and saved under bench-results/.
 * A summary with `guard` figures is compared with the committed baseline of that bench
 * (bench-results/baselines/<name>.json; `--save-baseline` makes this run the baseline), and the
 * figures that moved past the noise are named on stderr (support/bench-guard.ts).
 */
async function main(): Promise<void> {
  const [name, ...given] = process.argv.slice(2);
  const saveBaseline = given.includes('--save-baseline');
  const args = given.filter((a) => a !== '--save-baseline');
  // Every bench/<name>.ts is a benchmark: a new one needs no registration here.
  const available = readdirSync(path.join(__dirname, '..', 'bench'))
    .filter((f) => f.endsWith('.ts'))
    .map((f) => f.slice(0, -3))
    .sort();
  if (!name || !available.includes(name)) {
    process.stderr.write(`usage: npm run bench -- <${available.join('|')}> [flags]\n`);
    process.exit(2);
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
  if (summary.guard && existsSync(baselineFile)) {
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

main().catch((error) => {
  process.stderr.write(`bench failed: ${error.stack ?? error}\n`);
  process.exit(1);
});

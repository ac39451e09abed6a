import { readdirSync } from 'node:fs';
import path from 'node:path';

/**
 * `npm run bench -- <name> [flags]`: runs bench/<name>.ts, whose default export returns a
 * summary object; the summary is printed as one JSON document and saved under bench-results/.
 */
async function main(): Promise<void> {
  const [name, ...args] = process.argv.slice(2);
  // Every bench/<name>.ts is a benchmark: a new one needs no registration here.
  const available = readdirSync(path.join(__dirname, '..', 'bench')).filter((f) => f.endsWith('.ts')).map((f) => f.slice(0, -3)).sort();
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
  process.exit(0);
}

main().catch((error) => {
  process.stderr.write(`bench failed: ${error.stack ?? error}\n`);
  process.exit(1);
});

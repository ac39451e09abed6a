import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { compareRounds, describeAgainst, roundOrder, type Summary } from '../support/bench-against';

const projectRoot = path.join(__dirname, '..');

/**
 * `npm run bench -- <name> [flags] --against <commit> [--rounds N]` (docs/benchmarks.md, "Against
 * another commit"): the other commit is checked out in a worktree of its own under the system's
 * temporary folder with its own `npm ci` (kept for the next comparison), then each round
 * runs the bench once in each tree, with the same flags, one at a time, and the figures of both are
 * compared by their medians (support/bench-against.ts).
 */
export async function runBenchAgainst(name: string, args: string[], commit: string, rounds: number): Promise<Record<string, unknown>> {
  const git = (cwd: string, ...a: string[]) => execFileSync('git', a, { cwd, encoding: 'utf8' }).trim();
  const theirsSha = git(projectRoot, 'rev-parse', '--verify', `${commit}^{commit}`);
  const oursSha = git(projectRoot, 'rev-parse', 'HEAD');
  const oursDirty = git(projectRoot, 'status', '--porcelain', '--untracked-files=no') !== '';
  // Outside the tree: jest and the linters crawl it, and would meet a second copy of every file.
  const theirsDir = path.join(os.tmpdir(), 'entity-risk-bench-against', theirsSha.slice(0, 12));
  const log = (m: string) => process.stderr.write(`[bench against ${theirsSha.slice(0, 7)}] ${m}\n`);

  if (!existsSync(path.join(theirsDir, 'package.json'))) {
    mkdirSync(path.dirname(theirsDir), { recursive: true });
    log(`worktree ${theirsDir}`);
    git(projectRoot, 'worktree', 'add', '--detach', '--force', theirsDir, theirsSha);
  }
  if (!existsSync(path.join(theirsDir, 'node_modules'))) {
    log('npm ci (its own dependencies)');
    await run('npm', ['ci', '--no-audit', '--no-fund'], theirsDir, 'inherit').catch(async () => {
      // An older lock file this npm refuses for `ci` (optional platform packages it lacks): the
      // same ranges resolved by `npm install`, in that throw-away tree only.
      log('its lock file does not satisfy this npm: npm install instead');
      await run('npm', ['install', '--no-audit', '--no-fund'], theirsDir, 'inherit');
    });
  }

  const runs: { side: 'ours' | 'theirs'; round: number; file: string; load_before: number[]; seconds: number }[] = [];
  const summaries = { ours: [] as Summary[], theirs: [] as Summary[] };
  const order = roundOrder(rounds);
  for (const [i, side] of order.entries()) {
    const round = Math.floor(i / 2) + 1;
    const cwd = side === 'ours' ? projectRoot : theirsDir;
    log(`round ${round} of ${rounds}: ${side} (${side === 'ours' ? oursSha.slice(0, 7) : theirsSha.slice(0, 7)})`);
    const loadBefore = os.loadavg().map((l) => Number(l.toFixed(2)));
    const started = performance.now();
    const stderr = await run('node', ['scripts/bootstrap.mjs', 'bench', name, ...args], cwd, 'capture');
    const saved = /^saved (.+\.json)$/m.exec(stderr);
    if (!saved) throw new Error(`${side}'s bench printed no "saved <file>" line`);
    const file = path.resolve(cwd, saved[1]);
    summaries[side].push(JSON.parse(readFileSync(file, 'utf8')));
    runs.push({ side, round, file, load_before: loadBefore, seconds: Number(((performance.now() - started) / 1000).toFixed(1)) });
  }

  const figures = compareRounds(summaries.ours, summaries.theirs);
  const summary = {
    bench: name,
    args,
    ours: { commit: oursSha, uncommitted_changes: oursDirty },
    theirs: { commit: theirsSha, given_as: commit },
    rounds,
    runs,
    machine: { cpus: os.cpus().length, load_average_at_end: os.loadavg().map((l) => Number(l.toFixed(2))) },
    figures,
  };
  const dir = path.join(projectRoot, 'bench-results');
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `${name}-against-${theirsSha.slice(0, 7)}-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
  writeFileSync(file, JSON.stringify(summary, null, 2));
  log(`ours | theirs (medians of ${rounds} rounds), ours/theirs:`);
  for (const line of describeAgainst(figures)) process.stderr.write(`  ${line}\n`);
  process.stderr.write(`saved ${path.relative(process.cwd(), file)}\n`);
  return summary;
}

/** A child run; `capture` echoes its stderr as it comes (progress) and returns it, its stdout discarded (the JSON is in the file). */
function run(command: string, args: string[], cwd: string, stdio: 'inherit' | 'capture'): Promise<string> {
  return new Promise((resolve, reject) => {
    // The bench of either tree finds its own tools and data under its own root.
    const { DATABASE_URL: _db, DATABASE_OWNER_URL: _owner, ...env } = process.env;
    const child = spawn(command, args, { cwd, env, stdio: stdio === 'inherit' ? 'inherit' : ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr?.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
      process.stderr.write(chunk);
    });
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve(stderr) : reject(new Error(`${command} ${args.join(' ')} in ${cwd} exited ${code}`))));
  });
}

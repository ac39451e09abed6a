import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { ReferencePair } from './follow-the-money';

/**
 * OpenSanctions' open-source matcher, `nomenklatura`, as the matching bench's reference
 * (docs/watchlists.md, "Beside an independent matcher"): a Python virtualenv under
 * `.tools/nomenklatura-venv` holding the pinned packages of nomenklatura-requirements.txt,
 * created on first use; bench/support/nomenklatura-reference.py scores the pairs in it. A
 * benchmark dependency, never a runtime one.
 */
const root = path.join(__dirname, '..', '..');
const venv = path.join(root, '.tools', 'nomenklatura-venv');
const requirements = path.join(__dirname, 'nomenklatura-requirements.txt');
const python = path.join(venv, 'bin', 'python');
const stamp = path.join(venv, 'requirements.installed');

export type ReferenceScores = {
  versions: Record<string, string>;
  pairs: number;
  algorithms: Record<string, { seconds: number; scores: number[] }>;
};

/** The virtualenv, created or brought to the pinned requirements when they changed. */
export function ensureNomenklaturaVenv(log: (m: string) => void): string {
  const wanted = readFileSync(requirements, 'utf8');
  if (existsSync(python) && existsSync(stamp) && readFileSync(stamp, 'utf8') === wanted) return python;
  log(`creating ${path.relative(root, venv)} (pip install -r ${path.relative(root, requirements)}; a few minutes the first time)`);
  if (!existsSync(python)) execFileSync('python3', ['-m', 'venv', venv], { stdio: 'inherit' });
  execFileSync(python, ['-m', 'pip', 'install', '--quiet', '--disable-pip-version-check', '-r', requirements], { stdio: 'inherit' });
  writeFileSync(stamp, wanted);
  return python;
}

/** Every pair scored by each algorithm, in the pairs' order. */
export async function scoreWithNomenklatura(
  pairs: readonly ReferencePair[],
  algorithms: readonly string[],
  log: (m: string) => void,
): Promise<ReferenceScores> {
  const interpreter = ensureNomenklaturaVenv(log);
  const dir = mkdtempSync(path.join(tmpdir(), 'nomenklatura-pairs-'));
  const file = path.join(dir, 'pairs.jsonl');
  try {
    writeFileSync(file, pairs.map((p) => JSON.stringify(p)).join('\n') + '\n');
    const child = spawn(interpreter, [path.join(__dirname, 'nomenklatura-reference.py'), file, ...algorithms], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const chunks: Buffer[] = [];
    child.stdout.on('data', (c: Buffer) => chunks.push(c));
    const code = await new Promise<number | null>((resolve, reject) => {
      child.on('error', reject);
      child.on('close', resolve);
    });
    if (code !== 0) throw new Error(`nomenklatura-reference.py exited with ${code}`);
    return JSON.parse(Buffer.concat(chunks).toString('utf8')) as ReferenceScores;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

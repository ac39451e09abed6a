import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { projectRoot } from './stack';

/**
 * Builds the analyst console (console/ → console/dist) with Vite when its sources or the
 * locked dependencies changed since the last build: `npm start` and `npm test` stay quick on
 * the second run, and a fresh clone always gets a current build.
 */
const consoleDir = path.join(projectRoot, 'console');
const distDir = path.join(consoleDir, 'dist');
const stampFile = path.join(distDir, '.build-stamp');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir)
    .filter((name) => name !== 'dist' && name !== 'node_modules')
    .sort()
    .flatMap((name) => {
      const full = path.join(dir, name);
      return statSync(full).isDirectory() ? sourceFiles(full) : [full];
    });
}

function consoleSourceHash(): string {
  const hash = createHash('sha256');
  for (const file of [...sourceFiles(consoleDir), path.join(projectRoot, 'package-lock.json')]) {
    if (!existsSync(file)) continue;
    hash.update(path.relative(projectRoot, file)).update('\0').update(readFileSync(file)).update('\0');
  }
  return hash.digest('hex');
}

export async function ensureConsoleBuilt(log: (line: string) => void = console.log): Promise<void> {
  const wanted = consoleSourceHash();
  if (existsSync(stampFile) && readFileSync(stampFile, 'utf8') === wanted && existsSync(path.join(distDir, 'index.html'))) return;
  log('Building the analyst console (vite build)…');
  const vite = path.join(projectRoot, 'node_modules', '.bin', 'vite');
  let output = '';
  const code = await new Promise<number | null>((resolve) => {
    // Always a production build: a caller running under NODE_ENV=test or development (jest, npm start's
    // children) would otherwise get React's development build, whose StrictMode runs effects twice.
    const env = { ...process.env, NODE_ENV: 'production' };
    const child = spawn(vite, ['build', '--mode', 'production', '--config', path.join(consoleDir, 'vite.config.mts')], {
      cwd: projectRoot,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    child.on('exit', resolve);
  });
  if (code !== 0) throw new Error(`the console build failed:\n${output}`);
  writeFileSync(stampFile, wanted);
}

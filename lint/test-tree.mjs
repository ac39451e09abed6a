#!/usr/bin/env node
// Tests mirror the code: test/unit/<path>.test.ts tests the source file <path>.ts (a qualifier
// such as `.golden` or `.property` before `.test.ts` names a second test of the same module).
// A unit test named for a file that does not exist is a test nobody will find: this fails it.
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

// jest.config.js is CommonJS; the fuzzing stage's Schemathesis hooks are Python (scripts/fuzz/hooks.py): their jest test mirrors them too.
const sourceExtensions = ['.ts', '.tsx', '.mjs', '.js', '.py'];

function testFiles(dir) {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return testFiles(full);
    return name.endsWith('.test.ts') ? [full] : [];
  });
}

/** The source file a unit test mirrors, or undefined when there is none. */
export function mirroredSource(root, testFile) {
  const relative = path.relative(path.join(root, 'test', 'unit'), testFile).replace(/\.test\.ts$/, '');
  const candidates = [relative, relative.replace(/\.[a-z-]+$/, '')];
  for (const base of candidates) {
    for (const ext of sourceExtensions) if (existsSync(path.join(root, base + ext))) return base + ext;
    if (existsSync(path.join(root, base, 'index.ts'))) return path.join(base, 'index.ts');
  }
  return undefined;
}

export function unmirroredTests(root) {
  return testFiles(path.join(root, 'test', 'unit'))
    .filter((file) => !mirroredSource(root, file))
    .map((file) => path.relative(root, file));
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const root = path.resolve(process.argv[2] ?? path.join(path.dirname(fileURLToPath(import.meta.url)), '..'));
  const orphans = unmirroredTests(root);
  for (const file of orphans)
    process.stderr.write(
      `${file}: no source file test/unit mirrors (expected ${file.replace(/^test\/unit\//, '').replace(/(\.[a-z-]+)?\.test\.ts$/, '.ts')})\n`,
    );
  process.exit(orphans.length > 0 ? 1 : 0);
}

import { spawn } from 'node:child_process';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { projectRoot } from './stack';
import type { TestTally } from './test-tally';

/** One check as a child process, its output shown only when it fails; resolves to its exit code. */
function runStep(name: string, command: string, args: string[]): Promise<number> {
  return new Promise((resolve) => {
    const started = performance.now();
    const child = spawn(command, args, { cwd: projectRoot, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    child.on('exit', (code) => {
      const seconds = ((performance.now() - started) / 1000).toFixed(1);
      if (code === 0) console.log(`✓ ${name} (${seconds}s)`);
      else
        console.log(
          `✗ ${name} failed (${seconds}s)\n${output
            .split('\n')
            .filter((l) => !l.includes('nodedir'))
            .join('\n')}`,
        );
      resolve(code ?? 1);
    });
  });
}

/**
 * The static checks of `npm test` (formatting, lint, test tree, typechecks, OpenAPI lint, console API types),
 * all at once while the stack boots: neither waits for the other. Each check counts as one test of
 * the closing line (passed or failed); SKIP_STATIC_CHECKS=1 skips them.
 */
export function runStaticChecks(): Promise<TestTally> {
  const bin = (name: string) => path.join(projectRoot, 'node_modules', '.bin', name);
  if (process.env.SKIP_STATIC_CHECKS === '1') return Promise.resolve({ passed: 0, failed: 0, skipped: 0 });
  return Promise.all([
    runStep('formatted (prettier)', bin('prettier'), ['--check', '.', '--log-level', 'warn']),
    runStep('lint', bin('eslint'), ['.', '--max-warnings=0']),
    runStep('test tree mirrors the code', process.execPath, ['lint/test-tree.mjs']),
    runStep('no import cycles', process.execPath, ['lint/import-cycles.mjs']),
    runStep('repositories hold SQL only', process.execPath, ['lint/repository-imports.mjs']),
    runStep('comments cite only docs/', process.execPath, ['lint/comment-citations.mjs']),
    runStep('use cases have one shape', process.execPath, ['lint/usecase-shape.mjs']),
    runStep('typecheck', bin('tsc'), ['-p', 'tsconfig.json', '--noEmit']),
    runStep('openapi lint (redocly, recommended rules)', process.execPath, [
      '--import',
      'tsx',
      path.join(projectRoot, 'scripts', 'lint-openapi.ts'),
    ]),
    runStep('typecheck console', bin('tsc'), ['-p', 'console/tsconfig.json', '--noEmit']),
    runStep('console API types match the OpenAPI document', process.execPath, [
      '--import',
      'tsx',
      path.join(projectRoot, 'scripts', 'generate-console-api-types.ts'),
      '--check',
    ]),
  ]).then((codes) => ({ passed: codes.filter((c) => c === 0).length, failed: codes.filter((c) => c !== 0).length, skipped: 0 }));
}

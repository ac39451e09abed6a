import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { projectRoot } from './stack';

/**
 * jest in two phases on the one stack: unit, replay (docs/workflows.md) and integration tests
 * first, then the browser tests.
 * The browser tests load the demo dataset into the shared test database, which the entity
 * search and importer tests must not see while they run; after them, nothing else runs.
 * Arguments pass through to both phases (a phase whose files were not named finds no test and
 * passes); `--selectProjects` given by the caller makes it one phase as asked.
 */
const phases = [['unit', 'replay', 'integration'], ['browser']];

export type JestOutcome = { status: number; passed: number; failed: number; skipped: number };

function runPhase(args: string[], env: NodeJS.ProcessEnv, resultsFile: string): Promise<JestOutcome> {
  const jest = path.join(projectRoot, 'node_modules', '.bin', 'jest');
  // Asynchronous on purpose: the calling process relays the api and worker logs into their files
  // while jest runs, and tests read those files.
  const child = spawn(process.execPath, [jest, '--json', `--outputFile=${resultsFile}`, ...args], { cwd: projectRoot, stdio: 'inherit', env });
  return new Promise((resolve) =>
    child.on('exit', (code) => {
      const results = existsSync(resultsFile) ? JSON.parse(readFileSync(resultsFile, 'utf8')) : {};
      resolve({ status: code ?? 1, passed: results.numPassedTests ?? 0, failed: results.numFailedTests ?? 0, skipped: results.numPendingTests ?? 0 });
    }),
  );
}

export async function runJestPhases(jestArgs: string[], env: NodeJS.ProcessEnv, dataDir: string): Promise<JestOutcome> {
  if (jestArgs.includes('--selectProjects')) return runPhase(jestArgs, env, path.join(dataDir, 'jest-results.json'));
  const total: JestOutcome = { status: 0, passed: 0, failed: 0, skipped: 0 };
  for (const [i, projects] of phases.entries()) {
    const outcome = await runPhase(['--selectProjects', ...projects, '--passWithNoTests', ...jestArgs], env, path.join(dataDir, `jest-results-${i + 1}.json`));
    total.status = Math.max(total.status, outcome.status);
    total.passed += outcome.passed;
    total.failed += outcome.failed;
    total.skipped += outcome.skipped;
  }
  return total;
}

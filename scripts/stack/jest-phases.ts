import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { projectRoot } from './stack';
import type { TestTally } from './test-tally';

/**
 * jest in two phases on the one stack. The first runs three jest processes side by side: the
 * unit and replay tests (docs/workflows.md), which need no server; the integration tests on the
 * shared stack; and the integration tests that start processes of their own (`own-processes`,
 * jest.config.js). The integration tests spend much of their time waiting on workflows, timers
 * and child processes, and the others fill that time (docs/testing.md, "How long the suite
 * takes"). The second phase runs the browser tests.
 * The browser tests load the demo dataset into the shared test database; after them, nothing else
 * runs. The first phase may hold it too (report-dossier-pdf.test.ts renders the showcase), so a
 * test that searches the store looks for names only it holds (entities.test.ts, importers.test.ts).
 * Arguments pass through to every jest process (one whose files were not named finds no test and
 * passes); `--selectProjects` given by the caller makes it one process as asked.
 */
const phases = [[['unit', 'replay'], ['integration'], ['own-processes']], [['browser']]];

export type JestOutcome = TestTally & { status: number };

/** The projects that need no running stack: `npm test -- --selectProjects unit` starts no server. */
export const stackFreeProjects = ['unit', 'replay'];

/** The projects a `--selectProjects` argument names, or undefined when it names none. */
export function selectedProjects(jestArgs: string[]): string[] | undefined {
  const at = jestArgs.indexOf('--selectProjects');
  if (at < 0) return undefined;
  const names: string[] = [];
  for (const arg of jestArgs.slice(at + 1)) {
    if (arg.startsWith('-') || arg.includes('/') || arg.endsWith('.ts')) break;
    names.push(arg);
  }
  return names;
}

function runPhase(args: string[], env: NodeJS.ProcessEnv, resultsFile: string): Promise<JestOutcome> {
  const jest = path.join(projectRoot, 'node_modules', '.bin', 'jest');
  const reporter = path.join(__dirname, 'jest-file-reporter.cjs');
  const started = Date.now();
  // Asynchronous on purpose: the calling process relays the api and worker logs into their files
  // while jest runs, and tests read those files.
  // `--reporters` takes every word after it: it goes last.
  const child = spawn(process.execPath, [jest, '--json', `--outputFile=${resultsFile}`, ...args, '--reporters', reporter], {
    cwd: projectRoot,
    stdio: 'inherit',
    env,
  });
  return new Promise((resolve) =>
    child.on('exit', (code) => {
      const results = existsSync(resultsFile) ? JSON.parse(readFileSync(resultsFile, 'utf8')) : {};
      const outcome = {
        status: code ?? 1,
        passed: results.numPassedTests ?? 0,
        failed: results.numFailedTests ?? 0,
        skipped: results.numPendingTests ?? 0,
      };
      // A file that failed to run (a syntax error, a throw in beforeAll) fails no test of its own: count it.
      const brokenFiles = (results.testResults ?? []).filter(
        (file: { status: string; assertionResults?: unknown[] }) => file.status === 'failed' && (file.assertionResults ?? []).length === 0,
      ).length;
      outcome.failed += brokenFiles;
      if (outcome.status !== 0 && outcome.failed === 0) outcome.failed = 1; // jest failed without a failing test (e.g. an open handle, a crash)
      const total = outcome.passed + outcome.failed + outcome.skipped;
      const projects = selectedProjects(args)?.join(', ') ?? 'all projects';
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      console.log(
        outcome.failed === 0
          ? `✓ jest (${projects}): ${total} tests, none failing, ${outcome.skipped} skipped (${seconds}s)`
          : `✗ jest (${projects}): ${outcome.failed} of ${total} tests failing (${seconds}s; results in ${resultsFile})`,
      );
      resolve(outcome);
    }),
  );
}

export async function runJestPhases(jestArgs: string[], env: NodeJS.ProcessEnv, dataDir: string): Promise<JestOutcome> {
  if (jestArgs.includes('--selectProjects')) return runPhase(jestArgs, env, path.join(dataDir, 'jest-results.json'));
  const total: JestOutcome = { status: 0, passed: 0, failed: 0, skipped: 0 };
  for (const [i, side] of phases.entries()) {
    const outcomes = await Promise.all(
      side.map((projects, j) =>
        runPhase(
          ['--selectProjects', ...projects, '--passWithNoTests', ...jestArgs],
          env,
          path.join(dataDir, `jest-results-${i + 1}${side.length > 1 ? String.fromCharCode(97 + j) : ''}.json`),
        ),
      ),
    );
    for (const outcome of outcomes) {
      total.status = Math.max(total.status, outcome.status);
      total.passed += outcome.passed;
      total.failed += outcome.failed;
      total.skipped += outcome.skipped;
    }
  }
  return total;
}

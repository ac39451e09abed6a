import path from 'node:path';
import { DEFAULT_FUZZ_MAX_EXAMPLES, DEFAULT_FUZZ_SEED, fuzzSetting, installedSchemathesisVersion, runFuzzStage } from './fuzz-stage';
import { parseSchemathesisTally, type TestTally, withoutClosingLines } from './test-tally';

/** The whole suite fuzzes; a run of named files only with FUZZ=1; SKIP_FUZZ=1 never. */
export async function fuzzStageWanted(jestArgs: string[]): Promise<boolean> {
  if (process.env.SKIP_FUZZ === '1') return false;
  return process.env.FUZZ === '1' || jestArgs.filter((a) => !a.startsWith('-')).length === 0;
}

/**
 * The fuzzing stage (scripts/stack/fuzz-stage.ts) on the live test stack, after jest: it shares no
 * time with the tests. Schemathesis' own summary (pytest-style banners included) stays in its log;
 * what is echoed here is ours, and the generated cases count in the closing line. A stage that
 * failed without failing a case (a crash, a stray endpoint) counts as one failed test.
 */
export async function runFuzzStep(apiUrl: string, databaseUrl: string, dataDir: string): Promise<TestTally> {
  const seed = fuzzSetting('FUZZ_SEED', undefined, DEFAULT_FUZZ_SEED);
  const maxExamples = fuzzSetting('FUZZ_MAX_EXAMPLES', undefined, DEFAULT_FUZZ_MAX_EXAMPLES);
  console.log(
    `Fuzzing the API with Schemathesis ${installedSchemathesisVersion()} (all checks; seed ${seed}, ${maxExamples} examples per operation: \`npm run fuzz -- --seed ${seed}\` repeats it)…`,
  );
  const outcome = await runFuzzStage({ apiUrl, databaseUrl, outDir: path.join(dataDir, 'fuzz'), seed, maxExamples });
  const cases = parseSchemathesisTally(outcome.log) ?? { passed: 0, failed: 0, skipped: 0 };
  const tally = !outcome.ok && cases.failed === 0 ? { ...cases, failed: 1 } : cases;
  const counted = `${cases.passed + cases.failed + cases.skipped} cases: ${cases.failed === 0 ? 'no check failed' : `${cases.failed} failing`}, ${cases.skipped} unchecked`;
  if (outcome.ok)
    console.log(
      `✓ fuzzing (${outcome.seconds.toFixed(1)}s): ${counted}; Schemathesis' report: ${outcome.logFile}\n${withoutClosingLines(outcome.notes)}`,
    );
  else console.log(`✗ fuzzing failed (${outcome.seconds.toFixed(1)}s): ${counted}\n${withoutClosingLines(outcome.summary)}`);
  return tally;
}

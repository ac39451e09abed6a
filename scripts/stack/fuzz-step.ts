import path from 'node:path';
import { installedSchemathesisVersion, runFuzzStage } from './fuzz-stage';

/** The whole suite fuzzes; a run of named files only with FUZZ=1; SKIP_FUZZ=1 never. */
export async function fuzzStageWanted(jestArgs: string[]): Promise<boolean> {
  if (process.env.SKIP_FUZZ === '1') return false;
  return process.env.FUZZ === '1' || jestArgs.filter((a) => !a.startsWith('-')).length === 0;
}

/** The fuzzing stage (scripts/stack/fuzz-stage.ts) on the live test stack, after jest: it shares no time with the tests. */
export async function runFuzzStep(apiUrl: string, databaseUrl: string, dataDir: string): Promise<number> {
  console.log(`Fuzzing the API with Schemathesis ${installedSchemathesisVersion()} (all checks, bounded in time)…`);
  const outcome = await runFuzzStage({ apiUrl, databaseUrl, outDir: path.join(dataDir, 'fuzz') });
  if (outcome.ok) console.log(`✓ fuzzing (${outcome.seconds.toFixed(1)}s)\n${outcome.summary.split('\n').slice(-12).join('\n')}`);
  else console.log(`✗ fuzzing failed (${outcome.seconds.toFixed(1)}s)\n${outcome.summary}`);
  return outcome.ok ? 0 : 1;
}

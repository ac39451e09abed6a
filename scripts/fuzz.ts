import path from 'node:path';
import { loadOpsConfig } from '../config/ops-config';
import { installedSchemathesisVersion, runFuzzStage } from './stack/fuzz-stage';

/**
 * `npm run fuzz`: the fuzzing stage of `npm test`, alone, against the stack `npm start` runs
 * (API_URL, else http://127.0.0.1:$PORT or :8080; its database as the ops CLI finds it:
 * DATABASE_URL, else STACK_DATA_DIR and PGPORT). FUZZ_MAX_TIME (seconds) and FUZZ_SEED vary the run.
 * It creates two companies of its own in that database; the demo company is left alone.
 */
async function main(): Promise<number> {
  const apiUrl = process.env.API_URL ?? `http://127.0.0.1:${process.env.PORT ?? 8080}`;
  const config = loadOpsConfig();
  const outDir = path.join(config.embeddedDatabase?.dataDir ?? path.resolve('.data', 'dev'), 'fuzz', new Date().toISOString().replace(/[:.]/g, '-'));
  console.log(`Fuzzing ${apiUrl} with Schemathesis ${installedSchemathesisVersion()} (all checks; report in ${outDir})…`);
  const outcome = await runFuzzStage({ apiUrl, databaseUrl: config.DATABASE_URL, outDir });
  console.log(outcome.summary);
  console.log(`${outcome.ok ? '✓' : '✗'} fuzzing ${outcome.ok ? 'passed' : 'failed'} (${outcome.seconds.toFixed(1)}s; log ${outcome.logFile})`);
  return outcome.ok ? 0 : 1;
}

main().then(
  (code) => process.exit(code),
  (error) => {
    console.error(`npm run fuzz failed: ${error.stack ?? error}`);
    process.exit(1);
  },
);

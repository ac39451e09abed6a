import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadOpsConfig } from '../config/ops-config';
import { installedSchemathesisVersion, runFuzzStage } from './stack/fuzz-stage';

/**
 * `npm run fuzz [-- --seed N] [--max-examples N]`: the fuzzing stage of `npm test`, alone, against
 * the stack `npm start` runs (API_URL, else http://127.0.0.1:$PORT or :8080; its database as the ops
 * CLI finds it: DATABASE_URL, else STACK_DATA_DIR and PGPORT). The seed and the count of examples
 * per operation (also FUZZ_SEED, FUZZ_MAX_EXAMPLES) reproduce any run, the stage of `npm test`
 * included: its line prints both. It creates two companies of its own in that database; the demo
 * company is left alone.
 */
async function main(): Promise<number> {
  const { values } = parseArgs({ options: { seed: { type: 'string' }, 'max-examples': { type: 'string' } }, strict: true });
  const wholeNumber = (name: string, raw: string | undefined) => {
    if (raw === undefined) return undefined;
    if (!/^[1-9][0-9]{0,14}$/.test(raw)) throw new Error(`--${name} must be a whole number of at least 1, not ${JSON.stringify(raw)}`);
    return Number(raw);
  };
  const apiUrl = process.env.API_URL ?? `http://127.0.0.1:${process.env.PORT ?? 8080}`;
  const config = loadOpsConfig();
  const outDir = path.join(
    config.embeddedDatabase?.dataDir ?? path.resolve('.data', 'dev'),
    'fuzz',
    new Date().toISOString().replace(/[:.]/g, '-'),
  );
  const seed = wholeNumber('seed', values.seed);
  const maxExamples = wholeNumber('max-examples', values['max-examples']);
  console.log(`Fuzzing ${apiUrl} with Schemathesis ${installedSchemathesisVersion()} (all checks; report in ${outDir})…`);
  const outcome = await runFuzzStage({ apiUrl, databaseUrl: config.DATABASE_URL, outDir, seed, maxExamples });
  console.log(outcome.summary);
  console.log(
    `${outcome.ok ? '✓' : '✗'} fuzzing ${outcome.ok ? 'passed' : 'failed'} (seed ${outcome.seed}, ${outcome.maxExamples} examples per operation, ${outcome.seconds.toFixed(1)}s; log ${outcome.logFile})`,
  );
  return outcome.ok ? 0 : 1;
}

main().then(
  (code) => process.exit(code),
  (error) => {
    console.error(`npm run fuzz failed: ${error instanceof Error ? error.message : error}`);
    process.exit(error instanceof TypeError && (error as { code?: string }).code?.startsWith('ERR_PARSE_ARGS') ? 2 : 1);
  },
);

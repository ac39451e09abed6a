import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { WEBHOOK_URL_MAX, WEBHOOK_URL_MIN, webhookUrlPattern } from '../../api/resources/webhooks/webhook-url';
import { createDb } from '../../db/create-db';
import { startWebhookReceiver } from '../../support/webhook-receiver';
import { createFuzzTenants, fuzzEndpointUrls, pauseFuzzEndpoints } from './fuzz-tenants';
import { runSchemathesis } from './schemathesis-run';
import { projectRoot } from './stack';

export type FuzzOptions = {
  apiUrl: string;
  databaseUrl: string;
  /** The run's log, JUnit report and auth file go here. */
  outDir: string;
  /** Examples per operation and phase (FUZZ_MAX_EXAMPLES, else DEFAULT_FUZZ_MAX_EXAMPLES). */
  maxExamples?: number;
  /** FUZZ_SEED, else DEFAULT_FUZZ_SEED. */
  seed?: number;
};

/** The stage's bound and seed in `npm test` (docs/testing.md, "Fuzzing"): the same cases on every machine. */
export const DEFAULT_FUZZ_MAX_EXAMPLES = 20;
export const DEFAULT_FUZZ_SEED = 20261123;

/** A setting given as an option, else in the environment, else the default; anything but a whole number ≥ 1 is refused. */
export function fuzzSetting(name: string, given: number | undefined, fallback: number): number {
  const raw = given ?? process.env[name] ?? fallback;
  const value = Number(raw);
  if (!Number.isSafeInteger(value) || value < 1)
    throw new Error(`${name} must be a whole number of at least 1, not ${JSON.stringify(String(raw))}`);
  return value;
}

export { installedSchemathesisVersion } from './schemathesis-run';

/** `summary`: Schemathesis' closing section (its failures first) and our notes; `notes`: ours alone; `log`: its whole output. */
export type FuzzOutcome = {
  ok: boolean;
  seed: number;
  maxExamples: number;
  seconds: number;
  summary: string;
  notes: string;
  log: string;
  logFile: string;
};

/**
 * One Schemathesis run with all its checks against a live api (docs/testing.md, "Fuzzing"):
 * as two companies of its own, every webhook URL it registers rewritten to a loopback receiver,
 * bounded in time. Fails on any failed check, on an error of the run, and on an endpoint of the
 * fuzzer's companies that points anywhere but the receiver. Bounded by a count of examples, never
 * by time: two runs of one commit test the same requests on any machine.
 */
export async function runFuzzStage(options: FuzzOptions): Promise<FuzzOutcome> {
  const started = performance.now();
  const maxExamples = fuzzSetting('FUZZ_MAX_EXAMPLES', options.maxExamples, DEFAULT_FUZZ_MAX_EXAMPLES);
  const seed = fuzzSetting('FUZZ_SEED', options.seed, DEFAULT_FUZZ_SEED);
  mkdirSync(options.outDir, { recursive: true });
  const db = createDb(options.databaseUrl, { poolMax: 2, applicationName: 'fuzz' });
  const receiver = await startWebhookReceiver();
  try {
    const tenants = await createFuzzTenants(db);
    const authFile = path.join(options.outDir, 'fuzz-auth.json');
    writeFileSync(
      authFile,
      JSON.stringify({ auth: tenants.map((t) => ({ name: t.name, fixedHeaders: [{ name: 'X-API-Key', value: t.apiKey }] })) }),
      { mode: 0o600 },
    );
    const hook = receiver.url('/hook');
    const forgivenFile = path.join(options.outDir, 'forgiven-business-rules.json');
    receiver.respond('/hook', () => ({ status: 204 }));
    const { code, log, logFile } = await runSchemathesis({
      schemaUrl: `${options.apiUrl}/openapi.json`,
      outDir: options.outDir,
      maxExamples,
      seed,
      configFile: path.join(projectRoot, 'scripts', 'fuzz', 'schemathesis.toml'),
      hooksFile: path.join(projectRoot, 'scripts', 'fuzz', 'hooks.py'),
      args: ['--checks', 'all', '--auth-wfc', authFile],
      env: {
        FUZZ_WEBHOOK_URL: hook,
        FUZZ_WEBHOOK_URL_PATTERN: webhookUrlPattern.source,
        FUZZ_WEBHOOK_URL_MIN: String(WEBHOOK_URL_MIN),
        FUZZ_WEBHOOK_URL_MAX: String(WEBHOOK_URL_MAX),
        FUZZ_FORGIVEN_FILE: forgivenFile,
      },
    });
    const strays = (await fuzzEndpointUrls(db, tenants)).filter((url) => url !== hook);
    await pauseFuzzEndpoints(db, tenants);
    // The closing summary; after a failure, the failures (each with its curl line) before it.
    const section = (title: string) => (log.includes(` ${title} `) ? log.lastIndexOf('\n', log.indexOf(` ${title} `)) + 1 : -1);
    const from = code !== 0 && section('FAILURES') >= 0 ? section('FAILURES') : section('SUMMARY');
    const summary = from >= 0 ? log.slice(from, from + 8000) : log.slice(-2000);
    const problems = [
      ...(code === 0 ? [] : [`schemathesis exited with ${code ?? 'a signal (killed as hung)'}; every failure is in ${logFile}`]),
      ...strays.map((url) => `a webhook endpoint of the fuzzer's companies points elsewhere than the loopback receiver: ${url}`),
    ];
    const seconds = (performance.now() - started) / 1000;
    const counts = `seed ${seed}, ${maxExamples} examples per operation (\`npm run fuzz -- --seed ${seed} --max-examples ${maxExamples}\` repeats this run); ${receiver.deliveries().length} deliveries reached the loopback receiver; schema-valid requests refused by a business rule (forgiven): ${forgivenSummary(forgivenFile)}`;
    const notes = `${counts}${problems.length ? `\n${problems.join('\n')}` : ''}`;
    return { ok: problems.length === 0, seed, maxExamples, seconds, summary: `${summary.trim()}\n${notes}`, notes, log, logFile };
  } finally {
    await receiver.close();
    await db.destroy();
  }
}

function forgivenSummary(file: string): string {
  try {
    const counts = Object.entries<number>(JSON.parse(readFileSync(file, 'utf8')));
    return counts.length === 0 ? 'none' : counts.map(([rule, n]) => `${rule} ×${n}`).join(', ');
  } catch {
    return 'unknown (no file)';
  }
}

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
  /** Schemathesis' own budget; the stage kills it 60 s later at the latest. */
  maxTimeSeconds?: number;
  seed?: number;
};

export { installedSchemathesisVersion } from './schemathesis-run';

/** `summary`: Schemathesis' closing section (its failures first) and our notes; `notes`: ours alone; `log`: its whole output. */
export type FuzzOutcome = { ok: boolean; seconds: number; summary: string; notes: string; log: string; logFile: string };

/**
 * One Schemathesis run with all its checks against a live api (docs/testing.md, "Fuzzing"):
 * as two companies of its own, every webhook URL it registers rewritten to a loopback receiver,
 * bounded in time. Fails on any failed check, on an error of the run, and on an endpoint of the
 * fuzzer's companies that points anywhere but the receiver.
 */
export async function runFuzzStage(options: FuzzOptions): Promise<FuzzOutcome> {
  const started = performance.now();
  const maxTime = options.maxTimeSeconds ?? Number(process.env.FUZZ_MAX_TIME ?? 150);
  const seed = options.seed ?? Number(process.env.FUZZ_SEED ?? 20261123);
  mkdirSync(options.outDir, { recursive: true });
  const db = createDb(options.databaseUrl, { poolMax: 2, applicationName: 'fuzz' });
  const receiver = await startWebhookReceiver();
  try {
    const tenants = await createFuzzTenants(db);
    const authFile = path.join(options.outDir, 'fuzz-auth.json');
    writeFileSync(authFile, JSON.stringify({ auth: tenants.map((t) => ({ name: t.name, fixedHeaders: [{ name: 'X-API-Key', value: t.apiKey }] })) }), { mode: 0o600 });
    const hook = receiver.url('/hook');
    const forgivenFile = path.join(options.outDir, 'forgiven-business-rules.json');
    receiver.respond('/hook', () => ({ status: 204 }));
    const { code, log, logFile } = await runSchemathesis({
      schemaUrl: `${options.apiUrl}/openapi.json`,
      outDir: options.outDir,
      maxTimeSeconds: maxTime,
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
      ...(code === 0 ? [] : [`schemathesis exited with ${code ?? 'a signal (over its time limit)'}; every failure is in ${logFile}`]),
      ...strays.map((url) => `a webhook endpoint of the fuzzer's companies points elsewhere than the loopback receiver: ${url}`),
    ];
    const seconds = (performance.now() - started) / 1000;
    const counts = `${receiver.deliveries().length} deliveries reached the loopback receiver, seed ${seed}; schema-valid requests refused by a business rule (forgiven): ${forgivenSummary(forgivenFile)}`;
    const notes = `${counts}${problems.length ? `\n${problems.join('\n')}` : ''}`;
    return { ok: problems.length === 0, seconds, summary: `${summary.trim()}\n${notes}`, notes, log, logFile };
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

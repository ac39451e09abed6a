import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { WEBHOOK_URL_MAX, WEBHOOK_URL_MIN, webhookUrlPattern } from '../../api/schemas/webhook-url';
import { createDb } from '../../db/create-db';
import { startWebhookReceiver } from '../../support/webhook-receiver';
import { createFuzzTenants, fuzzEndpointUrls, pauseFuzzEndpoints } from './fuzz-tenants';
import { startProcess } from './processes';
import { projectRoot } from './stack';

/** Where scripts/bootstrap.mjs installs the pinned Schemathesis (pip --target) and its version stamp. */
export const schemathesisDir = path.join(projectRoot, '.tools', 'schemathesis');

export type FuzzOptions = {
  apiUrl: string;
  databaseUrl: string;
  /** The run's log, JUnit report and auth file go here. */
  outDir: string;
  /** Schemathesis' own budget; the stage kills it 60 s later at the latest. */
  maxTimeSeconds?: number;
  seed?: number;
};

export type FuzzOutcome = { ok: boolean; seconds: number; summary: string; logFile: string };

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
  const logFile = path.join(options.outDir, 'fuzz.log');
  const db = createDb(options.databaseUrl, { poolMax: 2, applicationName: 'fuzz' });
  const receiver = await startWebhookReceiver();
  try {
    const tenants = await createFuzzTenants(db);
    const authFile = path.join(options.outDir, 'fuzz-auth.json');
    writeFileSync(authFile, JSON.stringify({ auth: tenants.map((t) => ({ name: t.name, fixedHeaders: [{ name: 'X-API-Key', value: t.apiKey }] })) }), { mode: 0o600 });
    const hook = receiver.url('/hook');
    const forgivenFile = path.join(options.outDir, 'forgiven-business-rules.json');
    receiver.respond('/hook', () => ({ status: 204 }));
    const st = startProcess({
      name: 'schemathesis',
      command: 'python3',
      args: ['-m', 'schemathesis.cli', '--no-color', '--config-file', path.join(projectRoot, 'scripts', 'fuzz', 'schemathesis.toml'), 'run', `${options.apiUrl}/openapi.json`,
        '--checks', 'all', '--max-time', String(maxTime), '--seed', String(seed), '--auth-wfc', authFile,
        '--report', 'junit', '--report-dir', options.outDir],
      env: {
        ...process.env,
        PYTHONPATH: schemathesisDir,
        PYTHONNOUSERSITE: '1',
        SCHEMATHESIS_HOOKS: path.join(projectRoot, 'scripts', 'fuzz', 'hooks.py'),
        FUZZ_WEBHOOK_URL: hook,
        FUZZ_WEBHOOK_URL_PATTERN: webhookUrlPattern.source,
        FUZZ_WEBHOOK_URL_MIN: String(WEBHOOK_URL_MIN),
        FUZZ_WEBHOOK_URL_MAX: String(WEBHOOK_URL_MAX),
        FUZZ_FORGIVEN_FILE: forgivenFile,
        FUZZ_CACHE_DIR: path.join(options.outDir, 'cache'),
      },
      logFile,
      echo: false,
    });
    const deadline = setTimeout(() => void st.stop(5_000), (maxTime + 60) * 1000);
    const code = await st.exited;
    clearTimeout(deadline);
    await new Promise((r) => setTimeout(r, 200)); // the log file's last lines
    const strays = (await fuzzEndpointUrls(db, tenants)).filter((url) => url !== hook);
    await pauseFuzzEndpoints(db, tenants);
    const log = readFileSync(logFile, 'utf8');
    const summary = log.slice(log.lastIndexOf('SUMMARY') >= 0 ? log.lastIndexOf('=====', log.lastIndexOf('SUMMARY')) : Math.max(0, log.length - 2000));
    const problems = [
      ...(code === 0 ? [] : [`schemathesis exited with ${code ?? 'a signal (over its time limit)'}; every failure is in ${logFile}`]),
      ...strays.map((url) => `a webhook endpoint of the fuzzer's companies points elsewhere than the loopback receiver: ${url}`),
    ];
    const seconds = (performance.now() - started) / 1000;
    const counts = `${receiver.deliveries().length} deliveries reached the loopback receiver, seed ${seed}; schema-valid requests refused by a business rule (forgiven): ${forgivenSummary(forgivenFile)}`;
    return { ok: problems.length === 0, seconds, summary: `${summary.trim()}\n${counts}${problems.length ? `\n${problems.join('\n')}` : ''}`, logFile };
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

/** The installed Schemathesis version (the bootstrap's stamp), for the stage's line. */
export function installedSchemathesisVersion(): string {
  try {
    return readFileSync(path.join(schemathesisDir, '.version'), 'utf8').trim();
  } catch {
    return 'not installed';
  }
}

import { readFileSync } from 'node:fs';
import path from 'node:path';
import { startProcess } from './processes';
import { projectRoot } from './stack';

/** Where scripts/bootstrap.mjs installs the pinned Schemathesis (pip --target) and its version stamp. */
const schemathesisDir = path.join(projectRoot, '.tools', 'schemathesis');

export type SchemathesisRun = {
  schemaUrl: string;
  outDir: string;
  /** Test cases generated per operation and phase: the run's bound, the same on any machine. */
  maxExamples: number;
  seed: number;
  /** Extra `st run` arguments (auth, checks…) and environment (the hooks' settings). */
  args?: string[];
  env?: Record<string, string>;
  configFile?: string;
  hooksFile?: string;
};

/**
 * A run that has not ended by then is hung (a request that never answers, a loop), not slow: the
 * count bounds the work and this only ends a process that would never end (docs/testing.md, "Fuzzing").
 */
export const SCHEMATHESIS_HANG_SECONDS = 1_200;

/**
 * One `st run` of the installed Schemathesis, its output in `<outDir>/fuzz.log`, bounded by a count
 * of examples per operation, never by time: with the seed and deterministic generation, two runs of
 * one commit on any two machines generate the same requests. Resolves with its exit code (null
 * when it was killed as hung) and the log.
 */
export async function runSchemathesis(run: SchemathesisRun): Promise<{ code: number | null; log: string; logFile: string }> {
  const logFile = path.join(run.outDir, 'fuzz.log');
  const st = startProcess({
    name: 'schemathesis',
    command: 'python3',
    args: [
      '-m',
      'schemathesis.cli',
      '--no-color',
      ...(run.configFile ? ['--config-file', run.configFile] : []),
      'run',
      run.schemaUrl,
      ...schemathesisBoundArgs(run),
      '--report',
      'junit',
      '--report-dir',
      run.outDir,
      ...(run.args ?? []),
    ],
    env: {
      ...process.env,
      PYTHONPATH: schemathesisDir,
      PYTHONNOUSERSITE: '1',
      FUZZ_CACHE_DIR: path.join(run.outDir, 'cache'),
      ...(run.hooksFile ? { SCHEMATHESIS_HOOKS: run.hooksFile } : {}),
      ...run.env,
    },
    cwd: run.outDir,
    logFile,
    echo: false,
  });
  const deadline = setTimeout(() => void st.stop(5_000), SCHEMATHESIS_HANG_SECONDS * 1000);
  const code = await st.exited;
  clearTimeout(deadline);
  await new Promise((r) => setTimeout(r, 200)); // the log file's last lines
  return { code, log: readFileSync(logFile, 'utf8'), logFile };
}

/**
 * What makes a run the same everywhere: a count of examples per operation (no `--max-time`), the
 * seed, Hypothesis derandomized, and no health check that reads the clock (`too_slow` would stop
 * generation for an operation on a slow machine only).
 */
export function schemathesisBoundArgs(run: Pick<SchemathesisRun, 'maxExamples' | 'seed'>): string[] {
  return [
    '--max-examples',
    String(run.maxExamples),
    '--seed',
    String(run.seed),
    '--generation-deterministic',
    '--suppress-health-check',
    'too_slow',
  ];
}

/** The installed Schemathesis version (the bootstrap's stamp), for the stage's line. */
export function installedSchemathesisVersion(): string {
  try {
    return readFileSync(path.join(schemathesisDir, '.version'), 'utf8').trim();
  } catch {
    return 'not installed';
  }
}

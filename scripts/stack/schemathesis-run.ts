import { readFileSync } from 'node:fs';
import path from 'node:path';
import { startProcess } from './processes';
import { projectRoot } from './stack';

/** Where scripts/bootstrap.mjs installs the pinned Schemathesis (pip --target) and its version stamp. */
const schemathesisDir = path.join(projectRoot, '.tools', 'schemathesis');

export type SchemathesisRun = {
  schemaUrl: string;
  outDir: string;
  maxTimeSeconds: number;
  seed: number;
  /** Extra `st run` arguments (auth, checks…) and environment (the hooks' settings). */
  args?: string[];
  env?: Record<string, string>;
  configFile?: string;
  hooksFile?: string;
};

/**
 * One `st run` of the installed Schemathesis, its output in `<outDir>/fuzz.log`, killed 60 s
 * past its own time budget. Resolves with its exit code (null when killed) and the log.
 */
export async function runSchemathesis(run: SchemathesisRun): Promise<{ code: number | null; log: string; logFile: string }> {
  const logFile = path.join(run.outDir, 'fuzz.log');
  const st = startProcess({
    name: 'schemathesis',
    command: 'python3',
    args: ['-m', 'schemathesis.cli', '--no-color', ...(run.configFile ? ['--config-file', run.configFile] : []), 'run', run.schemaUrl,
      '--max-time', String(run.maxTimeSeconds), '--seed', String(run.seed), '--report', 'junit', '--report-dir', run.outDir, ...(run.args ?? [])],
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
  const deadline = setTimeout(() => void st.stop(5_000), (run.maxTimeSeconds + 60) * 1000);
  const code = await st.exited;
  clearTimeout(deadline);
  await new Promise((r) => setTimeout(r, 200)); // the log file's last lines
  return { code, log: readFileSync(logFile, 'utf8'), logFile };
}

/** The installed Schemathesis version (the bootstrap's stamp), for the stage's line. */
export function installedSchemathesisVersion(): string {
  try {
    return readFileSync(path.join(schemathesisDir, '.version'), 'utf8').trim();
  } catch {
    return 'not installed';
  }
}

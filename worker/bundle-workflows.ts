import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { bundleWorkflowCode } from '@temporalio/worker';

export const workflowsPath = path.join(__dirname, '..', 'workflows', 'index.ts');
/** Bundled with every workflow: OpenTelemetry spans for traced starts only (workflows/tracing-interceptors.ts). */
export const workflowInterceptorModules = [path.join(__dirname, '..', 'workflows', 'tracing-interceptors.ts')];
/**
 * Evaluated once per worker instead of once per workflow run (docs/throughput-ceiling.md,
 * "Modules evaluated once"): the sandbox re-runs every module a run requires after it starts, and
 * these hold no state of a run, only constants at module level. The SDK deep-freezes what they
 * export, and the lint refuses a module-level `let` or `var` in them (eslint.config.mjs). The
 * OpenTelemetry workflow library is not among them: a traced run loads its own.
 */
export const preloadModules = ['@temporalio/workflow', workflowsPath, ...workflowInterceptorModules];

/** How the service's workflows are bundled, wherever they are: the worker, the prebuilt file, the replay test. */
export const serviceBundleOptions = { workflowsPath, workflowInterceptorModules, preloadModules };

/** Bundles the workflow code once, so that every worker process (and restart) reuses it. */
export async function bundleWorkflowsToFile(outputPath: string): Promise<void> {
  const { code } = await bundleWorkflowCode({ ...serviceBundleOptions, logger: undefined });
  await writeFile(outputPath, code);
}

if (require.main === module) {
  const out = process.argv[2];
  if (!out) {
    process.stderr.write('usage: bundle-workflows <output.js>\n');
    process.exit(2);
  }
  bundleWorkflowsToFile(path.resolve(out)).catch((error) => {
    process.stderr.write(`bundling failed: ${error.message}\n`);
    process.exit(1);
  });
}

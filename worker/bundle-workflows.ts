import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { bundleWorkflowCode } from '@temporalio/worker';

export const workflowsPath = path.join(__dirname, '..', 'workflows', 'index.ts');
/** Bundled with every workflow: OpenTelemetry spans for traced starts only (workflows/tracing-interceptors.ts). */
export const workflowInterceptorModules = [path.join(__dirname, '..', 'workflows', 'tracing-interceptors.ts')];

/** Bundles the workflow code once, so that every worker process (and restart) reuses it. */
export async function bundleWorkflowsToFile(outputPath: string): Promise<void> {
  const { code } = await bundleWorkflowCode({ workflowsPath, workflowInterceptorModules, logger: undefined });
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

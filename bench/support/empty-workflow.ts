import { randomUUID } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { Client } from '@temporalio/client';
import { bundleWorkflowCode, NativeConnection, Worker } from '@temporalio/worker';

/**
 * The orchestration ceiling: an empty workflow (no activity, no database) on the given Temporal
 * server, run by a worker in this process. `use` gets one call that starts and awaits one run.
 */
export async function withEmptyWorkflow<T>(
  dataDir: string,
  address: string,
  use: (runOnce: (eager: boolean) => Promise<boolean>) => Promise<T>,
): Promise<T> {
  const file = path.join(dataDir, 'empty-workflow.ts');
  writeFileSync(file, 'export async function emptyWorkflow(): Promise<number> { return 1; }\n');
  const { code } = await bundleWorkflowCode({ workflowsPath: file, logger: undefined });
  const connection = await NativeConnection.connect({ address });
  const worker = await Worker.create({ connection, namespace: 'default', taskQueue: 'bench-empty', workflowBundle: { code } });
  const client = new Client({ connection });
  const running = worker.run();
  try {
    return await use(
      async (eager) =>
        (await client.workflow.execute('emptyWorkflow', {
          taskQueue: 'bench-empty',
          workflowId: `bench-empty-${randomUUID()}`,
          requestEagerStart: eager,
        })) === 1,
    );
  } finally {
    worker.shutdown();
    await running;
    await connection.close();
  }
}

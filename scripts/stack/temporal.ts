import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { Connection } from '@temporalio/client';
import { customSearchAttributes } from '../../contracts/search-attributes';
import { taskQueueFairnessSettings } from '../../contracts/work-priority';
import { ManagedProcess, startProcess, waitFor } from './processes';

export function temporalCliPath(): string {
  const cli = process.env.TEMPORAL_CLI_PATH ?? path.join(__dirname, '..', '..', '.tools', 'temporal-cli', 'bin', 'temporal');
  if (!existsSync(cli)) throw new Error(`Temporal CLI not found at ${cli}; run through npm start / npm test, which install it`);
  return cli;
}

/**
 * Latency settings of the dev server, measured with bench/analyses.ts (docs/analyses.md):
 * - SQLite in WAL mode with synchronous=NORMAL: a commit appends to the log without an fsync
 *   each time. The default rollback journal fsyncs several times per transaction, which made the
 *   file store 5–10× slower than memory. The file still survives a restart or a crash of the
 *   server process; only an OS crash or power loss can drop the last commits, acceptable for a
 *   local stack whose production counterpart is a real Temporal cluster.
 * - The history service reads its transfer and visibility task queues at most
 *   `…MaxPollRPS` (default 20) times a second per shard, and the dev server has one shard: a
 *   new workflow or activity task waited up to 50 ms (≈ 36 ms median) before matching saw it.
 *   Reads are triggered by new tasks, so a high cap costs nothing when idle.
 * - The search-attribute cache stays ON: unless `system.forceSearchAttributesCacheRefreshOnRead`
 *   is given explicitly, the CLI's dev server disables it, so that attributes added at run time
 *   are usable at once — and then every start, upsert and visibility write reloads the type map
 *   from the database (≈ 6 % of the server's CPU in a `perf` profile of the analyses bench). The
 *   service registers all of its attributes at start (`--search-attribute`), before any workflow.
 */
export function devServerTuningArgs(options: { file: boolean }): string[] {
  const args: string[] = [];
  if (options.file) args.push('--sqlite-pragma', 'journal_mode=wal', '--sqlite-pragma', 'synchronous=normal');
  for (const setting of [
    'history.transferProcessorMaxPollRPS=10000',
    'history.visibilityProcessorMaxPollRPS=10000',
    'system.forceSearchAttributesCacheRefreshOnRead=false',
  ])
    args.push('--dynamic-config-value', setting);
  return args;
}

/**
 * What the service needs of the server, not a tuning: Task Queue Priority and Fairness
 * (contracts/work-priority.ts), so that one company's backlog cannot starve another's work.
 */
export function devServerFeatureArgs(settings: Record<string, boolean | number> = taskQueueFairnessSettings): string[] {
  return Object.entries(settings).flatMap(([key, value]) => ['--dynamic-config-value', `${key}=${JSON.stringify(value)}`]);
}

/**
 * Temporal's own dev server (the `temporal` CLI), persisted in a SQLite file, with the
 * service's search attributes registered at start and, optionally, its Web UI.
 */
export async function startTemporalDevServer(options: {
  dataDir: string;
  port: number;
  uiPort?: number;
  namespaces?: string[];
  logFile?: string;
  echo?: boolean;
}): Promise<ManagedProcess & { address: string }> {
  mkdirSync(options.dataDir, { recursive: true });
  const args = [
    'server',
    'start-dev',
    '--ip',
    '127.0.0.1',
    '--port',
    String(options.port),
    '--db-filename',
    path.join(options.dataDir, 'temporal.db'),
    '--log-level',
    'warn',
  ];
  if (options.uiPort) args.push('--ui-port', String(options.uiPort), '--ui-ip', '127.0.0.1');
  else args.push('--headless');
  for (const ns of options.namespaces ?? []) args.push('--namespace', ns);
  for (const [name, type] of Object.entries(customSearchAttributes)) args.push('--search-attribute', `${name}=${type}`);
  args.push(...devServerFeatureArgs(), ...devServerTuningArgs({ file: true }));
  const server = startProcess({ name: 'temporal', command: temporalCliPath(), args, logFile: options.logFile, echo: options.echo });
  const address = `127.0.0.1:${options.port}`;
  await Promise.race([
    waitFor(
      'the Temporal dev server',
      async () => {
        const connection = await Connection.connect({ address, connectTimeout: '1s' });
        try {
          await connection.workflowService.getSystemInfo({});
          await connection.workflowService.describeNamespace({ namespace: 'default' });
          return true;
        } finally {
          await connection.close();
        }
      },
      60_000,
      250,
    ),
    server.exited.then((code) => {
      throw new Error(`the Temporal dev server exited with code ${code}${options.logFile ? ` (see ${options.logFile})` : ''}`);
    }),
  ]);
  return { ...server, address };
}

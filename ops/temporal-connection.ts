import type { Client } from '@temporalio/client';
import { loadOpsConfig } from '../config/ops-config';

/**
 * A Temporal client for one ops command, from the ops configuration (TEMPORAL_ADDRESS /
 * TEMPORAL_NAMESPACE, config/ops-config.ts), closed when the command is done. The client library
 * loads here, when a command needs Temporal: every other command starts without it
 * (docs/operations.md, "The ops CLI").
 */
export async function withOpsTemporal<T>(run: (client: Client) => Promise<T>): Promise<T> {
  const { Client, Connection } = await import('@temporalio/client');
  const config = loadOpsConfig();
  const connection = await Connection.connect({ address: config.TEMPORAL_ADDRESS, connectTimeout: '5s' });
  try {
    return await run(new Client({ connection, namespace: config.TEMPORAL_NAMESPACE }));
  } finally {
    await connection.close();
  }
}

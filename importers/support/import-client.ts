import type { Knex } from 'knex';
import type { PoolClient } from 'pg';
import { abortActiveCopies } from './copy-rows';

/**
 * One pooled connection for a whole import, in one transaction: COPY needs the raw pg client,
 * the staging tables are session-local temp tables, and a failure rolls everything back.
 */
export async function withImportClient<T>(db: Knex, work: (client: PoolClient) => Promise<T>): Promise<T> {
  const client: PoolClient = await (db.client as any).acquireConnection();
  try {
    await client.query('BEGIN');
    await client.query(`SET LOCAL synchronous_commit = off; SET LOCAL work_mem = '128MB'; SET LOCAL maintenance_work_mem = '256MB'`);
    const result = await work(client);
    await client.query('COMMIT');
    return result;
  } catch (error) {
    await abortActiveCopies(client).catch(() => undefined);
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    await (db.client as any).releaseConnection(client);
  }
}

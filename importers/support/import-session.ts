import type { Knex } from 'knex';
import type { PoolClient } from 'pg';
import { abortActiveCopies } from './copy-rows';

/**
 * Two pooled connections for one bulk import, so the database works on both cores: one backend
 * runs one statement at a time, and INSERT … SELECT never runs in parallel. The connections run
 * in autocommit (each statement commits), so what one writes the other sees once it finishes;
 * the staging tables are UNLOGGED tables in a schema of the import run (`import_run_<id>`),
 * first on both search paths, dropped at the end. A session-level advisory lock serializes
 * imports of one kind: while it is held no other such import runs, which is what lets
 * `recoverInterruptedImports` treat any other `running` run as interrupted.
 */
export type ImportSession = { a: PoolClient; b: PoolClient; schema?: string };

const sessionSettings = `SET synchronous_commit = off; SET maintenance_work_mem = '256MB'`;

async function acquire(db: Knex): Promise<PoolClient> {
  return (db.client as any).acquireConnection();
}

async function release(db: Knex, client: PoolClient): Promise<void> {
  await abortActiveCopies(client).catch(() => undefined);
  // Session settings would otherwise follow the connection back into the pool.
  await client.query('RESET ALL').catch(() => undefined);
  await (db.client as any).releaseConnection(client);
}

export async function openImportSession(db: Knex, lockKey: string): Promise<ImportSession> {
  const a = await acquire(db);
  try {
    await a.query('SELECT pg_advisory_lock(hashtext($1))', [lockKey]);
    await a.query(sessionSettings);
    const b = await acquire(db);
    await b.query(sessionSettings);
    return { a, b };
  } catch (error) {
    await release(db, a);
    throw error;
  }
}

/** Creates the run's staging schema and puts it first on both connections' search paths. */
export async function useRunSchema(session: ImportSession, runId: number): Promise<void> {
  session.schema = `import_run_${runId}`;
  await session.a.query(`DROP SCHEMA IF EXISTS ${session.schema} CASCADE; CREATE SCHEMA ${session.schema}`);
  for (const client of [session.a, session.b]) await client.query(`SET search_path = ${session.schema}, public`);
}

/** Drops the staging schema, hands both connections back, and releases the lock last. */
export async function closeImportSession(db: Knex, session: ImportSession, beforeUnlock?: () => Promise<void>): Promise<void> {
  try {
    await abortActiveCopies(session.a).catch(() => undefined);
    await abortActiveCopies(session.b).catch(() => undefined);
    if (session.schema) await session.a.query(`DROP SCHEMA IF EXISTS ${session.schema} CASCADE`);
  } finally {
    await release(db, session.b);
    try {
      await beforeUnlock?.();
    } finally {
      await session.a.query('SELECT pg_advisory_unlock_all()').catch(() => undefined);
      await release(db, session.a);
    }
  }
}

/** Runs the two lanes at once; a failure in one waits for the other before it is rethrown. */
export async function inParallel<A, B>(left: () => Promise<A>, right: () => Promise<B>): Promise<[A, B]> {
  const settled = await Promise.allSettled([left(), right()]);
  for (const s of settled) if (s.status === 'rejected') throw s.reason;
  return [(settled[0] as PromiseFulfilledResult<A>).value, (settled[1] as PromiseFulfilledResult<B>).value];
}

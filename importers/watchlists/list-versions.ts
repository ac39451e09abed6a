import type { PoolClient } from 'pg';
import type { ListVersion } from './watchlist-read-item';

/** The version a list is at, read under the list's transaction lock (one import of a list at a time). */
export async function lockCurrentVersion(client: PoolClient, list: string): Promise<{ version: string; published_at: Date } | null> {
  await client.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`watchlist:${list}`]);
  const { rows } = await client.query(`SELECT version, published_at FROM watchlist_versions WHERE list = $1 AND status = 'current'`, [
    list,
  ]);
  return rows[0] ?? null;
}

/**
 * Why a publication is not imported (it is the current one or older), or undefined when it is
 * newer: a list only moves forward, so re-running an old download never rolls a list back.
 */
export function refuseVersion(
  list: string,
  incoming: ListVersion,
  current: { version: string; published_at: Date } | null,
): string | undefined {
  if (!current) return undefined;
  const at = new Date(incoming.published_at).getTime();
  if (at > current.published_at.getTime()) return undefined;
  return at === current.published_at.getTime()
    ? `${list} version ${incoming.version} is already the current one: nothing changed`
    : `${list} version ${incoming.version} is older than the current ${current.version}: nothing changed`;
}

/** The new publication becomes current, the previous one superseded (kept: history). */
export async function recordVersion(
  client: PoolClient,
  input: { list: string; version: ListVersion; entries: number; fileSha256: string; runId: number },
): Promise<void> {
  await client.query(`UPDATE watchlist_versions SET status = 'superseded' WHERE list = $1 AND status = 'current'`, [input.list]);
  await client.query(
    `INSERT INTO watchlist_versions (list, version, published_at, entries, file_sha256, status, import_run_id) VALUES ($1, $2, $3, $4, $5, 'current', $6)`,
    [input.list, input.version.version, input.version.published_at, input.entries, input.fileSha256, input.runId],
  );
}

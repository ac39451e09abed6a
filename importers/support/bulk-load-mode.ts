import type { PoolClient } from 'pg';

export type BulkLoadMode = 'auto' | 'always' | 'never';

/** Below this many staged rows, index upkeep per row is cheaper than rebuilding whole indexes. */
export const bulkLoadMinRows = 50_000;

type SavedSchema = { indexes: { name: string; def: string }[]; foreignKeys: { table: string; name: string; def: string }[] };

const quoteIdent = (name: string) => `"${name.replace(/"/g, '""')}"`;

/**
 * The bulk-load rule: when a load is at least `bulkLoadMinRows` and at least as large as what
 * `mainTable` already holds (a first load, or a store much smaller than the release), rebuilding
 * secondary indexes and re-validating foreign keys once, set-based, beats maintaining them row by
 * row. The size check counts at most `incomingRows` rows, so it stays cheap on a large store.
 */
export async function shouldBulkLoad(client: PoolClient, mainTable: string, incomingRows: number, mode: BulkLoadMode = 'auto'): Promise<boolean> {
  if (mode !== 'auto') return mode === 'always';
  if (incomingRows < bulkLoadMinRows) return false;
  const { rows } = await client.query(`SELECT count(*)::int AS n FROM (SELECT 1 FROM ${quoteIdent(mainTable)} LIMIT $1) x`, [incomingRows + 1]);
  return rows[0].n <= incomingRows;
}

/**
 * Drops the secondary (non-unique) indexes and the foreign keys of `tables`, returning their
 * definitions for `restoreIndexesAndKeys`. Unique indexes stay: ON CONFLICT needs them. The
 * tables are locked first, in one fixed order, so two bulk imports queue instead of deadlocking;
 * everything happens in the import's transaction, so a failure restores the schema as it was.
 */
export async function dropIndexesAndKeys(client: PoolClient, tables: string[]): Promise<SavedSchema> {
  await client.query(`LOCK TABLE ${tables.map(quoteIdent).join(', ')} IN ACCESS EXCLUSIVE MODE`);
  const { rows: indexes } = await client.query(
    `SELECT quote_ident(n.nspname) || '.' || quote_ident(c.relname) AS name, pg_get_indexdef(i.indexrelid) AS def
     FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid JOIN pg_namespace n ON n.oid = c.relnamespace
     WHERE i.indrelid = ANY($1::regclass[]) AND NOT i.indisunique AND NOT i.indisprimary
       AND NOT EXISTS (SELECT 1 FROM pg_constraint k WHERE k.conindid = i.indexrelid AND k.conrelid = i.indrelid)
     ORDER BY c.relname`,
    [tables],
  );
  const { rows: foreignKeys } = await client.query(
    `SELECT conrelid::regclass::text AS table, conname AS name, pg_get_constraintdef(oid) AS def
     FROM pg_constraint WHERE contype = 'f' AND conrelid = ANY($1::regclass[]) ORDER BY conrelid::regclass::text, conname`,
    [tables],
  );
  for (const fk of foreignKeys) await client.query(`ALTER TABLE ${fk.table} DROP CONSTRAINT ${quoteIdent(fk.name)}`);
  for (const index of indexes) await client.query(`DROP INDEX ${index.name}`);
  return { indexes, foreignKeys };
}

/** Rebuilds what `dropIndexesAndKeys` removed; each foreign key is validated by one set-based check. */
export async function restoreIndexesAndKeys(client: PoolClient, saved: SavedSchema, onStep?: (step: string, durationMs: number) => void): Promise<void> {
  const timed = async (step: string, sql: string) => {
    const started = performance.now();
    await client.query(sql);
    onStep?.(step, Math.round(performance.now() - started));
  };
  for (const index of saved.indexes) await timed(`index ${index.name}`, index.def);
  for (const fk of saved.foreignKeys) await timed(`fk ${fk.name}`, `ALTER TABLE ${fk.table} ADD CONSTRAINT ${quoteIdent(fk.name)} ${fk.def}`);
}

import type { PoolClient } from 'pg';

export type BulkLoadMode = 'auto' | 'always' | 'never';

/** Below this many staged rows, index upkeep per row is cheaper than rebuilding whole indexes. */
const bulkLoadMinRows = 50_000;

type SavedSchema = { indexes: { name: string; def: string }[]; foreignKeys: { table: string; name: string; def: string }[] };

export const quoteIdent = (name: string) => `"${name.replace(/"/g, '""')}"`;

/**
 * The bulk-load rule: when a load is at least `bulkLoadMinRows` and at least as large as what
 * `mainTable` already holds (a first load, or a store much smaller than the release), rebuilding
 * secondary indexes and re-validating foreign keys once, set-based, beats maintaining them row by
 * row. The size check counts at most `incomingRows` rows, so it stays cheap on a large store.
 */
export async function shouldBulkLoad(
  client: PoolClient,
  mainTable: string,
  incomingRows: number,
  mode: BulkLoadMode = 'auto',
): Promise<boolean> {
  if (mode !== 'auto') return mode === 'always';
  if (incomingRows < bulkLoadMinRows) return false;
  const { rows } = await client.query(`SELECT count(*)::int AS n FROM (SELECT 1 FROM ${quoteIdent(mainTable)} LIMIT $1) x`, [
    incomingRows + 1,
  ]);
  return rows[0].n <= incomingRows;
}

/**
 * Drops the secondary (non-unique) indexes and the foreign keys of `tables`, returning their
 * definitions for `restoreIndexesAndKeys`. Unique indexes stay: ON CONFLICT needs them. One
 * transaction locks the tables (one fixed order), records the definitions on the import run
 * (`stats.pending_schema`) and drops: committed, so both import connections see it, and recorded,
 * so an import that dies before the rebuild is repaired by the next one
 * (`recoverInterruptedImports`).
 */
export async function dropIndexesAndKeys(client: PoolClient, tables: string[], runId: number): Promise<SavedSchema> {
  await client.query('BEGIN');
  try {
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
    const saved = { indexes, foreignKeys };
    await client.query(`UPDATE import_runs SET stats = stats || jsonb_build_object('pending_schema', $2::jsonb) WHERE id = $1`, [
      runId,
      JSON.stringify(saved),
    ]);
    for (const fk of foreignKeys) await client.query(`ALTER TABLE ${fk.table} DROP CONSTRAINT ${quoteIdent(fk.name)}`);
    for (const index of indexes) await client.query(`DROP INDEX ${index.name}`);
    await client.query('COMMIT');
    return saved;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  }
}

/** Splits what was dropped into what belongs to `table` (rebuildable once that table is final) and the rest. */
export function splitSavedSchema(saved: SavedSchema, table: string): [SavedSchema, SavedSchema] {
  const on = new RegExp(`\\sON (ONLY )?(public\\.)?"?${table}"?\\s`);
  const ofTable = (t: string) => t === table || t === `public.${table}`;
  return [
    { indexes: saved.indexes.filter((i) => on.test(i.def)), foreignKeys: saved.foreignKeys.filter((k) => ofTable(k.table)) },
    { indexes: saved.indexes.filter((i) => !on.test(i.def)), foreignKeys: saved.foreignKeys.filter((k) => !ofTable(k.table)) },
  ];
}

export type { SavedSchema };

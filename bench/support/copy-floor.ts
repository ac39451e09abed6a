import type { Knex } from 'knex';
import type { PoolClient } from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { pipeline } from 'node:stream/promises';
import { classifyRfFile, RfFileKind } from '../../importers/rf/rf-files';
import { listSourceEntries, SourceEntry } from '../../importers/support/source-entries';

/** Columns of each Receita Federal layout (docs/importers.md, "import cnpj"); code tables have two. */
const columnCounts: Partial<Record<RfFileKind, number>> = { companies: 7, establishments: 30, partners: 11, simples: 7 };

export type CopyFloor = { rows: number; duration_ms: number; rows_per_second: number; files: { name: string; rows: number }[] };

async function copyFile(client: PoolClient, entry: SourceEntry, table: string): Promise<number> {
  // The files are RF's CSV dialect (every field quoted, quotes doubled, `;`): COPY's own CSV parser
  // reads them as they are, so Node only moves bytes; WIN1252 is what the importer decodes them as.
  const copy = client.query(copyFrom(`COPY ${table} FROM STDIN WITH (FORMAT csv, DELIMITER ';', QUOTE '"', ENCODING 'WIN1252')`));
  await pipeline(await entry.open(), copy);
  return copy.rowCount ?? 0;
}

/**
 * The floor of an import (docs/importers.md, "The floor"): the same CNPJ files COPYed as they are
 * into staging tables with one text column per field, no index, no constraint, no parsing beyond
 * COPY's. UNLOGGED, as the importer's own staging tables: the floor is the cheapest way the
 * database can take the rows in, so the importer's ratio to it is never flattered. Two
 * connections at once, the partners on one and every other file on the other, as the importer
 * stages them. The tables live in a schema of their own, dropped at the end.
 */
export async function measureCopyFloor(db: Knex, dir: string): Promise<CopyFloor> {
  const entries = (await listSourceEntries(dir))
    .map((entry) => ({ entry, kind: classifyRfFile(entry.name) }))
    .filter((e): e is { entry: SourceEntry; kind: RfFileKind } => e.kind !== null);
  const acquire = (): Promise<PoolClient> => (db.client as any).acquireConnection();
  const [a, b] = [await acquire(), await acquire()];
  const schema = `copy_floor_${process.pid}`;
  try {
    await a.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE; CREATE SCHEMA ${schema}`);
    const tables = entries.map(({ kind }, i) => {
      const n = columnCounts[kind] ?? 2;
      return { name: `${schema}.f${i}_${kind}`, ddl: Array.from({ length: n }, (_, c) => `c${c + 1} text`).join(', ') };
    });
    for (const t of tables) await a.query(`CREATE UNLOGGED TABLE ${t.name} (${t.ddl})`);
    const files: { name: string; rows: number }[] = entries.map(({ entry }) => ({ name: entry.name, rows: 0 }));
    const lane = async (client: PoolClient, partners: boolean) => {
      for (const [i, { entry, kind }] of entries.entries())
        if ((kind === 'partners') === partners) files[i].rows = await copyFile(client, entry, tables[i].name);
    };
    const started = performance.now();
    const settled = await Promise.allSettled([lane(a, false), lane(b, true)]);
    const durationMs = Math.round(performance.now() - started);
    for (const s of settled) if (s.status === 'rejected') throw s.reason;
    const rows = files.reduce((s, f) => s + f.rows, 0);
    return { rows, duration_ms: durationMs, rows_per_second: Math.round((rows * 1000) / Math.max(durationMs, 1)), files };
  } finally {
    await a.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`).catch(() => undefined);
    await (db.client as any).releaseConnection(a);
    await (db.client as any).releaseConnection(b);
  }
}

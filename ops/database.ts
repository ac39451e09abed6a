import { existsSync } from 'node:fs';
import path from 'node:path';
import type { Knex } from 'knex';
import { createDb, migrateLatest } from '../db/create-db';
import { startPostgres } from '../scripts/stack/postgres';
import { isPortOpen } from '../scripts/stack/ports';

const projectRoot = path.resolve(__dirname, '..');

/**
 * The database the ops CLI acts on: DATABASE_URL, or the embedded one of `npm start`
 * (started for the duration of the command when `npm start` is not running), migrated.
 */
export async function openOpsDatabase(log: (m: string) => void): Promise<{ db: Knex; close: () => Promise<void> }> {
  let stopEmbedded: (() => Promise<void>) | undefined;
  let url = process.env.DATABASE_URL;
  if (!url) {
    const port = Number(process.env.PGPORT ?? 54329);
    const dataDir = path.join(projectRoot, '.data', 'dev', 'postgres');
    if (await isPortOpen(port)) {
      url = `postgres://postgres@127.0.0.1:${port}/entity_risk`;
    } else {
      log(existsSync(dataDir) ? 'starting the embedded PostgreSQL of npm start for this command' : 'creating the embedded PostgreSQL (.data/dev)');
      const pg = await startPostgres({ dataDir, port, database: 'entity_risk', durable: true });
      url = pg.url;
      stopEmbedded = pg.stop;
    }
  }
  const db = createDb(url, { poolMax: 8, applicationName: 'entity-risk-ops' });
  await migrateLatest(db);
  return {
    db,
    close: async () => {
      await db.destroy();
      await stopEmbedded?.();
    },
  };
}

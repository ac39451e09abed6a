import path from 'node:path';
import knex, { Knex } from 'knex';
import pg from 'pg';

// bigint (int8) columns carry entity ids that fit in a JS number; numeric stays a string so
// fixed-point values (capital, percentages) never pass through a float.
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v));
// Dates are calendar days, not instants: keep them as 'YYYY-MM-DD' strings.
pg.types.setTypeParser(pg.types.builtins.DATE, (v) => v);

export type Db = Knex;
export type Executor = Knex | Knex.Transaction;

const migrationsDirectory = path.join(__dirname, 'migrations');

export function createDb(databaseUrl: string, options: { poolMax?: number; applicationName?: string } = {}): Knex {
  return knex({
    client: 'pg',
    connection: { connectionString: databaseUrl, application_name: options.applicationName ?? 'entity-risk' },
    pool: { min: 0, max: options.poolMax ?? 10 },
    acquireConnectionTimeout: 10_000,
    migrations: { directory: migrationsDirectory, loadExtensions: ['.ts'], tableName: 'knex_migrations' },
  });
}

export async function migrateLatest(db: Knex): Promise<string[]> {
  const [, applied] = await db.migrate.latest();
  return applied as string[];
}

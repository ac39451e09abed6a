import { readdirSync } from 'node:fs';
import path from 'node:path';
import knex, { Knex } from 'knex';
import pg from 'pg';
import { grantServiceRole } from './service-role-grants';

// bigint (int8) columns carry entity ids that fit in a JS number; numeric stays a string so
// fixed-point values (capital, percentages) never pass through a float.
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v));
// Dates are calendar days, not instants: keep them as 'YYYY-MM-DD' strings.
pg.types.setTypeParser(pg.types.builtins.DATE, (v) => v);

export type Db = Knex;
export type Executor = Knex | Knex.Transaction;

const migrationsDirectory = path.join(__dirname, 'migrations');

/**
 * `jit` false (the default) turns Postgres JIT off for the pool's sessions: the service's
 * statements are short, and where a planner estimate crosses `jit_above_cost` (the watchlist
 * candidate statement, always) compiling costs 70–90 ms, more than the statement itself
 * (docs/watchlists.md, "Throughput"). A session setting, so no statement needs a transaction to
 * say it. The ops CLI keeps the server's default for the imports' bulk statements.
 */
export function createDb(
  databaseUrl: string,
  options: { poolMax?: number; applicationName?: string; jit?: boolean; acquireTimeoutMs?: number } = {},
): Knex {
  return knex({
    client: 'pg',
    connection: {
      connectionString: databaseUrl,
      application_name: options.applicationName ?? 'entity-risk',
      ...(options.jit ? {} : { options: '-c jit=off' }),
    },
    pool: { min: 0, max: options.poolMax ?? 10 },
    acquireConnectionTimeout: options.acquireTimeoutMs ?? 10_000,
    migrations: { directory: migrationsDirectory, loadExtensions: ['.ts'], tableName: 'knex_migrations' },
  });
}

/**
 * Runs as the schema owner (DATABASE_OWNER_URL), then grants the service role what it needs
 * (db/service-role-grants.ts).
 */
/** The migration files of this release, oldest first (what a database without any migration has pending). */
export function migrationFiles(): string[] {
  return readdirSync(migrationsDirectory)
    .filter((file) => file.endsWith('.ts'))
    .sort();
}

export async function migrateLatest(db: Knex): Promise<string[]> {
  const [, applied] = await db.migrate.latest();
  await grantServiceRole(db);
  return applied as string[];
}

/**
 * A named (prepared) statement on the executor's connection — the transaction's own, or one of
 * the pool's: Postgres parses and plans it once per connection instead of at every call. For a
 * hot statement whose planning costs as much as its execution (the watchlist candidates,
 * db/repositories/watchlists/watchlist-candidate-repository.ts). `$n` placeholders; a name
 * must always carry the same text.
 */
export async function queryPrepared<Row = Record<string, unknown>>(
  db: Executor,
  statement: { name: string; text: string },
  values: unknown[],
): Promise<Row[]> {
  const client = db.client as {
    acquireConnection: () => Promise<pg.PoolClient>;
    releaseConnection: (connection: pg.PoolClient) => Promise<unknown>;
  };
  const connection = await client.acquireConnection();
  try {
    const result = await connection.query<Row & pg.QueryResultRow>({ name: statement.name, text: statement.text, values });
    return result.rows;
  } finally {
    await client.releaseConnection(connection);
  }
}

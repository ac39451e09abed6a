import type { Knex } from 'knex';
import type { OpsConfig } from '../config/ops-config';
import { createDb, migrationFiles } from '../db/create-db';

/** The schema is older than this code: only `db migrate` may change it (it is the deploy's migrate job). */
class SchemaBehindError extends Error {}

/**
 * The database the ops CLI acts on: DATABASE_URL, or the local stack's when it is not set.
 * Starting that one is not the CLI's business (it also runs in the production image):
 * `npm run ops` starts it for the command when `npm start` is not running (scripts/ops.ts).
 * Opening never migrates: a command refuses a schema that is behind, except `db migrate`.
 */
export async function openOpsDatabase(
  config: OpsConfig,
  options: { migrate: boolean; owner?: boolean },
): Promise<{ db: Knex; close: () => Promise<void> }> {
  // `db migrate` and the imports connect as the schema owner (docs/operations.md, "Database roles").
  const db = createDb(options.migrate || options.owner ? config.DATABASE_OWNER_URL : config.DATABASE_URL, {
    poolMax: 8,
    applicationName: 'entity-risk-ops',
    jit: true,
  });
  try {
    // The service role may not create knex's bookkeeping tables: a database never migrated is all pending.
    const pending =
      !options.migrate && !(await db.schema.hasTable('knex_migrations'))
        ? migrationFiles().map((file) => ({ file }))
        : ((await db.migrate.list()) as [unknown[], { file: string }[]])[1];
    if (!options.migrate && pending.length > 0) {
      throw new SchemaBehindError(
        `the database schema is behind this release (${pending.length} migration${pending.length === 1 ? '' : 's'} pending, first ${pending[0].file}): run \`ops db migrate\` first`,
      );
    }
  } catch (error) {
    await db.destroy();
    throw unreachable(error) ? new Error(notRunning(config, error as NodeJS.ErrnoException)) : error;
  }
  return { db, close: () => db.destroy() };
}

const unreachableCodes = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EHOSTUNREACH', 'ETIMEDOUT', 'EAI_AGAIN']);

function unreachable(error: any): boolean {
  return unreachableCodes.has(error?.code) || (Array.isArray(error?.errors) && error.errors.some(unreachable));
}

/** One line an operator can act on, instead of a driver's stack trace. */
function notRunning(config: OpsConfig, error: NodeJS.ErrnoException): string {
  if (config.embeddedDatabase) {
    const { port, dataDir } = config.embeddedDatabase;
    return `the database is not running (nothing on 127.0.0.1:${port}, the local stack's PostgreSQL of ${dataDir}): start it with \`npm start\`, run this command as \`npm run --silent ops -- …\` (which starts it for the command), or set DATABASE_URL`;
  }
  const url = new URL(config.DATABASE_URL);
  return `cannot reach the database of DATABASE_URL (${url.hostname}:${url.port || 5432}): ${error.code ?? error.message}`;
}

import type { Knex } from 'knex';

/** The role the api, worker and ops CLI connect as in every topology (docs/operations.md, "Database roles"). */
export const SERVICE_ROLE = 'risk_service';

/**
 * What the service role may do, granted by the schema owner after every migration run (so a
 * table a migration adds is covered even where the default privileges below did not apply, e.g.
 * a schema migrated by another role before): read and write the service's tables, use their
 * sequences, make an import's own schema (importers/support/import-session.ts), and nothing
 * else. Audit events are append-only: `SELECT` and `INSERT` only, so the refusal of an update,
 * a delete or a truncate comes from Postgres' privileges before the table's trigger is reached;
 * the migrations' bookkeeping is read-only. Not owning any table, the role can alter, drop or
 * disable the trigger of none. A database without that role (one role does everything, as in
 * older deployments) is left as it is.
 */
export async function grantServiceRole(db: Knex, role = SERVICE_ROLE): Promise<boolean> {
  const exists = await db.raw('SELECT 1 FROM pg_roles WHERE rolname = ?', [role]);
  if (exists.rows.length === 0) return false;
  const database = (await db.raw('SELECT current_database() AS name')).rows[0].name as string;
  await db.raw(
    `
    GRANT CONNECT, TEMPORARY, CREATE ON DATABASE ??  TO ??;
    GRANT USAGE ON SCHEMA public TO ??;
    GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO ??;
    GRANT USAGE, SELECT, UPDATE ON ALL SEQUENCES IN SCHEMA public TO ??;
    GRANT EXECUTE ON ALL FUNCTIONS IN SCHEMA public TO ??;
    REVOKE UPDATE, DELETE, TRUNCATE, REFERENCES, TRIGGER ON audit_events FROM ??;
    REVOKE INSERT, UPDATE, DELETE, TRUNCATE, REFERENCES, TRIGGER ON knex_migrations, knex_migrations_lock FROM ??;
    ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT SELECT, INSERT, UPDATE, DELETE ON TABLES TO ??;
    ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT USAGE, SELECT, UPDATE ON SEQUENCES TO ??;
  `,
    [database, ...Array(9).fill(role)],
  );
  return true;
}

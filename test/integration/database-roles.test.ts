import { createDb } from '../../db/create-db';
import { privilegedDatabaseUrls } from '../support/database-roles';
import { closeTestDb, createTestTenant, testDb } from '../support/tenants';

/** The code and message Postgres refused `sql` with (the service role's own connection). */
async function refusal(sql: string): Promise<{ code: string; message: string }> {
  try {
    await testDb().raw(sql);
  } catch (error) {
    return { code: (error as { code: string }).code, message: (error as Error).message };
  }
  throw new Error(`not refused: ${sql}`);
}

/**
 * The api, worker, ops CLI and every test connect as the service role; migrations ran as the
 * owner. Postgres' privileges, not the audit table's trigger (which raises the same SQLSTATE
 * with its own message), refuse each change an attacker holding the service's password would try.
 */
describe('database roles: the service role of every topology', () => {
  afterAll(() => closeTestDb());

  it("is no superuser, creates no role or database, owns no table; the schema is the owner role's", async () => {
    const [me] = (
      await testDb().raw(
        'SELECT current_user AS name, rolsuper, rolcreaterole, rolcreatedb, rolbypassrls FROM pg_roles WHERE rolname = current_user',
      )
    ).rows;
    expect(me).toEqual({ name: 'risk_service', rolsuper: false, rolcreaterole: false, rolcreatedb: false, rolbypassrls: false });
    const owners = (
      await testDb().raw(
        `SELECT DISTINCT pg_get_userbyid(c.relowner) AS owner FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p', 'S', 'v', 'm')`,
      )
    ).rows;
    expect(owners).toEqual([{ owner: 'risk_owner' }]);
  });

  it('may read and append audit events, and nothing else on them: each change is refused by privileges (42501), not by the trigger', async () => {
    const tenant = await createTestTenant();
    const [event] = (await testDb().raw('SELECT id FROM audit_events WHERE company_id = ? ORDER BY seq LIMIT 1', [tenant.companyId])).rows;
    expect(event).toBeDefined();
    const forbidden = [
      `UPDATE audit_events SET changes = '{"forged": true}' WHERE id = ${Number(event.id)}`,
      `DELETE FROM audit_events WHERE id = ${Number(event.id)}`,
      'TRUNCATE audit_events',
      'ALTER TABLE audit_events DISABLE TRIGGER audit_events_append_only',
      'DROP TRIGGER audit_events_append_only ON audit_events',
      'ALTER TABLE audit_events OWNER TO risk_service',
      'CREATE ROLE audit_forger LOGIN',
      'SET session_replication_role = replica',
      'CREATE TABLE public.shadow_audit_events (id bigint)',
      "INSERT INTO knex_migrations (name, batch, migration_time) VALUES ('forged.ts', 999, now())",
    ];
    const answers = await Promise.all(forbidden.map(async (sql) => ({ sql, ...(await refusal(sql)) })));
    for (const answer of answers) {
      expect({ sql: answer.sql, code: answer.code }).toEqual({ sql: answer.sql, code: '42501' });
      expect(answer.message).not.toMatch(/append-only/);
      expect(answer.message).toMatch(/permission denied|must be owner|must be superuser/);
    }
    expect((await testDb().raw('SELECT count(*)::int AS n FROM audit_events WHERE id = ?', [event.id])).rows[0].n).toBe(1);
  });

  it("is granted tables a later migration creates, by the owner's default privileges", async () => {
    const owner = createDb(privilegedDatabaseUrls().ownerUrl, { poolMax: 1, applicationName: 'jest-database-roles' });
    const table = `later_migration_probe_${process.pid}_${Date.now()}`;
    try {
      await owner.raw('CREATE TABLE ?? (id bigserial PRIMARY KEY, note text)', [table]);
      await testDb()(table).insert({ note: 'written by the service' });
      expect(await testDb()(table).select('note')).toEqual([{ note: 'written by the service' }]);
      expect(await refusal(`DROP TABLE ${table}`)).toMatchObject({ code: '42501' });
    } finally {
      await owner.raw('DROP TABLE IF EXISTS ??', [table]);
      await owner.destroy();
    }
  });
});

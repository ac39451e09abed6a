import { execFileSync, spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { postgresUserIds, resolveClusterDir, runningAsRoot } from './postgres-location';
import { clusterRoleSecrets, databaseRoleUrls, type DatabaseRoleUrls } from '../../config/local-database-roles';
import { waitFor } from './processes';
import { pidFileAlive } from './supervisor';

/**
 * `url` is the service role's (api, worker, ops CLI, tests), `ownerUrl` the schema owner's
 * (migrations), `adminUrl` the cluster's superuser (only for tests that play an attacker with
 * the database's keys): docs/operations.md, "Database roles".
 */
export type PostgresHandle = DatabaseRoleUrls & { pgData: string; stop: () => Promise<void> };

/** The machine's PostgreSQL binaries: PG_BIN_DIR, pg_config, or the newest /usr/lib/postgresql/N. */
function findPostgresBinDir(): string {
  if (process.env.PG_BIN_DIR) return process.env.PG_BIN_DIR;
  const fromPgConfig = spawnSync('pg_config', ['--bindir'], { encoding: 'utf8' });
  if (fromPgConfig.status === 0 && existsSync(path.join(fromPgConfig.stdout.trim(), 'initdb'))) return fromPgConfig.stdout.trim();
  const base = '/usr/lib/postgresql';
  if (existsSync(base)) {
    const versions = readdirSync(base)
      .filter((v) => existsSync(path.join(base, v, 'bin', 'initdb')))
      .sort((a, b) => Number(b) - Number(a));
    if (versions.length > 0) return path.join(base, versions[0], 'bin');
  }
  throw new Error('PostgreSQL server binaries not found: install them (apt-get install postgresql) or set DATABASE_URL / PG_BIN_DIR');
}

/** PostgreSQL refuses to run as root: as root, the server runs as the `postgres` system user. */
function runAsOwner(bin: string, args: string[]): void {
  const [command, fullArgs] = runningAsRoot ? ['runuser', ['-u', 'postgres', '--', bin, ...args]] : [bin, args];
  execFileSync(command, fullArgs, { stdio: ['ignore', 'ignore', 'pipe'] });
}

/**
 * Starts (initialising on first use) a PostgreSQL cluster in `dataDir` (or where it links to, see
 * resolveClusterDir), listening on 127.0.0.1 only, and makes sure `database` exists.
 * `durable: false` trades crash safety for speed (throw-away test data).
 */
export async function startPostgres(options: {
  dataDir: string;
  port: number;
  database: string;
  durable: boolean;
}): Promise<PostgresHandle> {
  const binDir = findPostgresBinDir();
  const dataDir = resolveClusterDir(options.dataDir);
  const pgData = path.join(dataDir, 'pgdata');
  const logFile = path.join(dataDir, 'postgres.log');
  mkdirSync(dataDir, { recursive: true });
  if (runningAsRoot) {
    const { uid, gid } = postgresUserIds();
    chownSync(dataDir, uid, gid);
    if (!existsSync(logFile)) writeFileSync(logFile, '');
    chownSync(logFile, uid, gid);
  }
  if (!existsSync(path.join(pgData, 'PG_VERSION'))) {
    runAsOwner(path.join(binDir, 'initdb'), [
      '-D',
      pgData,
      '-U',
      'postgres',
      '--auth-local=trust',
      '--auth-host=scram-sha-256',
      '--encoding=UTF8',
      '--locale=C.UTF-8',
      '--no-instructions',
    ]);
  }
  // Every start (a cluster made before the roles existed trusted every TCP connection): over TCP a
  // role's password; the superuser without one only on the socket, in the cluster's own folder
  // and readable by the cluster's OS user alone (unix_socket_permissions below).
  writeFileSync(path.join(pgData, 'pg_hba.conf'), ['local all postgres trust', 'host all all 127.0.0.1/32 scram-sha-256', ''].join('\n'));
  if (runningAsRoot) chownSync(path.join(pgData, 'pg_hba.conf'), postgresUserIds().uid, postgresUserIds().gid);
  const settings = [
    `-p ${options.port}`,
    `-k ${dataDir}`,
    "-c listen_addresses='127.0.0.1'",
    '-c unix_socket_permissions=0700',
    '-c max_connections=200',
    '-c shared_buffers=256MB',
    '-c max_wal_size=4GB',
    ...(options.durable ? [] : ['-c fsync=off', '-c synchronous_commit=off', '-c full_page_writes=off']),
  ].join(' ');
  try {
    runAsOwner(path.join(binDir, 'pg_ctl'), ['-D', pgData, '-l', logFile, '-o', settings, '-w', '-t', '60', 'start']);
  } catch (error: any) {
    throw new Error(`PostgreSQL did not start (see ${logFile}): ${error.stderr?.toString() ?? error.message}`);
  }
  const secrets = clusterRoleSecrets(dataDir);
  const superuser = (database: string) => new pg.Client({ host: dataDir, port: options.port, user: 'postgres', database });
  await waitFor(
    'postgres',
    async () => {
      const client = superuser('postgres');
      await client.connect();
      try {
        await ensureRoles(client, secrets);
        const exists = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [options.database]);
        const name = quoteIdentifier(options.database);
        if (exists.rowCount === 0) await client.query(`CREATE DATABASE ${name} OWNER risk_owner`);
        else await client.query(`ALTER DATABASE ${name} OWNER TO risk_owner`);
      } finally {
        await client.end();
      }
      return true;
    },
    30_000,
  );
  const inDatabase = superuser(options.database);
  await inDatabase.connect();
  try {
    await handSchemaToOwner(inDatabase);
  } finally {
    await inDatabase.end();
  }
  return {
    ...databaseRoleUrls(secrets, options.port, options.database),
    pgData,
    stop: async () => {
      try {
        runAsOwner(path.join(binDir, 'pg_ctl'), ['-D', pgData, '-m', 'fast', '-w', 'stop']);
      } catch {
        // already stopped
      }
    },
  };
}

const quoteIdentifier = (name: string) => `"${name.replace(/"/g, '""')}"`;
const quoteLiteral = (text: string) => `'${text.replace(/'/g, "''")}'`;

/**
 * The two roles of every topology (docs/operations.md, "Database roles"), their passwords
 * those of this cluster's folder. The owner may create databases: the tests that need a database
 * of their own create it as the owner, never as the superuser.
 */
async function ensureRoles(client: pg.Client, secrets: ReturnType<typeof clusterRoleSecrets>): Promise<void> {
  for (const [role, attributes, password] of [
    ['risk_owner', 'CREATEDB', secrets.owner],
    ['risk_service', 'NOCREATEDB', secrets.service],
  ] as const) {
    const exists = await client.query('SELECT 1 FROM pg_roles WHERE rolname = $1', [role]);
    const verb = exists.rowCount === 0 ? 'CREATE' : 'ALTER';
    await client.query(
      `${verb} ROLE ${role} WITH LOGIN NOSUPERUSER NOCREATEROLE NOREPLICATION NOBYPASSRLS ${attributes} PASSWORD ${quoteLiteral(password)}`,
    );
  }
  await client.query(`ALTER ROLE postgres WITH PASSWORD ${quoteLiteral(secrets.admin)}`);
}

/**
 * A cluster whose migrations ran as the superuser (before the roles existed) has its tables,
 * sequences, functions and types owned by `postgres`: they pass to the owner role, so that its
 * later migrations may alter them. A no-op on a cluster made with the roles.
 */
async function handSchemaToOwner(client: pg.Client): Promise<void> {
  await client.query(`DO $$
DECLARE r record;
BEGIN
  FOR r IN SELECT c.oid::regclass AS name, c.relkind FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
           WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p', 'v', 'm') AND pg_get_userbyid(c.relowner) <> 'risk_owner'
             AND NOT EXISTS (SELECT 1 FROM pg_depend d WHERE d.classid = 'pg_class'::regclass AND d.objid = c.oid AND d.deptype = 'e') LOOP
    EXECUTE format('ALTER %s %s OWNER TO risk_owner', CASE r.relkind WHEN 'v' THEN 'VIEW' WHEN 'm' THEN 'MATERIALIZED VIEW' ELSE 'TABLE' END, r.name);
  END LOOP;
  FOR r IN SELECT c.oid::regclass AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
           WHERE n.nspname = 'public' AND c.relkind = 'S' AND pg_get_userbyid(c.relowner) <> 'risk_owner'
             AND NOT EXISTS (SELECT 1 FROM pg_depend d WHERE d.classid = 'pg_class'::regclass AND d.objid = c.oid AND d.deptype IN ('a', 'i', 'e')) LOOP
    EXECUTE format('ALTER SEQUENCE %s OWNER TO risk_owner', r.name);
  END LOOP;
  FOR r IN SELECT p.oid::regprocedure AS name FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
           WHERE n.nspname = 'public' AND pg_get_userbyid(p.proowner) <> 'risk_owner'
             AND NOT EXISTS (SELECT 1 FROM pg_depend d WHERE d.classid = 'pg_proc'::regclass AND d.objid = p.oid AND d.deptype = 'e') LOOP
    EXECUTE format('ALTER ROUTINE %s OWNER TO risk_owner', r.name);
  END LOOP;
  FOR r IN SELECT t.oid::regtype AS name FROM pg_type t JOIN pg_namespace n ON n.oid = t.typnamespace
           WHERE n.nspname = 'public' AND t.typtype IN ('e', 'd') AND pg_get_userbyid(t.typowner) <> 'risk_owner'
             AND NOT EXISTS (SELECT 1 FROM pg_depend d WHERE d.classid = 'pg_type'::regclass AND d.objid = t.oid AND d.deptype = 'e') LOOP
    EXECUTE format('ALTER TYPE %s OWNER TO risk_owner', r.name);
  END LOOP;
END $$`);
}

/**
 * Stops the server a killed `npm start` left running on this cluster folder (its postmaster.pid
 * names a live process), so that the next start finds its port free; false when none runs.
 */
export function stopLeftoverPostgres(dataDir: string): boolean {
  const pgData = path.join(resolveClusterDir(dataDir), 'pgdata');
  const pidFile = path.join(pgData, 'postmaster.pid');
  if (!existsSync(pidFile) || !pidFileAlive(pidFile, (file) => readFileSync(file, 'utf8'))) return false;
  try {
    runAsOwner(path.join(findPostgresBinDir(), 'pg_ctl'), ['-D', pgData, '-m', 'fast', '-w', 'stop']);
  } catch {
    // stopped meanwhile
  }
  return true;
}

import { execFileSync, spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { postgresUserIds, resolveClusterDir, runningAsRoot } from './postgres-location';
import { waitFor } from './processes';

export type PostgresHandle = { url: string; pgData: string; stop: () => Promise<void> };

/** The machine's PostgreSQL binaries: PG_BIN_DIR, pg_config, or the newest /usr/lib/postgresql/N. */
function findPostgresBinDir(): string {
  if (process.env.PG_BIN_DIR) return process.env.PG_BIN_DIR;
  const fromPgConfig = spawnSync('pg_config', ['--bindir'], { encoding: 'utf8' });
  if (fromPgConfig.status === 0 && existsSync(path.join(fromPgConfig.stdout.trim(), 'initdb'))) return fromPgConfig.stdout.trim();
  const base = '/usr/lib/postgresql';
  if (existsSync(base)) {
    const versions = readdirSync(base).filter((v) => existsSync(path.join(base, v, 'bin', 'initdb'))).sort((a, b) => Number(b) - Number(a));
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
export async function startPostgres(options: { dataDir: string; port: number; database: string; durable: boolean }): Promise<PostgresHandle> {
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
    runAsOwner(path.join(binDir, 'initdb'), ['-D', pgData, '-U', 'postgres', '--auth=trust', '--encoding=UTF8', '--locale=C.UTF-8', '--no-instructions']);
  }
  const settings = [
    `-p ${options.port}`,
    `-k ${dataDir}`,
    "-c listen_addresses='127.0.0.1'",
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
  const adminUrl = `postgres://postgres@127.0.0.1:${options.port}/postgres`;
  await waitFor('postgres', async () => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      const exists = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [options.database]);
      if (exists.rowCount === 0) await client.query(`CREATE DATABASE "${options.database.replace(/"/g, '')}"`);
    } finally {
      await client.end();
    }
    return true;
  }, 30_000);
  return {
    url: `postgres://postgres@127.0.0.1:${options.port}/${options.database}`,
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

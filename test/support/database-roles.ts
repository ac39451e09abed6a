import { readFileSync } from 'node:fs';
import path from 'node:path';
import { createDb, type Db } from '../../db/create-db';
import { stackEnv } from './stack';

/**
 * The stack's database URLs beyond the service role's (DATABASE_URL, what every test and the
 * services connect as): the schema owner's and, for the embedded cluster, its superuser's. Not in
 * the tests' environment: scripts/test.ts writes them beside the stack's data for the few tests
 * that need them (docs/testing.md, "Database roles in tests").
 */
export function privilegedDatabaseUrls(): { ownerUrl: string; adminUrl?: string } {
  const dataDir = process.env.TEST_DATA_DIR;
  if (!dataDir) throw new Error('integration tests run through `npm test`, which starts the real stack');
  return JSON.parse(readFileSync(path.join(dataDir, 'database-roles.json'), 'utf8'));
}

function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

/**
 * A database of a test's own, created by the schema owner (so `ops db migrate` with `env` runs as
 * in production: the owner migrates, the service role works); `env` names both roles' URLs.
 * Dropped by the superuser when there is one (WITH (FORCE) ends other roles' sessions).
 */
export function ownDatabase(database: string): {
  env: { DATABASE_URL: string; DATABASE_OWNER_URL: string };
  create: () => Promise<void>;
  drop: () => Promise<void>;
} {
  const { ownerUrl, adminUrl } = privilegedDatabaseUrls();
  const once = async (url: string, sql: string) => {
    const db: Db = createDb(url, { poolMax: 1, applicationName: 'jest-own-database' });
    try {
      await db.raw(sql);
    } finally {
      await db.destroy();
    }
  };
  return {
    env: { DATABASE_URL: withDatabase(stackEnv().DATABASE_URL, database), DATABASE_OWNER_URL: withDatabase(ownerUrl, database) },
    create: () => once(ownerUrl, `CREATE DATABASE "${database}"`),
    drop: () => once(adminUrl ?? ownerUrl, `DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`),
  };
}

let owner: Db | undefined;

/**
 * A pool as the schema owner, for what an operator runs as the owner in production: the imports
 * (a bulk load rebuilds indexes and keys; every import ANALYZEs what it loaded) and a test's own
 * triggers (docs/operations.md, "Database roles"). Closed by closeOwnerDb().
 */
export function ownerDb(): Db {
  owner ??= createDb(privilegedDatabaseUrls().ownerUrl, { poolMax: 4, applicationName: 'jest-owner' });
  return owner;
}

export async function closeOwnerDb(): Promise<void> {
  await owner?.destroy();
  owner = undefined;
}

import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The passwords of a local cluster's roles (`npm start`, `npm test`, the ops CLI without
 * DATABASE_URL): generated once per cluster folder and kept in it, readable by its owner alone;
 * deleting the folder makes a new cluster with new ones (docs/operations.md, "Database roles").
 */
export type ClusterRoleSecrets = { owner: string; service: string; admin: string };

export type DatabaseRoleUrls = {
  /** The service role (`risk_service`): api, worker, ops CLI, tests. */
  url: string;
  /** The schema owner (`risk_owner`): migrations, and tests that create databases of their own. */
  ownerUrl: string;
  /** The cluster's superuser: only tests that play someone holding the database's keys. */
  adminUrl: string;
};

const secretsFile = (clusterDir: string) => path.join(clusterDir, 'roles.json');

export function readClusterRoleSecrets(clusterDir: string): ClusterRoleSecrets | undefined {
  const file = secretsFile(clusterDir);
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as ClusterRoleSecrets) : undefined;
}

export function clusterRoleSecrets(clusterDir: string): ClusterRoleSecrets {
  const existing = readClusterRoleSecrets(clusterDir);
  if (existing) return existing;
  const secret = () => randomBytes(18).toString('base64url');
  const secrets = { owner: secret(), service: secret(), admin: secret() };
  writeFileSync(secretsFile(clusterDir), JSON.stringify(secrets), { mode: 0o600 });
  return secrets;
}

export function databaseRoleUrls(secrets: ClusterRoleSecrets, port: number, database: string): DatabaseRoleUrls {
  const url = (user: string, password: string) => `postgres://${user}:${encodeURIComponent(password)}@127.0.0.1:${port}/${database}`;
  return {
    url: url('risk_service', secrets.service),
    ownerUrl: url('risk_owner', secrets.owner),
    adminUrl: url('postgres', secrets.admin),
  };
}

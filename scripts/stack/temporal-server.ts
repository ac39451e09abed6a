import { execFile } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { Client, Connection, ScheduleNotFoundError } from '@temporalio/client';
import pg from 'pg';
import { stringify } from 'yaml';
import { getFreePort, isPortOpen } from './ports';
import { namespaceSetupCommands, productionTopology, temporalServerConfig, type TemporalServerPorts } from './production-topology';
import { startProcess, waitFor } from './processes';
import { projectRoot } from './stack';
import { temporalCliPath } from './temporal';
import type { TemporalServerBuild } from './temporal-server-build';

const run = promisify(execFile);

/** The `temporal` role's password, generated once per data directory and kept beside its data. */
export function temporalRolePassword(dir: string): string {
  const file = path.join(dir, 'temporal-role.json');
  if (existsSync(file)) return (JSON.parse(readFileSync(file, 'utf8')) as { password: string }).password;
  mkdirSync(dir, { recursive: true });
  const password = randomBytes(18).toString('base64url');
  writeFileSync(file, JSON.stringify({ password }), { mode: 0o600 });
  return password;
}

const quoteIdentifier = (name: string) => `"${name.replace(/"/g, '""')}"`;
const quoteLiteral = (text: string) => `'${text.replace(/'/g, "''")}'`;

/**
 * Temporal's role and its two databases, as a database administrator creates them before the
 * schema job (docs/deployment.md, "Temporal"): the role owns both and is nothing more (no
 * superuser, no CREATEDB). `superuser` connects to the cluster's `postgres` database.
 */
export async function ensureTemporalDatabases(superuser: pg.ClientConfig, password: string): Promise<void> {
  const client = new pg.Client({ ...superuser, database: 'postgres' });
  await client.connect();
  try {
    const role = productionTopology.temporalRole;
    const exists = await client.query('SELECT 1 FROM pg_roles WHERE rolname = $1', [role]);
    await client.query(
      `${exists.rowCount === 0 ? 'CREATE' : 'ALTER'} ROLE ${quoteIdentifier(role)} WITH LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE PASSWORD ${quoteLiteral(password)}`,
    );
    for (const { name } of Object.values(productionTopology.temporalDatabases)) {
      const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
      if (found.rowCount === 0) await client.query(`CREATE DATABASE ${quoteIdentifier(name)} OWNER ${quoteIdentifier(role)}`);
    }
  } finally {
    await client.end();
  }
}

/**
 * Temporal's schemas with its own `temporal-sql-tool`, as the schema job of docker-compose.yml
 * does: the versioning tables (`setup-schema -v 0.0`, which leaves a database already past 0.0
 * as it is), then every versioned step up to the release's (`update-schema` applies only the
 * steps a database lacks: a second start changes nothing, a newer release migrates).
 */
export async function setupTemporalSchemas(
  build: TemporalServerBuild,
  db: { host: string; port: number; password: string },
  log: (line: string) => void,
): Promise<void> {
  for (const { name, schema } of Object.values(productionTopology.temporalDatabases)) {
    const args = [
      '--endpoint',
      db.host,
      '--port',
      String(db.port),
      '--user',
      productionTopology.temporalRole,
      '--password',
      db.password,
      '--plugin',
      productionTopology.sqlPlugin,
      '--database',
      name,
    ];
    await sqlTool(build, [...args, 'setup-schema', '-v', '0.0']);
    await sqlTool(build, [...args, 'update-schema', '-d', path.join(build.schemaDir, schema, 'versioned')]);
    log(`Temporal ${schema} schema of ${name}: up to date (temporal-sql-tool)`);
  }
}

async function sqlTool(build: TemporalServerBuild, args: string[]): Promise<void> {
  try {
    await run(build.sqlToolBin, args, { maxBuffer: 16 * 1024 * 1024 });
  } catch (error) {
    const { stderr, stdout, message } = error as { stderr?: string; stdout?: string; message: string };
    const shown = args.map((arg, i) => (args[i - 1] === '--password' ? '***' : arg)).join(' ');
    throw new Error(`temporal-sql-tool ${shown} failed: ${(stderr || stdout || message).trim().split('\n').slice(-5).join('\n')}`);
  }
}

/**
 * The frontend on `frontend`; the other services and their membership on the ports the last start
 * used when they are free, else free ones. The server keeps its members in the database: a
 * restart soon after a stop on new ports would find the old addresses still counted in the ring.
 */
export async function temporalServerPorts(frontend: number, dir: string): Promise<TemporalServerPorts> {
  const file = path.join(dir, 'ports.json');
  const names = [
    'frontendHttp',
    'frontendMembership',
    'history',
    'historyMembership',
    'matching',
    'matchingMembership',
    'worker',
    'workerMembership',
  ] as const;
  const last = existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Partial<TemporalServerPorts>) : {};
  const ports = { frontend } as TemporalServerPorts;
  for (const name of names) {
    const previous = last[name];
    ports[name] =
      previous && previous !== frontend && !Object.values(ports).includes(previous) && !(await isPortOpen(previous))
        ? previous
        : await getFreePort();
  }
  writeFileSync(file, JSON.stringify(ports));
  return ports;
}

/**
 * The built server with a configuration file written for this start, until its frontend answers
 * (the namespace need not exist yet: setupTemporalNamespace comes after).
 */
export async function startTemporalServer(
  build: TemporalServerBuild,
  options: { dataDir: string; postgresAddress: string; password: string; frontendPort: number; logFile: string },
) {
  mkdirSync(options.dataDir, { recursive: true });
  const ports = await temporalServerPorts(options.frontendPort, options.dataDir);
  const configFile = path.join(options.dataDir, 'temporal-server.yaml');
  writeFileSync(
    configFile,
    stringify(temporalServerConfig({ projectRoot, postgresAddress: options.postgresAddress, password: options.password, ports })),
    { mode: 0o600 },
  );
  const server = startProcess({
    name: 'temporal-server',
    command: build.serverBin,
    args: ['--config-file', configFile, '--allow-no-auth', 'start'],
    cwd: options.dataDir,
    logFile: options.logFile,
    echo: false,
  });
  const address = `127.0.0.1:${ports.frontend}`;
  try {
    await Promise.race([
      waitFor(
        'the Temporal server',
        async () => {
          const connection = await Connection.connect({ address, connectTimeout: '1s' });
          try {
            await connection.workflowService.getSystemInfo({});
            return true;
          } finally {
            await connection.close();
          }
        },
        120_000,
        500,
      ),
      server.exited.then((code) => {
        throw new Error(`the Temporal server exited with code ${code} (see ${options.logFile})`);
      }),
    ]);
  } catch (error) {
    await server.stop(5_000);
    throw error;
  }
  return { ...server, address };
}

/**
 * The namespace, its retention and every search attribute, created with the `temporal` CLI as an
 * operator would (namespaceSetupCommands), then a probe: a start that sets every attribute,
 * retried until the frontend accepts it (its namespace cache refreshes every few seconds), so the
 * worker never meets an unknown namespace or attribute. Returns the commands it ran.
 */
export async function setupTemporalNamespace(address: string, log: (line: string) => void): Promise<string[][]> {
  const connection = await Connection.connect({ address });
  try {
    const { namespace } = productionTopology;
    const described = await connection.workflowService.describeNamespace({ namespace }).then(
      () => true,
      () => false,
    );
    const listed = described ? await connection.operatorService.listSearchAttributes({ namespace }) : undefined;
    const commands = namespaceSetupCommands({ namespace: described, searchAttributes: Object.keys(listed?.customAttributes ?? {}) });
    for (const command of commands) {
      log(`temporal ${command.join(' ')}`);
      const once = () =>
        run(temporalCliPath(), [...command, '--address', address]).then(
          () => true,
          (error: { stderr?: string; message: string }) => {
            throw new Error(`temporal ${command.join(' ')} failed: ${(error.stderr || error.message).trim()}`);
          },
        );
      // A namespace created a moment ago may not be in every cache yet: an attribute's creation is retried.
      if (command[1] === 'search-attribute') await waitFor(`temporal ${command.join(' ')}`, once, 60_000, 1_000);
      else await once();
    }
    const client = new Client({ connection, namespace });
    const searchAttributes = Object.fromEntries(
      Object.entries(productionTopology.searchAttributes).map(([name, type]) => [name, type === 'Int' ? [0] : ['probe']]),
    ) as Record<string, string[] | number[]>;
    await waitFor(
      'the namespace, its search attributes and every service of the server',
      async () => {
        const handle = await client.workflow.start('productionTopologyProbe', {
          taskQueue: 'production-topology-probe',
          workflowId: `setup-probe-${randomUUID()}`,
          searchAttributes,
        });
        await handle.terminate('setup probe');
        // The worker describes its schedules first thing: until every service has joined the ring,
        // that answers "Not enough hosts to serve the request" instead of "not found".
        const refused = await client.schedule
          .getHandle('production-topology-probe')
          .describe()
          .then(
            () => undefined,
            (error: Error) => error,
          );
        if (refused && !(refused instanceof ScheduleNotFoundError)) throw refused;
        return true;
      },
      120_000,
      1_000,
    );
    return commands;
  } finally {
    await connection.close();
  }
}

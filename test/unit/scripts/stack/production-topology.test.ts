import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import { customSearchAttributes } from '../../../../contracts/search-attributes';
import { namespaceSetupCommands, productionTopology, temporalServerConfig } from '../../../../scripts/stack/production-topology';
import { TEMPORAL_SERVER_VERSION } from '../../../../scripts/stack/temporal-server-build';

/**
 * docker-compose.yml is what a customer deploys; `npm start -- --topology production` and the
 * production stage of `npm test` run scripts/stack/production-topology.ts. These tests hold the two
 * to one another (docs/deployment.md), so neither can change alone.
 */
const root = path.resolve(__dirname, '..', '..', '..', '..');
const compose = parse(readFileSync(path.join(root, 'docker-compose.yml'), 'utf8'), { merge: true });
const services = compose.services as Record<
  string,
  { image?: string; environment?: Record<string, string>; command?: string[]; volumes?: string[] }
>;
const initRoles = readFileSync(path.join(root, 'deploy', 'postgres', 'init-roles.sh'), 'utf8');
const fresh = namespaceSetupCommands({ namespace: false, searchAttributes: [] });

describe('docker-compose.yml says what the native production topology runs', () => {
  it.each(['temporal', 'temporal-schema', 'temporal-namespace'])('%s runs the pinned Temporal Server release', (service) => {
    expect(services[service].image?.split(':')[1]).toBe(productionTopology.temporalServerVersion);
  });

  it('pins the release in one place: the build, the topology and the file agree', () => {
    expect(productionTopology.temporalServerVersion).toBe(TEMPORAL_SERVER_VERSION);
    expect(services.temporal.image).toBe(`temporalio/server:${TEMPORAL_SERVER_VERSION}`);
  });

  it('sets up the namespace, its retention and every search attribute with the same CLI commands', () => {
    const script = services['temporal-namespace'].command!.join('\n');
    for (const command of fresh) expect(script).toContain(`temporal ${command.join(' ')}`);
    const created = [...script.matchAll(/search-attribute create --namespace (\S+) --name (\S+) --type (\S+)/g)].map(
      ([, namespace, name, type]) => [namespace, name, type],
    );
    expect(created.sort()).toEqual(
      Object.entries(customSearchAttributes)
        .map(([name, type]) => [productionTopology.namespace, name, type])
        .sort(),
    );
    expect(script).toContain(`namespace create --retention ${productionTopology.retention} ${productionTopology.namespace}`);
  });

  it.each(['api', 'worker', 'migrate'])('%s runs in the namespace the setup creates', (service) => {
    expect(services[service].environment?.TEMPORAL_NAMESPACE).toBe(productionTopology.namespace);
  });

  it.each(['api', 'worker'])('%s connects as the service role and never holds the owner URL', (service) => {
    const env = services[service].environment!;
    const url = new URL(env[productionTopology.roleEnv.service]);
    expect([url.username, url.pathname.slice(1)]).toEqual([productionTopology.roles.service, productionTopology.serviceDatabase]);
    expect(env).not.toHaveProperty(productionTopology.roleEnv.owner);
  });

  it('migrates as the owner role', () => {
    const url = new URL(services.migrate.environment![productionTopology.roleEnv.owner]);
    expect([url.username, url.pathname.slice(1)]).toEqual([productionTopology.roles.owner, productionTopology.serviceDatabase]);
  });

  it('creates the roles and the databases each owns, as the native topology does', () => {
    for (const role of [productionTopology.roles.owner, productionTopology.roles.service, productionTopology.temporalRole])
      expect(initRoles).toMatch(new RegExp(`^CREATE ROLE ${role} WITH LOGIN NOSUPERUSER`, 'm'));
    expect(initRoles).toMatch(
      new RegExp(`^CREATE DATABASE ${productionTopology.serviceDatabase} OWNER ${productionTopology.roles.owner};`, 'm'),
    );
    for (const { name } of Object.values(productionTopology.temporalDatabases))
      expect(initRoles).toMatch(new RegExp(`^CREATE DATABASE ${name} OWNER ${productionTopology.temporalRole};`, 'm'));
    expect(services.postgres.volumes).toContain('./deploy/postgres/init-roles.sh:/docker-entrypoint-initdb.d/init-roles.sh:ro');
  });

  it("sets up Temporal's two schemas with temporal-sql-tool as role temporal, from the release's versioned folders", () => {
    const job = services['temporal-schema'];
    expect([job.environment?.SQL_PLUGIN, job.environment?.SQL_USER]).toEqual([
      productionTopology.sqlPlugin,
      productionTopology.temporalRole,
    ]);
    const script = job.command!.join('\n');
    for (const { name, schema } of Object.values(productionTopology.temporalDatabases)) {
      expect(script).toContain(`temporal-sql-tool --db ${name} setup-schema -v 0.0`);
      expect(script).toContain(`temporal-sql-tool --db ${name} update-schema -d /etc/temporal/schema/postgresql/v12/${schema}/versioned`);
    }
  });

  it('runs the server on the same databases, plugin, role, shards and dynamic configuration as the native one', () => {
    const env = services.temporal.environment!;
    const native = temporalServerConfig({
      projectRoot: root,
      postgresAddress: '127.0.0.1:5432',
      password: 'x',
      ports: {
        frontend: 7233,
        frontendHttp: 1,
        frontendMembership: 2,
        history: 3,
        historyMembership: 4,
        matching: 5,
        matchingMembership: 6,
        worker: 7,
        workerMembership: 8,
      },
    }) as any;
    const stores = native.persistence.datastores;
    expect({
      DB: env.DB,
      POSTGRES_USER: env.POSTGRES_USER,
      DBNAME: env.DBNAME,
      VISIBILITY_DBNAME: env.VISIBILITY_DBNAME,
      NUM_HISTORY_SHARDS: Number(env.NUM_HISTORY_SHARDS),
    }).toEqual({
      DB: stores['postgres-default'].sql.pluginName,
      POSTGRES_USER: stores['postgres-default'].sql.user,
      DBNAME: stores[native.persistence.defaultStore].sql.databaseName,
      VISIBILITY_DBNAME: stores[native.persistence.visibilityStore].sql.databaseName,
      NUM_HISTORY_SHARDS: native.persistence.numHistoryShards,
    });
    expect(stores['postgres-visibility'].sql.pluginName).toBe(productionTopology.sqlPlugin);
    const mounted = services.temporal.volumes!.find((v) => v.includes('dynamic'))!.split(':')[0];
    expect(path.resolve(root, mounted)).toBe(native.dynamicConfigClient.filepath);
  });
});

describe('namespaceSetupCommands', () => {
  it.each([
    [
      'a new server: the namespace, then every attribute',
      { namespace: false, searchAttributes: [] },
      1 + Object.keys(customSearchAttributes).length,
    ],
    ['a second start: nothing', { namespace: true, searchAttributes: Object.keys(customSearchAttributes) }, 0],
    [
      'an attribute added to the contracts since: that one alone',
      { namespace: true, searchAttributes: Object.keys(customSearchAttributes).slice(1) },
      1,
    ],
  ])('%s', (_case, existing, count) => {
    expect(namespaceSetupCommands(existing)).toHaveLength(count);
  });

  it('creates the namespace first, with its retention', () => {
    expect(fresh[0]).toEqual([
      'operator',
      'namespace',
      'create',
      '--retention',
      productionTopology.retention,
      productionTopology.namespace,
    ]);
  });
});

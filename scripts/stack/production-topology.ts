import path from 'node:path';
import { customSearchAttributes } from '../../contracts/search-attributes';
import { TEMPORAL_SERVER_VERSION } from './temporal-server-build';

/**
 * What the production topology is made of, stated once: `npm start -- --topology production`
 * and the production stage of `npm test` run it (scripts/stack/production-infrastructure.ts), and
 * docker-compose.yml must say the same (test/unit/scripts/stack/production-topology.test.ts).
 * docs/deployment.md explains each part.
 */
export const productionTopology = {
  temporalServerVersion: TEMPORAL_SERVER_VERSION,
  /** The namespace the service runs in (TEMPORAL_NAMESPACE) and how long Temporal keeps a closed run. */
  namespace: 'default',
  retention: '30d',
  /** Every search attribute the workflow contracts set (contracts/search-attributes.ts). */
  searchAttributes: customSearchAttributes,
  /** Temporal's SQL plugin and schema folders (the module's schema/postgresql/v12/…). */
  sqlPlugin: 'postgres12',
  temporalDatabases: {
    persistence: { name: 'temporal', schema: 'temporal' },
    visibility: { name: 'temporal_visibility', schema: 'visibility' },
  },
  /** The role Temporal's two databases belong to. */
  temporalRole: 'temporal',
  serviceDatabase: 'entity_risk',
  /** Migrations connect as the owner role, everything else as the service role (docs/deployment.md, "Roles"). */
  roles: { owner: 'risk_owner', service: 'risk_service' },
  roleEnv: { owner: 'DATABASE_OWNER_URL', service: 'DATABASE_URL' },
  /** Task Queue Priority and Fairness (contracts/work-priority.ts), the file docker-compose.yml mounts too. */
  dynamicConfigFile: 'deploy/temporal/dynamic-config.yaml',
  /** Fixed for the life of a cluster (Temporal cannot change it later); the temporalio/server image's default. */
  numHistoryShards: 4,
} as const;

export type TemporalServerPorts = {
  frontend: number;
  frontendHttp: number;
  frontendMembership: number;
  history: number;
  historyMembership: number;
  matching: number;
  matchingMembership: number;
  worker: number;
  workerMembership: number;
};

/**
 * The server's configuration file: persistence and SQL visibility on Postgres as role `temporal`,
 * all four services in one process bound to 127.0.0.1, Priority and Fairness from the dynamic
 * configuration file docker-compose.yml mounts. No archival, no metrics endpoint (the local
 * stack reads none), one cluster.
 */
export function temporalServerConfig(options: {
  projectRoot: string;
  postgresAddress: string;
  password: string;
  ports: TemporalServerPorts;
  logLevel?: string;
}): Record<string, unknown> {
  const store = (database: string, maxConns: number) => ({
    sql: {
      pluginName: productionTopology.sqlPlugin,
      databaseName: database,
      connectAddr: options.postgresAddress,
      connectProtocol: 'tcp',
      user: productionTopology.temporalRole,
      password: options.password,
      maxConns,
      maxIdleConns: maxConns,
      maxConnLifetime: '1h',
    },
  });
  const rpc = (grpcPort: number, membershipPort: number, extra: Record<string, unknown> = {}) => ({
    rpc: { grpcPort, membershipPort, bindOnIP: '127.0.0.1', ...extra },
  });
  const { ports } = options;
  return {
    log: { stdout: true, level: options.logLevel ?? 'warn' },
    persistence: {
      defaultStore: 'postgres-default',
      visibilityStore: 'postgres-visibility',
      numHistoryShards: productionTopology.numHistoryShards,
      datastores: {
        'postgres-default': store(productionTopology.temporalDatabases.persistence.name, 20),
        'postgres-visibility': store(productionTopology.temporalDatabases.visibility.name, 10),
      },
    },
    global: { membership: { maxJoinDuration: '30s', broadcastAddress: '127.0.0.1' } },
    services: {
      frontend: rpc(ports.frontend, ports.frontendMembership, { httpPort: ports.frontendHttp }),
      history: rpc(ports.history, ports.historyMembership),
      matching: rpc(ports.matching, ports.matchingMembership),
      worker: rpc(ports.worker, ports.workerMembership),
    },
    clusterMetadata: {
      enableGlobalNamespace: false,
      failoverVersionIncrement: 10,
      masterClusterName: 'active',
      currentClusterName: 'active',
      clusterInformation: {
        active: { enabled: true, initialFailoverVersion: 1, rpcName: 'frontend', rpcAddress: `127.0.0.1:${ports.frontend}` },
      },
    },
    dcRedirectionPolicy: { policy: 'noop' },
    dynamicConfigClient: { filepath: path.join(options.projectRoot, productionTopology.dynamicConfigFile), pollInterval: '10s' },
  };
}

/**
 * The operator's setup of a new server, as `temporal` CLI arguments (the setup job of
 * docker-compose.yml runs the same commands): the namespace with its retention, then every
 * search attribute. `existing` leaves out what the server already has (a second start).
 */
export function namespaceSetupCommands(existing: { namespace: boolean; searchAttributes: string[] }): string[][] {
  const { namespace, retention, searchAttributes } = productionTopology;
  const commands: string[][] = [];
  if (!existing.namespace) commands.push(['operator', 'namespace', 'create', '--retention', retention, namespace]);
  for (const [name, type] of Object.entries(searchAttributes)) {
    if (!existing.searchAttributes.includes(name))
      commands.push(['operator', 'search-attribute', 'create', '--namespace', namespace, '--name', name, '--type', type]);
  }
  return commands;
}

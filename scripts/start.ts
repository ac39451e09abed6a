import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { loadLocalStackDatabase } from '../config/ops-config';
import { createDb } from '../db/create-db';
import { ensureConsoleBuilt } from './stack/console-build';
import { DEMO_COMPANY_UUID, ensureDemoTenant } from './stack/demo-tenant';
import { startStackIdentityProvider, type StackIdentityProvider } from './stack/identity-provider';
import { demoPeople } from '../support/dev-identity-provider/dev-people';
import { loadDemoData } from './stack/demo-data';
import { getFreePort, isPortOpen, startOnFreePort } from './stack/ports';
import { startProductionInfrastructure } from './stack/production-infrastructure';
import { productionTopology } from './stack/production-topology';
import { localMachineSettings, projectRoot, startInfrastructure, startServiceProcess, waitForReady, withoutPassword } from './stack/stack';
import { describeExit } from './stack/own-servers';
import { bundleWorkflowsToFile } from '../worker/bundle-workflows';
import { stopLeftoverPostgres } from './stack/postgres';
import { type Dependency, removePidFile, stopLeftovers, superviseDependencies, type Supervisor, writePidFile } from './stack/supervisor';

/**
 * `npm start`: the whole local stack, reusing its data between runs; Ctrl-C stops it all.
 * `npm start -- --topology production`: the same service on the production topology, Temporal
 * Server on Postgres instead of the dev server, in a data folder of its own (docs/deployment.md).
 */
async function main(): Promise<void> {
  const started = performance.now();
  const topology = topologyArgument(process.argv.slice(2));
  if (topology === 'production' && !process.env.STACK_DATA_DIR) process.env.STACK_DATA_DIR = path.join(projectRoot, '.data', 'production');
  // The same data folder and port the ops CLI assumes when DATABASE_URL is not set.
  // A port given as 0 is chosen by the stack itself (retried on another when taken meanwhile)
  // and reported in the banner: how tests run an `npm start` beside a developer's own.
  const portSetting = (value: number): number | 'auto' => (value === 0 ? 'auto' : value);
  const pgAuto = process.env.PGPORT === '0';
  // PostgreSQL's own programs read PGPORT too (initdb would start a server on port 0).
  if (pgAuto) delete process.env.PGPORT;
  const { dataDir, port: configuredPgPort } = loadLocalStackDatabase();
  const apiPort = portSetting(Number(process.env.PORT ?? 8080));
  const pgPort = pgAuto ? 'auto' : configuredPgPort;
  const temporalPort = portSetting(Number(process.env.TEMPORAL_PORT ?? 7233));
  const temporalUiPort = Number(process.env.TEMPORAL_UI_PORT ?? 8233) || (await getFreePort());
  const workerMetricsPort = Number(process.env.WORKER_METRICS_PORT ?? 9464) || (await getFreePort());
  const identityProviderPort = portSetting(Number(process.env.IDENTITY_PROVIDER_PORT ?? 8090));
  // The children get the chosen ports; a 0 left in the environment would reach their configuration.
  for (const name of ['PORT', 'TEMPORAL_PORT', 'TEMPORAL_UI_PORT', 'WORKER_METRICS_PORT', 'IDENTITY_PROVIDER_PORT'])
    if (process.env[name] === '0') delete process.env[name];
  // What a start that was itself killed left running (its pid files, Postgres' postmaster.pid) is
  // stopped first, or its ports would be taken; a start that still runs is refused.
  const leftovers = await stopLeftovers(dataDir, { self: process.pid });
  const leftoverPostgres = !process.env.DATABASE_URL && stopLeftoverPostgres(path.join(dataDir, 'postgres'));
  if (leftovers.length > 0 || leftoverPostgres) {
    console.log(
      `Stopped what a killed \`npm start\` left running: ${[...leftovers.map((r) => `${r.name} (pid ${r.pid})`), ...(leftoverPostgres ? ['PostgreSQL'] : [])].join(', ')}`,
    );
  }
  writePidFile(dataDir, { pid: process.pid, name: 'npm start', commandLine: 'scripts/start.ts' });
  for (const [name, port, external] of [
    ['API', apiPort, false],
    ['PostgreSQL', pgPort, Boolean(process.env.DATABASE_URL)],
    ['Temporal', temporalPort, Boolean(process.env.TEMPORAL_ADDRESS)],
    ['the development identity provider', identityProviderPort, Boolean(process.env.OIDC_ISSUER_URL)],
  ] as const) {
    if (!external && port !== 'auto' && (await isPortOpen(port)))
      throw new Error(`port ${port} (${name}) is already in use: is another \`npm start\` running?`);
  }

  await ensureConsoleBuilt();
  console.log(
    topology === 'production'
      ? `Starting the production topology: PostgreSQL and Temporal Server ${productionTopology.temporalServerVersion} on it…`
      : 'Starting PostgreSQL and the Temporal dev server…',
  );
  const infra =
    topology === 'production'
      ? await startProductionInfrastructure({ dataDir, pgPort, temporalPort, durable: true, log: (line) => console.log(line) })
      : await startInfrastructure({ dataDir, pgPort, temporalPort, temporalUiPort, durable: true, echo: false });
  const children: { stop: (ms?: number) => Promise<void> }[] = [];
  const services: Dependency[] = [];
  let serviceSupervisor: Supervisor | undefined;
  let identityProvider: StackIdentityProvider | undefined;
  let stopping = false;
  const shutdown = async (code: number) => {
    if (stopping) return;
    stopping = true;
    const stopStarted = performance.now();
    console.log('\nStopping: api, worker, Temporal, PostgreSQL…');
    await Promise.all([supervisor.stop(), serviceSupervisor?.stop()]);
    // The api and worker drain side by side (each bounded by its own grace), then the servers.
    await Promise.all([...children.map((child) => child.stop(30_000)), ...services.map((service) => service.current.stop())]);
    await identityProvider?.provider.close();
    await infra.stop();
    removePidFile(dataDir, 'npm start');
    console.log(`Stopped in ${((performance.now() - stopStarted) / 1000).toFixed(1)}s`);
    process.exit(code);
  };
  // A dead dev server or Postgres is started again (the api and worker reconnect on their own);
  // one that will not come back stops everything with one line saying so.
  const supervisor = superviseDependencies(infra.dependencies, {
    log: (line) => console.log(`[supervisor] ${line}`),
    giveUp: (line) => (console.error(`npm start: ${line}`), void shutdown(1)),
  });
  process.on('SIGINT', () => void shutdown(0));
  process.on('SIGTERM', () => void shutdown(0));

  try {
    const db = createDb(infra.env.DATABASE_URL, { poolMax: 4 });
    // The importers run as the schema owner, as `ops import` does (docs/operations.md, "Database roles").
    const ownerDb = createDb(infra.privilegedDatabaseUrls.ownerUrl, { poolMax: 4 });
    let credentials;
    let subjects;
    try {
      credentials = await ensureDemoTenant(db, dataDir);
      console.log('Loading the demo dataset through the importers (skipped when already loaded)…');
      subjects = await loadDemoData(ownerDb, dataDir);
    } finally {
      await db.destroy();
      await ownerDb.destroy();
    }
    // The people of the demo company sign in at the development identity provider, unless the
    // environment names an identity provider of its own (OIDC_ISSUER_URL and its client).
    identityProvider = process.env.OIDC_ISSUER_URL
      ? undefined
      : await startStackIdentityProvider({
          port: identityProviderPort,
          dataDir,
          people: demoPeople(DEMO_COMPANY_UUID),
          allowRegistration: false,
        });
    // One bundle for the api's embedded worker and the worker process, and for every restart of
    // either: without it each would run webpack at its start (docs/batches.md, "Memory").
    const bundlePath = path.join(dataDir, 'workflow-bundle.js');
    await bundleWorkflowsToFile(bundlePath);
    const env = {
      ...infra.env,
      ...identityProvider?.env,
      ...localMachineSettings(),
      WORKFLOW_BUNDLE_PATH: process.env.WORKFLOW_BUNDLE_PATH ?? bundlePath,
      NODE_ENV: 'development',
      TEMPORAL_UI_URL: infra.temporalUiUrl ?? 'http://127.0.0.1:8233',
      WEBHOOK_ALLOW_PRIVATE_TARGETS: process.env.WEBHOOK_ALLOW_PRIVATE_TARGETS ?? 'true',
      LOG_LEVEL: process.env.LOG_LEVEL ?? 'info',
      WORKER_METRICS_PORT: String(workerMetricsPort),
    };
    // The api and worker are supervised like the servers: started again when they die (their pid
    // files let a next start find them should this one be killed).
    const startWorker = async () => {
      const proc = startServiceProcess('worker', env, { echo: true, logFile: path.join(dataDir, 'worker.log') });
      writePidFile(dataDir, { pid: proc.child.pid!, name: 'worker', commandLine: 'worker/main.ts' });
      try {
        await proc.waitForLine(/worker running/, 180_000);
      } catch (error) {
        await proc.stop(5_000);
        throw error;
      }
      return { died: describeExit(proc), stop: () => proc.stop(30_000).then(() => removePidFile(dataDir, 'worker')) };
    };
    const worker = startServiceProcess('worker', env, { echo: true, logFile: path.join(dataDir, 'worker.log') });
    writePidFile(dataDir, { pid: worker.child.pid!, name: 'worker', commandLine: 'worker/main.ts' });
    children.push(worker);
    // Until the supervisor watches it (after the banner's wait), a worker that dies stops the start.
    void worker.exited.then((code) => !stopping && !serviceSupervisor && (console.error(`worker exited (${code})`), void shutdown(1)));
    const startApi = async (port: number, attempt = 1) => {
      const proc = startServiceProcess(
        'api',
        { ...env, PORT: String(port) },
        { echo: true, logFile: path.join(dataDir, attempt === 1 ? 'api.log' : `api-${attempt}.log`) },
      );
      writePidFile(dataDir, { pid: proc.child.pid!, name: 'api', commandLine: 'api/server.ts' });
      // Stopped with the rest even while it is still starting (a worker that dies meanwhile stops everything).
      children.push(proc);
      try {
        await waitForReady(`http://127.0.0.1:${port}`, 120_000, proc.exited);
        return { proc, port };
      } catch (error) {
        children.splice(children.indexOf(proc), 1);
        await proc.stop(5_000);
        throw error;
      }
    };
    const [api] = await Promise.all([
      apiPort === 'auto' ? startOnFreePort('the api', startApi) : startApi(apiPort),
      worker.waitForLine(/worker running/, 180_000),
    ]);
    children.splice(0, children.length);
    services.push(
      {
        name: 'the worker',
        logFile: path.join(dataDir, 'worker.log'),
        current: { died: describeExit(worker), stop: () => worker.stop(30_000).then(() => removePidFile(dataDir, 'worker')) },
        start: startWorker,
      },
      {
        name: 'the api',
        logFile: path.join(dataDir, 'api.log'),
        current: { died: describeExit(api.proc), stop: () => api.proc.stop(30_000).then(() => removePidFile(dataDir, 'api')) },
        start: async () => {
          const again = await startApi(api.port);
          children.splice(children.indexOf(again.proc), 1);
          return { died: describeExit(again.proc), stop: () => again.proc.stop(30_000).then(() => removePidFile(dataDir, 'api')) };
        },
      },
    );
    serviceSupervisor = superviseDependencies(services, {
      log: (line) => console.log(`[supervisor] ${line}`),
      giveUp: (line) => (console.error(`npm start: ${line}`), void shutdown(1)),
    });
    const apiUrl = `http://127.0.0.1:${api.port}`;
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    console.log(`
────────────────────────────────────────────────────────────────────────
 Entity Risk Analysis Service is up (${seconds}s)
   Topology       ${topology === 'production' ? `production: Temporal Server ${productionTopology.temporalServerVersion} on PostgreSQL (persistence \`temporal\`, visibility \`temporal_visibility\`), namespace ${productionTopology.namespace}` : 'development: the Temporal CLI dev server (SQLite)'}
   Console        ${apiUrl}/console   (sign in as one of the demo people below)
   API            ${apiUrl}
   API reference  ${apiUrl}/docs   (OpenAPI: ${apiUrl}/openapi.json)
   Metrics        ${apiUrl}/metrics   (worker: http://127.0.0.1:${env.WORKER_METRICS_PORT}/metrics)
   Temporal UI    ${infra.temporalUiUrl ?? (topology === 'production' ? `(none here: docker-compose.yml runs temporalio/ui)   temporal operator cluster describe --address ${infra.env.TEMPORAL_ADDRESS}` : '(external Temporal)')}
   Postgres       ${withoutPassword(infra.env.DATABASE_URL)}   (service role; passwords in ${path.relative(projectRoot, path.join(dataDir, 'postgres', 'roles.json'))})
   Demo API key   ${credentials.api_key}
   Sign-in        ${identityProvider ? `${identityProvider.provider.issuer}   (development identity provider)` : `${process.env.OIDC_ISSUER_URL}   (OIDC_ISSUER_URL)`}
${
  identityProvider
    ? `
 Demo people of the demo company (also in ${path.relative(projectRoot, identityProvider.demoUsersFile)}):
${demoPeople(DEMO_COMPANY_UUID)
  .map((p) => `   ${p.roles.join(' ').padEnd(9)} ${p.username.padEnd(15)} password ${p.password}`)
  .join('\n')}
`
    : ''
}
 Try it (a synchronous analysis of the demo showcase company):
   curl -s -X POST -H 'X-API-Key: ${credentials.api_key}' -H 'Content-Type: application/json' -d '{"document":"${subjects[0].document}"}' ${apiUrl}/analyses

 Demo subjects (also in ${path.relative(projectRoot, path.join(dataDir, 'demo-subjects.json'))}):
${subjects.map((s) => `   ${s.document.padEnd(20)} ${s.why}`).join('\n')}

 Ctrl-C stops everything; data stays in ${path.relative(projectRoot, dataDir) || dataDir} for the next start.
────────────────────────────────────────────────────────────────────────`);
  } catch (error) {
    console.error(`npm start failed: ${(error as Error).message}`);
    await shutdown(1);
  }
}

/** `--topology production` or `--topology=production`; anything else but `development` is refused. */
function topologyArgument(args: string[]): 'development' | 'production' {
  const at = args.findIndex((arg) => arg === '--topology' || arg.startsWith('--topology='));
  if (at < 0) return 'development';
  const value = args[at].includes('=') ? args[at].split('=')[1] : args[at + 1];
  if (value !== 'development' && value !== 'production')
    throw new Error(`--topology must be development or production, not ${JSON.stringify(value ?? '')}`);
  return value;
}

main().catch((error) => {
  console.error(`npm start failed: ${error.message}`);
  process.exit(1);
});

import { spawn } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { DEMO_COMPANY_UUID } from '../../scripts/stack/demo-tenant';
import { removeStackData } from '../../scripts/stack/postgres-location';
import { getFreePort, isPortOpen } from '../../scripts/stack/ports';
import { runOps } from '../support/cli';
import { waitUntil } from '../support/service-process';

const root = path.resolve(__dirname, '..', '..');

/** The pid of the one process whose command line (NUL-separated) and environment match. */
function findPid(cmdline: RegExp, environ?: string): number {
  const pids = readdirSync('/proc')
    .filter((p) => /^\d+$/.test(p))
    .filter((pid) => {
      try {
        const cmd = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
        return cmdline.test(cmd) && (!environ || readFileSync(`/proc/${pid}/environ`, 'utf8').split('\0').includes(environ));
      } catch {
        return false; // gone meanwhile
      }
    });
  if (pids.length !== 1) throw new Error(`expected one process matching ${cmdline} ${environ ?? ''}, found ${pids.length}`);
  return Number(pids[0]);
}

/** `npm start` in its own process group, its output gathered. */
function spawnNpmStart(env: Record<string, string>) {
  const child = spawn('npm', ['start'], {
    cwd: root,
    env: { ...process.env, ...env, DATABASE_URL: '', TEMPORAL_ADDRESS: '', OIDC_ISSUER_URL: '' },
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const run = { child, output: '', drained: Promise.resolve() as Promise<unknown> };
  child.stdout!.on('data', (d) => (run.output += d));
  child.stderr!.on('data', (d) => (run.output += d));
  run.drained = Promise.all([new Promise((r) => child.stdout!.on('end', r)), new Promise((r) => child.stderr!.on('end', r))]);
  return run;
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/**
 * `npm start` supervises what it runs: kill -9 of the Temporal dev server, then of Postgres; each
 * time the stack answers /readyz again within 30 s, the api and worker are the same processes
 * (they reconnected), and every analysis accepted before, during and after completes. Then kill -9
 * of the worker and of the api: each is started again. Then kill -9 of `npm start` itself: the
 * next start stops what it left running (by its pid files) and comes up; Ctrl-C stops it in seconds.
 */
describe('npm start: a supervised local stack', () => {
  const dataDir = path.join(process.env.TEST_DATA_DIR!, 'npm-start-supervision');
  mkdirSync(dataDir, { recursive: true });
  afterAll(() => removeStackData(dataDir));

  it("restarts a dead dev server, Postgres, worker and api; accepted analyses all complete; the ops CLI finds the same database; a killed start's leftovers are stopped by the next", async () => {
    const env = {
      STACK_DATA_DIR: dataDir,
      PORT: String(await getFreePort()),
      PGPORT: String(await getFreePort()),
      TEMPORAL_PORT: String(await getFreePort()),
      TEMPORAL_UI_PORT: String(await getFreePort()),
      WORKER_METRICS_PORT: String(await getFreePort()),
      IDENTITY_PROVIDER_PORT: String(await getFreePort()),
    };
    let run = spawnNpmStart(env);
    const first = run;
    let output = '';
    first.child.stdout!.on('data', (d) => (output += d));
    first.child.stderr!.on('data', (d) => (output += d));
    const api = `http://127.0.0.1:${env.PORT}`;
    try {
      await waitUntil(() => output.includes('Ctrl-C stops everything') || /npm start failed/.test(output), 240_000, 'npm start banner');
      const apiKey = /Demo API key\s+(\S+)/.exec(output)![1];
      const call = (method: string, p: string, body?: unknown) =>
        fetch(`${api}${p}`, {
          method,
          headers: { 'X-API-Key': apiKey, 'Content-Type': 'application/json' },
          body: body ? JSON.stringify(body) : undefined,
        })
          .then(async (r) => ({ status: r.status, body: (await r.json().catch(() => undefined)) as any }))
          .catch(() => ({ status: 0, body: undefined as any }));
      const subjects: { document: string }[] = JSON.parse(readFileSync(path.join(dataDir, 'demo-subjects.json'), 'utf8'));
      const entityIds = await Promise.all(
        subjects.slice(0, 3).map(async (s) => {
          const found = await call('GET', `/entities?document=${encodeURIComponent(s.document)}`);
          if (!found.body?.items?.[0])
            throw new Error(`demo subject ${s.document} not found: ${found.status} ${JSON.stringify(found.body)}`);
          return found.body.items[0].entity_id as number;
        }),
      );
      const accepted: string[] = [];
      const submit = async () => {
        const answer = await call('POST', '/api/analyses', { entity_id: entityIds[accepted.length % entityIds.length] });
        if (answer.status === 202) accepted.push(answer.body.analysis_uuid);
        return answer.status;
      };
      const isReady = () =>
        fetch(`${api}/readyz`).then(
          (r) => r.status === 200,
          () => false,
        );
      const apiPid = findPid(/api\/server\.ts/, `PORT=${env.PORT}`);
      const workerPid = findPid(/worker\/main\.ts/, `TEMPORAL_ADDRESS=127.0.0.1:${env.TEMPORAL_PORT}`);

      /**
       * kill -9, keep submitting meanwhile, and time until the supervisor has it back and /readyz
       * is 200 (the outage may be over before readiness ever fails: clients retry for a while).
       */
      const outage = async (pid: number, name: string) => {
        for (let i = 0; i < 4; i++) expect(await submit()).toBe(202);
        const backBefore = output.split(`[supervisor] ${name} is back`).length;
        const killedAt = Date.now();
        process.kill(pid, 'SIGKILL');
        while (!(output.split(`[supervisor] ${name} is back`).length > backBefore && (await isReady())) && Date.now() - killedAt < 60_000) {
          await submit();
          await new Promise((r) => setTimeout(r, 300));
        }
        const downSeconds = (Date.now() - killedAt) / 1000;
        for (let i = 0; i < 4; i++) expect(await submit()).toBe(202);
        return downSeconds;
      };

      const temporalDown = await outage(findTemporalPid(env.TEMPORAL_PORT), 'the Temporal dev server');
      expect(output).toContain('[supervisor] the Temporal dev server died (killed by SIGKILL); restarting it…');
      expect(output).toMatch(/\[supervisor\] the Temporal dev server is back/);
      const postgresDown = await outage(
        Number(readFileSync(path.join(dataDir, 'postgres', 'pgdata', 'postmaster.pid'), 'utf8').split('\n')[0]),
        'PostgreSQL',
      );
      expect(output).toMatch(/\[supervisor\] PostgreSQL died \(its postmaster \(.*postmaster\.pid\) is gone\); restarting it…/);
      expect(output).toMatch(/\[supervisor\] PostgreSQL is back/);
      process.stdout.write(
        `supervision: ready again ${temporalDown}s after kill -9 of the dev server, ${postgresDown}s after kill -9 of Postgres; ${accepted.length} analyses accepted\n`,
      );
      expect(temporalDown).toBeLessThan(30);
      expect(postgresDown).toBeLessThan(30);

      // The api and worker reconnected on their own: the same processes still serve.
      expect(findPid(/api\/server\.ts/, `PORT=${env.PORT}`)).toBe(apiPid);
      expect(findPid(/worker\/main\.ts/, `TEMPORAL_ADDRESS=127.0.0.1:${env.TEMPORAL_PORT}`)).toBe(workerPid);
      const statuses = async () => Promise.all(accepted.map(async (uuid) => (await call('GET', `/api/analyses/${uuid}`)).body?.status));
      await waitUntil(async () => (await statuses()).every((s) => s === 'completed'), 120_000, 'every accepted analysis to complete').catch(
        async (error) => {
          throw new Error(`${error.message}: ${JSON.stringify(await statuses())}`);
        },
      );
      expect(accepted.length).toBeGreaterThanOrEqual(16);

      // The ops CLI honours STACK_DATA_DIR and PGPORT as npm start does: its key works on this api.
      const key = await runOps(['key', 'create', '--company', DEMO_COMPANY_UUID, '--scopes', 'analyses:read', '--json'], {
        DATABASE_URL: '',
        STACK_DATA_DIR: dataDir,
        PGPORT: env.PGPORT,
      });
      expect(key.code).toBe(0);
      const account = await fetch(`${api}/account`, { headers: { 'X-API-Key': key.json.api_key } });
      expect(account.status).toBe(200);
      expect(((await account.json()) as any).company_uuid).toBe(DEMO_COMPANY_UUID);

      // The worker and the api are supervised too: after a kill -9 a new one serves.
      const workerEnv = `TEMPORAL_ADDRESS=127.0.0.1:${env.TEMPORAL_PORT}`;
      for (const [name, pattern, environ] of [
        ['the worker', /worker\/main\.ts/, workerEnv],
        ['the api', /api\/server\.ts/, `PORT=${env.PORT}`],
      ] as const) {
        const before = findPid(pattern, environ);
        const backBefore = output.split(`[supervisor] ${name} is back`).length;
        process.kill(before, 'SIGKILL');
        await waitUntil(() => output.split(`[supervisor] ${name} is back`).length > backBefore, 180_000, `${name} back after kill -9`);
        expect(output).toContain(`[supervisor] ${name} died (killed by SIGKILL); restarting it…`);
        expect(findPid(pattern, environ)).not.toBe(before);
      }
      await waitUntil(isReady, 60_000, 'the restarted api to be ready');
      const afterRestarts = accepted.length;
      for (let i = 0; i < 3; i++) expect(await submit()).toBe(202);
      await waitUntil(
        async () => (await statuses()).slice(afterRestarts).every((s) => s === 'completed'),
        120_000,
        'the analyses accepted after the api and worker restarts to complete',
      );

      // kill -9 of npm start itself leaves its children running; the next start stops them and comes up.
      const leftovers = {
        api: findPid(/api\/server\.ts/, `PORT=${env.PORT}`),
        worker: findPid(/worker\/main\.ts/, workerEnv),
        temporal: findTemporalPid(env.TEMPORAL_PORT),
        postgres: Number(readFileSync(path.join(dataDir, 'postgres', 'pgdata', 'postmaster.pid'), 'utf8').split('\n')[0]),
      };
      const firstExited = new Promise((resolve) => first.child.on('exit', resolve));
      process.kill(findPid(/scripts\/start\.ts/, `PGPORT=${env.PGPORT}`), 'SIGKILL');
      await firstExited;
      expect(Object.values(leftovers).every(alive)).toBe(true);

      run = spawnNpmStart(env);
      await waitUntil(
        () => run.output.includes('Ctrl-C stops everything') || /npm start failed/.test(run.output),
        240_000,
        'the second npm start banner',
      );
      expect(run.output).toMatch(/Stopped what a killed `npm start` left running: .*api \(pid \d+\).*/);
      for (const name of ['api', 'worker', 'temporal'])
        expect(run.output).toMatch(new RegExp(`left running: .*${name} \\(pid ${leftovers[name as keyof typeof leftovers]}\\)`));
      expect(run.output).toMatch(/left running: .*PostgreSQL/);
      expect(Object.entries(leftovers).filter(([, pid]) => alive(pid))).toEqual([]);
      expect(await isReady()).toBe(true);
    } catch (error) {
      // What npm start said is the first thing to read when this fails.
      (error as Error).message += `\n--- npm start output (last lines) ---\n${(run === first
        ? output
        : `${output}\n--- second npm start ---\n${run.output}`
      )
        .split('\n')
        .filter((l) => !l.includes('"level"'))
        .slice(-40)
        .join('\n')}`;
      throw error;
    } finally {
      if (run.child.exitCode === null) process.kill(-run.child.pid!, 'SIGINT');
      await run.drained;
    }
    // Ctrl-C stops everything. How long it takes is printed, not asserted: the worker drains what
    // it holds (measured: 1.3–1.8 s idle; 31 s when a case opening the killed start rolled back
    // held the worker in its retries, before those became durable timers: docs/people-and-cases.md).
    const stoppedIn = Number(/Stopped in ([\d.]+)s/.exec(run.output)?.[1]);
    process.stdout.write(`supervision: Ctrl-C stopped the stack in ${stoppedIn}s\n`);
    expect(stoppedIn).toBeGreaterThan(0);
    expect(run.output).toContain('Stopping: api, worker, Temporal, PostgreSQL');
    for (const port of [env.PORT, env.PGPORT, env.TEMPORAL_PORT]) expect(await isPortOpen(Number(port))).toBe(false);
  }, 600_000);
});

/** The dev server of this stack: `temporal server start-dev … --port <port>`. */
function findTemporalPid(port: string): number {
  return findPid(new RegExp(`start-dev\\x00.*--port\\x00${port}\\x00`));
}

import { ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { getFreePort } from '../../scripts/stack/ports';
import { serviceProcessCommand } from '../../scripts/stack/stack';
import { startTemporalDevServer } from '../../scripts/stack/temporal';
import { stackEnv } from '../support/stack';
import { closeTestDb, createTestTenant, TestTenant } from '../support/tenants';
import { startWebhookReceiver, WebhookReceiver } from '../../support/webhook-receiver';
import { waitForEventStatuses } from '../support/webhook-events';

// An api started on a two-core machine shared with other work may take a minute to be ready.
jest.setTimeout(360_000);

const root = path.resolve(__dirname, '..', '..');

/** Our own api or worker (never the shared ones): these are the processes this test kills. */
function service(
  name: 'api' | 'worker',
  env: Record<string, string>,
): { child: ChildProcess; exited: Promise<unknown>; output: () => string } {
  // Started as the stack starts them (scripts/stack/stack.ts), but with their output kept here.
  const command = serviceProcessCommand(name, { ...stackEnv(), LOG_LEVEL: 'warn', ...env });
  const child = spawn(process.execPath, command.args, { cwd: root, env: command.env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout!.on('data', (d) => (output = (output + d).slice(-20_000)));
  child.stderr!.on('data', (d) => (output = (output + d).slice(-20_000)));
  return { child, exited: new Promise((resolve) => child.on('exit', resolve)), output: () => output };
}

async function stopService(
  s: { child: ChildProcess; exited: Promise<unknown> } | undefined,
  signal: NodeJS.Signals = 'SIGTERM',
): Promise<void> {
  if (!s || s.child.exitCode !== null || s.child.signalCode !== null) return;
  s.child.kill(signal);
  const timer = setTimeout(() => s.child.kill('SIGKILL'), 25_000);
  await s.exited;
  clearTimeout(timer);
}

/** Ready, or an error that says why not (the api's last output): at load 16 an api took over 60 s to start. */
async function waitReady(url: string, api: { output: () => string }): Promise<void> {
  const deadline = Date.now() + 150_000;
  while (Date.now() < deadline) {
    const ok = await fetch(`${url}/readyz`)
      .then((r) => r.status === 200)
      .catch(() => false);
    if (ok) return;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${url} did not become ready in 150 s; its last output:\n${api.output().slice(-3000)}`);
}

async function burst(apiUrl: string, apiKey: string, endpointUuid: string, count: number): Promise<string[]> {
  const uuids: string[] = [];
  for (let i = 0; i < count; i += 10) {
    const answers = await Promise.all(
      Array.from({ length: Math.min(10, count - i) }, () =>
        fetch(`${apiUrl}/webhooks/endpoints/${endpointUuid}/test`, { method: 'POST', headers: { 'X-API-Key': apiKey } }).then(
          (r) => r.json() as Promise<any>,
        ),
      ),
    );
    uuids.push(...answers.map((a) => a.event_uuid));
  }
  return uuids;
}

/**
 * The first `fast` events are answered after 300 ms, the rest only after `slowMs`: with a worker
 * that takes the whole burst at once, the crash or outage still lands while most are in flight.
 */
function pacedAnswer(fast: number, slowMs: number) {
  const seen = new Set<string>();
  return (d: { id: string; verified: boolean }) => {
    seen.add(d.id);
    return { status: d.verified ? 200 : 401, delayMs: seen.size <= fast ? 300 : slowMs };
  };
}

async function createEndpoint(apiUrl: string, apiKey: string, url: string): Promise<{ uuid: string; secret: string }> {
  const response = await fetch(`${apiUrl}/webhooks/endpoints`, {
    method: 'POST',
    headers: { 'X-API-Key': apiKey, 'Content-Type': 'application/json' },
    body: JSON.stringify({ name: 'reliability', url, subscribed_events: [] }),
  });
  return (await response.json()) as any;
}

describe('webhook reliability: nothing is lost', () => {
  let receiver: WebhookReceiver;
  let tenant: TestTenant;
  const running: { child: ChildProcess; exited: Promise<unknown> }[] = [];
  const spawned = (s: ReturnType<typeof service>) => (running.push(s), s);

  beforeAll(async () => {
    receiver = await startWebhookReceiver();
    tenant = await createTestTenant();
  });
  afterAll(async () => {
    await Promise.all(running.map((s) => stopService(s, 'SIGKILL')));
    await receiver.close();
    await closeTestDb();
  });

  it('kill -9 of the worker mid-burst: every event is delivered after a restart', async () => {
    const env = { TEMPORAL_NAMESPACE: 'reliability', PORT: String(await getFreePort()) };
    const apiUrl = `http://127.0.0.1:${env.PORT}`;
    const api = spawned(service('api', env));
    let worker = spawned(service('worker', env));
    await waitReady(apiUrl, api);
    const endpoint = await createEndpoint(apiUrl, tenant.apiKey, receiver.url('/kill9'));
    receiver.setSecret('/kill9', endpoint.secret);
    receiver.respond('/kill9', pacedAnswer(10, 5000));

    const uuids = await burst(apiUrl, tenant.apiKey, endpoint.uuid, 60);
    const answered = () => receiver.deliveries('/kill9').filter((d) => d.answeredAt !== undefined).length;
    await receiver.waitFor(() => answered() >= 10, 60_000, 'the burst to be under way');
    worker.child.kill('SIGKILL');
    await worker.exited;
    // Responses sent before the crash; requests still held were in flight when the worker died.
    const deliveredBeforeKill = answered();
    expect(deliveredBeforeKill).toBeLessThan(60);
    worker = spawned(service('worker', env));

    const statuses = await waitForEventStatuses(apiUrl, tenant.apiKey, uuids, 'succeeded', 150_000);
    expect(uuids.filter((u) => statuses[u] !== 'succeeded')).toEqual([]);
    const acked = receiver.acknowledged('/kill9');
    expect(uuids.filter((u) => !acked.has(u))).toEqual([]);
    expect(receiver.deliveries('/kill9').every((d) => d.verified)).toBe(true);
    await Promise.all([stopService(worker), stopService(api)]);
  });

  it('stop and restart of the persisted Temporal dev server mid-burst: every event is delivered', async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'webhook-temporal-'));
    const port = await getFreePort();
    const startServer = () => startTemporalDevServer({ dataDir, port, logFile: path.join(dataDir, 'temporal.log'), echo: false });
    let server = await startServer();
    try {
      const env = { TEMPORAL_ADDRESS: server.address, TEMPORAL_NAMESPACE: 'default', PORT: String(await getFreePort()) };
      const apiUrl = `http://127.0.0.1:${env.PORT}`;
      const api = spawned(service('api', env));
      let worker = spawned(service('worker', env));
      await waitReady(apiUrl, api);
      const endpoint = await createEndpoint(apiUrl, tenant.apiKey, receiver.url('/temporal-restart'));
      receiver.setSecret('/temporal-restart', endpoint.secret);
      receiver.respond('/temporal-restart', pacedAnswer(5, 8000));

      const uuids = await burst(apiUrl, tenant.apiKey, endpoint.uuid, 40);
      const answered = () => receiver.deliveries('/temporal-restart').filter((d) => d.answeredAt !== undefined).length;
      await receiver.waitFor(() => answered() >= 5, 60_000, 'the burst to be under way');
      // Responses already sent as the outage begins (requests still held are in flight).
      const duringOutage = answered();
      await server.stop(10_000);
      await new Promise((r) => setTimeout(r, 2000));
      server = await startServer();
      // A worker that gave up while the server was away is restarted, as a supervisor would.
      if (worker.child.exitCode !== null) worker = spawned(service('worker', env));

      const statuses = await waitForEventStatuses(apiUrl, tenant.apiKey, uuids, 'succeeded', 150_000);
      expect(duringOutage).toBeLessThan(40);
      const lost = uuids.filter((u) => statuses[u] !== 'succeeded');
      if (lost.length > 0)
        process.stderr.write(
          `not delivered: ${JSON.stringify(lost.map((u) => statuses[u]))}\nworker alive: ${worker.child.exitCode === null}\n${worker.output()}\n`,
        );
      expect(lost).toEqual([]);
      const acked = receiver.acknowledged('/temporal-restart');
      expect(uuids.filter((u) => !acked.has(u))).toEqual([]);
      await Promise.all([stopService(worker), stopService(api)]);
    } finally {
      await server.stop(10_000);
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

import { readFileSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { getFreePort } from '../../scripts/stack/ports';
import { request } from '../support/http';
import { spawnService, waitUntil } from '../support/service-process';

const apiLog = () => readFileSync(path.join(process.env.TEST_DATA_DIR!, 'api.log'), 'utf8');
import { closeTestDb, createTestTenant } from '../support/tenants';

describe('operations: configuration, logs, graceful shutdown', () => {
  afterAll(closeTestDb);

  it('refuses to start on bad configuration with one line per problem and exit code 1', async () => {
    const api = spawnService('api', { PORT: 'eighty', TEMPORAL_ADDRESS: 'nowhere' });
    expect(await api.exited).toBe(1);
    expect(api.output()).toContain('PORT:');
    expect(api.output()).toContain('TEMPORAL_ADDRESS: must be host:port');
    expect(api.output()).not.toMatch(/at .*\.ts:\d+/); // no stack trace
  });

  it('never writes an API key into a log line', async () => {
    const tenant = await createTestTenant();
    await request('GET', '/account', { apiKey: tenant.apiKey });
    await request('GET', '/account', { apiKey: `${tenant.apiKey.slice(0, -1)}x` });
    await waitUntil(() => apiLog().includes(tenant.companyUuid), 5000, 'the request log line'); // logged, with its company
    const log = apiLog();
    expect(log).not.toContain(tenant.apiKey);
    expect(log).not.toContain(tenant.apiKey.slice(4, 30));
  });

  it('logs one structured JSON line per request with its request id', async () => {
    await request('GET', '/healthz', { headers: { 'X-Request-Id': 'ops-test-request-42' } });
    await waitUntil(() => apiLog().includes('ops-test-request-42'), 5000, 'the request log line');
    const lines = apiLog().trim().split('\n');
    const entry = lines.map((l) => JSON.parse(l)).find((l) => l.request_id === 'ops-test-request-42');
    expect(entry).toMatchObject({ method: 'GET', path: '/healthz', status: 200, msg: 'request' });
    expect(typeof entry.duration_ms).toBe('number');
  });

  it('finishes an in-flight request on SIGTERM before exiting', async () => {
    const { apiKey } = await createTestTenant();
    const port = await getFreePort();
    const api = spawnService('api', { PORT: String(port) });
    await waitUntil(async () => (await fetch(`http://127.0.0.1:${port}/healthz`).catch(() => undefined))?.status === 200, 30_000, 'api');
    // A request whose body is still arriving when the signal comes.
    const response = new Promise<{ status: number; body: string }>((resolve, reject) => {
      // A route that reads its body (after the key): the answer waits for the last chunk.
      const req = http.request(
        {
          host: '127.0.0.1',
          port,
          method: 'POST',
          path: '/webhooks/endpoints',
          headers: { 'x-api-key': apiKey, 'content-type': 'application/json', 'transfer-encoding': 'chunked' },
        },
        (res) => {
          let body = '';
          res.on('data', (d) => (body += d));
          res.on('end', () => resolve({ status: res.statusCode!, body }));
        },
      );
      req.on('error', reject);
      req.write('{"half":');
      setTimeout(() => {
        api.child.kill('SIGTERM');
        setTimeout(() => req.end('"done"}'), 500);
      }, 300);
    });
    const answered = await response;
    // The request completed normally: its whole body was read and validated.
    expect(answered.status).toBe(422);
    expect(JSON.parse(answered.body).detail).toContainEqual({ loc: ['body', 'half'], msg: 'unknown property', type: 'extra_forbidden' });
    expect(await api.exited).toBe(0);
    expect(api.output()).toContain('api stopped');
  });

  // A hang guard, not a budget: on a loaded two-core machine a worker's start and drain have taken
  // over jest's 60 s default; the test waits for the worker's own lines.
  it('drains and stops a worker on SIGTERM', async () => {
    const worker = spawnService('worker', { TEMPORAL_NAMESPACE: 'reliability' });
    await waitUntil(() => worker.output().includes('worker running'), 150_000, 'worker');
    worker.child.kill('SIGTERM');
    expect(await worker.exited).toBe(0);
    expect(worker.output()).toContain('worker draining');
    expect(worker.output()).toContain('worker stopped');
  }, 240_000);
});

import net from 'node:net';
import { Client, Connection } from '@temporalio/client';
import { getFreePort } from '../../scripts/stack/ports';
import { createCleanCompany } from '../../support/entity-fixtures';
import { ExtraProcess, httpJson, startExtraApi } from '../support/processes';
import { waitUntil } from '../support/service-process';
import { stackEnv } from '../support/stack';
import { closeTestDb, createTestTenant, testDb } from '../support/tenants';

jest.setTimeout(120_000);

/** A plain TCP relay to the stack's Temporal: "Temporal comes up" is this relay starting to listen. */
async function startRelay(port: number, target: string): Promise<{ close: () => Promise<void> }> {
  const [host, targetPort] = target.split(':');
  const sockets = new Set<net.Socket>();
  const server = net.createServer((inbound) => {
    const outbound = net.connect(Number(targetPort), host);
    for (const [a, b] of [
      [inbound, outbound],
      [outbound, inbound],
    ]) {
      sockets.add(a);
      a.on('error', () => b.destroy());
      a.on('close', () => b.destroy());
    }
    inbound.pipe(outbound).pipe(inbound);
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    close: async () => {
      for (const s of sockets) s.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

describe("the api's embedded analyses worker", () => {
  const started: ExtraProcess[] = [];
  afterAll(async () => {
    for (const p of started) await p.stop(10_000);
    await closeTestDb();
  });

  it('starts while Temporal is down, connects when it comes up, runs sync analyses eagerly in the api, and drains on SIGTERM', async () => {
    const tenant = await createTestTenant();
    const { subject } = await createCleanCompany(testDb());
    const relayPort = await getFreePort();
    // The `reliability` namespace: the shared stack's worker does not poll it.
    const api = await startExtraApi(
      { TEMPORAL_ADDRESS: `127.0.0.1:${relayPort}`, TEMPORAL_NAMESPACE: 'reliability' },
      { waitReady: false },
    );
    started.push(api);
    const embeddedRunning = api.waitForLine(/embedded analyses worker running/, 90_000);

    const notReady = await httpJson(api.url, 'GET', '/readyz');
    expect(notReady).toMatchObject({ status: 503, body: { checks: { temporal: 'unavailable' } } });
    const t0 = Date.now();
    expect((await httpJson(api.url, 'POST', '/analyses', { apiKey: tenant.apiKey, body: { entity_id: subject.id } })).status).toBe(502);
    expect(Date.now() - t0).toBeLessThan(5_000);

    const relay = await startRelay(relayPort, stackEnv().TEMPORAL_ADDRESS);
    try {
      await embeddedRunning;
      await waitUntil(async () => (await httpJson(api.url, 'GET', '/readyz')).status === 200, 30_000, 'readiness');
      const created = await httpJson(api.url, 'POST', '/analyses', { apiKey: tenant.apiKey, body: { entity_id: subject.id } });
      expect(created.status).toBe(201);

      // The first workflow task came back in the start response to the api's own worker: it
      // was started by the api process at the instant it was scheduled (no task matching).
      const connection = await Connection.connect({ address: stackEnv().TEMPORAL_ADDRESS });
      try {
        const client = new Client({ connection, namespace: 'reliability' });
        const history = await client.workflow.getHandle(`analysis-${created.body.uuid}`).fetchHistory();
        const scheduled = history.events!.find((e) => e.workflowTaskScheduledEventAttributes)!;
        const taskStarted = history.events!.find((e) => e.workflowTaskStartedEventAttributes)!;
        expect(taskStarted.workflowTaskStartedEventAttributes!.identity).toMatch(new RegExp(`^${api.child.pid}@`));
        const at = (e: typeof scheduled) => Number(e.eventTime!.seconds) * 1000 + e.eventTime!.nanos! / 1e6;
        expect(at(taskStarted) - at(scheduled)).toBeLessThan(1);
        // One workflow task for the whole sync analysis: started, one task, completed.
        expect(history.events!.filter((e) => e.workflowTaskStartedEventAttributes)).toHaveLength(1);
      } finally {
        await connection.close();
      }

      const drained = api.waitForLine(/embedded analyses worker stopped/, 30_000);
      await api.stop(30_000);
      await drained;
      expect(await api.exited).toBe(0);
    } finally {
      await relay.close();
    }
  });
});

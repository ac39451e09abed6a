import os from 'node:os';
import { startWebhookReceiver } from '../support/webhook-receiver';
import { withCpu } from './support/cpu';
import { startFairnessStack } from './support/fairness-stack';
import { benchEndpoint, benchTenant, http, sampleWhile, timeTestEvent } from './support/fairness-tenants';
import { closedLoop, flag } from './support/load';

/**
 * `npm run bench -- fairness [--deliveries 2000] [--endpoints 50] [--receiver-delay-ms 5000] [--sync 300] [--concurrency 2] [--fairness off]`
 * X floods: deliveries/endpoints async analyses, each fanned out to `endpoints` subscribers on a
 * receiver that holds every request (bulk work filling every delivery slot). Y meanwhile sends
 * test events (first attempt ≤ 5 s?) and sync analyses (p95 ≤ 2× the unloaded phase of the same
 * run?). `--fairness off`: a dev server without Task Queue Priority and Fairness, to compare.
 */
export default async function fairnessBench(args: string[]): Promise<Record<string, unknown>> {
  const [deliveries, endpoints, delayMs, syncCount, concurrency] = [
    flag(args, 'deliveries', 2000),
    flag(args, 'endpoints', 50),
    flag(args, 'receiver-delay-ms', 5000),
    flag(args, 'sync', 300),
    flag(args, 'concurrency', 2),
  ];
  const fairness = !(args.includes('--fairness') && args[args.indexOf('--fairness') + 1] === 'off');
  const log = (m: string) => process.stderr.write(`[bench fairness] ${m}\n`);
  const { apiUrl, db, subjects, dataDir, stop } = await startFairnessStack({ fairness });
  const receiver = await startWebhookReceiver();
  try {
    const [x, y] = [await benchTenant(db, 'x', endpoints), await benchTenant(db, 'y', 1)];
    const yHook = await benchEndpoint(apiUrl, y, receiver, '/y', []);
    for (let i = 0; i < endpoints; i++) {
      await benchEndpoint(apiUrl, x, receiver, `/x/${i}`, ['analysis.completed']);
      receiver.respond(`/x/${i}`, (d) => ({ status: d.verified ? 204 : 401, delayMs }));
    }
    const ySync = () =>
      closedLoop(
        syncCount,
        concurrency,
        async (i) =>
          (await http(apiUrl, y.apiKey, 'POST', '/analyses', { entity_id: subjects[(i * 7919) % subjects.length] })).status === 201,
      );

    log('warm-up and the unloaded phase: Y alone');
    await closedLoop(
      50,
      concurrency,
      async (i) => (await http(apiUrl, y.apiKey, 'POST', '/analyses', { entity_id: subjects[i] })).status === 201,
    );
    const unloadedTest = await timeTestEvent(apiUrl, y, receiver, yHook, '/y', 60_000);
    const unloaded = await withCpu(dataDir, ySync);

    log(`the flood: X publishes ${deliveries} deliveries to a receiver that answers after ${delayMs} ms`);
    const floodStarted = Date.now();
    const xAnalyses = Math.ceil(deliveries / endpoints);
    await closedLoop(
      xAnalyses,
      4,
      async (i) =>
        (await http(apiUrl, x.apiKey, 'POST', '/api/analyses', { entity_id: subjects[(i * 31) % subjects.length] })).status === 202,
    );
    const xSeen = () => receiver.deliveries().filter((d) => d.path.startsWith('/x/')).length;
    await receiver.waitFor(() => xSeen() >= Math.min(deliveries / 4, 200), 300_000, "X's flood to fill the worker's slots");
    // Y's test events every 2 s while X still has deliveries not yet attempted.
    const testEvents = sampleWhile(
      () => xSeen() < xAnalyses * endpoints,
      async () => ({
        x_not_yet_attempted: xAnalyses * endpoints - xSeen(),
        first_attempt_ms: await timeTestEvent(apiUrl, y, receiver, yHook, '/y', 600_000),
      }),
    );
    const loaded = await withCpu(dataDir, ySync);
    const xBacklogAfterLoaded = xAnalyses * endpoints - xSeen();
    const tests = await testEvents;
    const xAcknowledged = () =>
      new Set(
        receiver
          .deliveries()
          .filter((d) => d.path.startsWith('/x/') && d.status < 300)
          .map((d) => d.id),
      ).size;
    await receiver
      .waitFor(() => xAcknowledged() >= xAnalyses * endpoints, 900_000, "X's flood delivered")
      .catch(() => log('the flood was not all delivered in time'));
    const floodSeconds = (Date.now() - floodStarted) / 1000;

    const worstTest = tests.length ? Math.max(...tests.map((t) => t.first_attempt_ms)) : null;
    const ratio = loaded.p95_ms / unloaded.p95_ms;
    return {
      bench: 'fairness',
      settings: {
        fairness_and_priority: fairness,
        deliveries: xAnalyses * endpoints,
        endpoints,
        receiver_delay_ms: delayMs,
        y_sync_per_phase: syncCount,
        y_concurrency: concurrency,
      },
      machine: { cpus: os.cpus().length, load_average_at_end: os.loadavg().map((l) => Number(l.toFixed(2))) },
      unloaded: { y_test_event_first_attempt_ms: unloadedTest, y_sync: unloaded },
      loaded: { y_test_events: tests, y_sync: loaded, x_not_yet_attempted_when_y_sync_ended: xBacklogAfterLoaded },
      flood: {
        seconds: Number(floodSeconds.toFixed(1)),
        delivered: Math.min(xAcknowledged(), xAnalyses * endpoints),
        deliveries_per_second: Number(((xAnalyses * endpoints) / floodSeconds).toFixed(1)),
      },
      targets: {
        y_test_event_first_attempt_le_5s: { value: worstTest, met: worstTest !== null && worstTest <= 5_000 },
        y_sync_p95_within_2x_unloaded: { value: Number(ratio.toFixed(2)), met: ratio <= 2 },
      },
    };
  } finally {
    await receiver.close();
    await stop();
  }
}

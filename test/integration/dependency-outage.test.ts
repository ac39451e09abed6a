import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { allRoutes } from '../../api/create-app';
import { SYSTEM_ACTOR } from '../../domain/actor';
import { issueApiKey } from '../../usecases/tenancy/issue-api-key';
import { exampleOf } from '../../api/openapi/operation';
import type { RouteSpec } from '../../api/edge/routing';
import { getFreePort } from '../../scripts/stack/ports';
import { startTemporalDevServer } from '../../scripts/stack/temporal';
import { startWebhookReceiver, type WebhookReceiver } from '../../support/webhook-receiver';
import { createCleanCompany, createEntity, createRiskyCompany } from '../../support/entity-fixtures';
import { request } from '../support/http';
import { registerTestPerson, sessionRequest, signInPerson } from '../support/sign-in';
import { type ServiceProcess, spawnService, waitUntil } from '../support/service-process';
import { closeTestDb, createTestTenant, type TestTenant, testDb } from '../support/tenants';
import { waitForEventStatuses } from '../support/webhook-events';

jest.setTimeout(420_000);

/**
 * A hang guard per route, not the promise's budget: every answer arrives while Temporal is still
 * out (it is frozen or dead until the last route has answered), so none waited for Temporal, and
 * each Temporal call waits one TEMPORAL_CALL_DEADLINE_MS (2 s) at most. The route's own work (the
 * PDF finalize renders) slows with the machine's load: finalize took 4.1 s at load 20 on two cores,
 * 2.8 s at load 14. The guard only turns a route that waits for the frozen server into a failure
 * sooner than jest's own. The 3 s figure of docs/api-conventions.md ("Deadlines") is printed, not asserted.
 */
const HANG_GUARD_MS = 15_000;

type Outcome = { route: string; status: number; ms: number; detail: unknown };

/**
 * A Temporal outage on a stack of its own (its own dev server, api and worker; the shared
 * Postgres), so that the shared stack's tests never see it. Every route of the registry is
 * called while the dev server is frozen (SIGSTOP: connections stay open, nothing answers — the
 * hardest case for a deadline), then while it is dead (SIGKILL: connections refused): a route
 * that declares `temporal` answers 502, every other route answers as usual (never an undocumented
 * 5xx), all before Temporal is back. Then Temporal comes back and so does the service.
 */
describe('a Temporal outage: every route answers without waiting for Temporal, 502 where it needs Temporal', () => {
  let dataDir: string;
  let server: Awaited<ReturnType<typeof startTemporalDevServer>>;
  let port: number;
  let api: ServiceProcess;
  let worker: ServiceProcess;
  let baseUrl: string;
  let tenant: TestTenant;
  let receiver: WebhookReceiver;
  let fixtures: {
    analysisUuid: string;
    screeningUuid: string;
    endpointUuid: string;
    eventUuid: string;
    nodeKey: string;
    entityId: number;
    caseUuid: string;
    uncasedAnalysisUuid: string;
    monitorUuid: string;
    unmonitoredEntityId: number;
    batchUuid: string;
    runningBatchUuid: string;
  };
  /** A draft report per pass: the pass itself voids it. */
  let reportUuid: string;

  /** An officer's personal key: only a person approves a case decision (docs/people-and-cases.md, "Four eyes"), so only it gets that route as far as Temporal. */
  let officerKey: string;
  const call = (method: string, target: string, body?: unknown, apiKey = tenant.apiKey) =>
    request(method, target, { apiKey, baseUrl, ...(body !== undefined ? { body } : {}) });
  const startServer = () => startTemporalDevServer({ dataDir, port, logFile: path.join(dataDir, 'temporal.log'), echo: false });

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'outage-temporal-'));
    port = await getFreePort();
    server = await startServer();
    const env = { TEMPORAL_ADDRESS: server.address, TEMPORAL_NAMESPACE: 'default', PORT: String(await getFreePort()) };
    baseUrl = `http://127.0.0.1:${env.PORT}`;
    api = spawnService('api', { ...env, LOG_LEVEL: 'warn' });
    worker = spawnService('worker', env);
    await waitUntil(
      async () => (await fetch(`${baseUrl}/readyz`).catch(() => undefined))?.status === 200,
      90_000,
      'the outage api to be ready',
    );
    await waitUntil(() => worker.output().includes('worker running'), 90_000, 'the outage worker');

    tenant = await createTestTenant();
    const officer = await signInPerson(await registerTestPerson(tenant.companyUuid, ['officer'], 'Otto Outage'), baseUrl);
    const officerUuid: string = (await sessionRequest(officer, 'GET', '/auth/session', { baseUrl })).body.person.uuid;
    officerKey = (
      await issueApiKey({ db: testDb() }, SYSTEM_ACTOR, {
        companyUuid: tenant.companyUuid,
        name: 'outage officer',
        scopes: ['cases:read', 'cases:approve'],
        personUuid: officerUuid,
      })
    ).apiKey;
    receiver = await startWebhookReceiver();
    receiver.respond('/failing', () => ({ status: 500 }));
    const { subject } = await createRiskyCompany(testDb());
    const analysis = await call('POST', '/analyses', { entity_id: subject.id });
    expect(analysis.status).toBe(201);
    const screening = await call('POST', '/adverse-media', { entity_id: subject.id });
    expect(screening.status).toBe(202);
    const endpoint = await call('POST', '/webhooks/endpoints', {
      name: 'outage',
      url: receiver.url('/failing'),
      subscribed_events: ['webhook.test', 'report.finalized'],
    });
    expect(endpoint.status).toBe(201);
    const event = await call('POST', `/webhooks/endpoints/${endpoint.body.uuid}/test`);
    expect(event.status).toBe(202);
    const statuses = await waitForEventStatuses(baseUrl, tenant.apiKey, [event.body.event_uuid], 'failed', 90_000);
    expect(statuses[event.body.event_uuid]).toBe('failed');
    const graph = await call('GET', `/analyses/${analysis.body.uuid}/graph`);
    expect(graph.status).toBe(200);
    // The risky analysis's case (opened by the service), and a clean analysis without one to open by hand.
    let caseUuid: string | undefined;
    await waitUntil(
      async () => {
        caseUuid = (await call('GET', '/cases?limit=200')).body.items.find((c: any) => c.analysis_uuid === analysis.body.uuid)?.uuid;
        return Boolean(caseUuid);
      },
      60_000,
      'the case of the risky analysis',
    );
    const uncased = await call('POST', '/analyses', { entity_id: (await createCleanCompany(testDb())).subject.id });
    expect(uncased.status).toBe(201);
    const monitor = await call('POST', '/monitors', { entity_id: subject.id });
    expect(monitor.status).toBe(201);
    // Never monitored: POST /monitors of it reaches Temporal (and fails with it, so it stays unmonitored).
    const unmonitored = await createEntity(testDb(), { type: 'organization' });
    // Two batches paused at once (300 rows each, far from done): a paused one resumes or cancels
    // through Temporal; the other is marked running again in the database so that its pause does too.
    const pausedBatch = async () => {
      const created = await request('POST', '/analysis-batches', {
        apiKey: tenant.apiKey,
        baseUrl,
        rawBody: `${JSON.stringify({ entity_id: subject.id })}\n`.repeat(300),
        headers: { 'Content-Type': 'application/x-ndjson' },
      });
      expect(created.status).toBe(202);
      const paused = await call('POST', `/analysis-batches/${created.body.uuid}/pause`);
      expect([paused.status, paused.body.status]).toEqual([200, 'paused']);
      return created.body.uuid as string;
    };
    const batchUuid = await pausedBatch();
    const runningBatchUuid = await pausedBatch();
    await testDb()('analysis_batches').where({ uuid: runningBatchUuid }).update({ status: 'running' });
    fixtures = {
      analysisUuid: analysis.body.uuid,
      screeningUuid: screening.body.uuid,
      endpointUuid: endpoint.body.uuid,
      eventUuid: event.body.event_uuid,
      nodeKey: graph.body.graph.nodes[0].key,
      entityId: subject.id,
      caseUuid: caseUuid!,
      uncasedAnalysisUuid: uncased.body.uuid,
      monitorUuid: monitor.body.uuid,
      unmonitoredEntityId: unmonitored.id,
      batchUuid,
      runningBatchUuid,
    };
  });

  afterAll(async () => {
    for (const service of [api, worker]) {
      if (service && service.child.exitCode === null && service.child.signalCode === null) {
        service.child.kill('SIGKILL');
        await service.exited;
      }
    }
    if (server?.child.pid && server.child.exitCode === null) process.kill(-server.child.pid, 'SIGCONT');
    await server?.stop(5_000);
    await receiver?.close();
    await closeTestDb();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  /** The values a route names in its path: the resources made above, so a route gets as far as it would for real. */
  function pathOf(route: RouteSpec): string {
    const values: Record<string, string> = {
      analysis_uuid: fixtures.analysisUuid,
      endpoint_uuid: fixtures.endpointUuid,
      event_uuid: fixtures.eventUuid,
      node_id: fixtures.nodeKey,
      uuid: route.path.startsWith('/adverse-media')
        ? fixtures.screeningUuid
        : route.path.startsWith('/cases')
          ? fixtures.caseUuid
          : route.path.startsWith('/monitors/')
            ? fixtures.monitorUuid
            : route.path.endsWith('/pause')
              ? fixtures.runningBatchUuid
              : route.path.startsWith('/analysis-batches/')
                ? fixtures.batchUuid
                : reportUuid,
      key: 'det',
      version: 'current',
      workflow_id: `analysis-${fixtures.analysisUuid}`,
      entity_id: String(fixtures.entityId),
    };
    return route.path.replace(/:([A-Za-z0-9_]+)/g, (_, name: string) => encodeURIComponent(values[name]));
  }

  /** Bodies that pass validation and reach the work; any other route sends its documented example. */
  function bodyOf(route: RouteSpec): unknown {
    if (!route.body) return undefined;
    const bodies: Record<string, unknown> = {
      createAnalysis: { entity_id: fixtures.entityId },
      createAnalysisAsync: { entity_id: fixtures.entityId },
      createAdverseMediaScreening: { entity_id: fixtures.entityId },
      createMonitor: { entity_id: fixtures.unmonitoredEntityId },
      createReport: { analysis_uuid: fixtures.analysisUuid, type: 'bcb_dossie' },
      recoverWebhookEndpoint: { since: new Date(Date.now() - 3_600_000).toISOString() },
      // The example pauses the endpoint, and a paused endpoint sends nothing (409 before Temporal).
      updateWebhookEndpoint: { name: 'outage (renamed)' },
      // A case opened by hand needs an analysis without one; an assignee must be of the company.
      openCase: { analysis_uuid: fixtures.uncasedAnalysisUuid, reason: 'outage' },
      assignCase: { assignee_id: tenant.keyUuid },
    };
    expect(Object.keys(bodies).filter((id) => !allRoutes().some((r) => r.operationId === id))).toEqual([]);
    return route.operationId in bodies ? bodies[route.operationId] : exampleOf(route.body, route.bodyExample);
  }

  async function draftReport(): Promise<void> {
    const report = await call('POST', '/reports', { analysis_uuid: fixtures.analysisUuid, type: 'bcb_dossie' });
    expect(report.status).toBe(201);
    reportUuid = report.body.uuid;
  }

  async function callEveryRoute(): Promise<Outcome[]> {
    const outcomes: Outcome[] = [];
    for (const route of allRoutes()) {
      const started = Date.now();
      const response =
        route.operationId === 'createAnalysisBatch'
          ? // The body is a file, not JSON: one row, so the upload reaches the workflow's start.
            await request('POST', pathOf(route), {
              apiKey: tenant.apiKey,
              baseUrl,
              rawBody: `${JSON.stringify({ entity_id: fixtures.entityId })}\n`,
              headers: { 'Content-Type': 'application/x-ndjson' },
            })
          : await call(
              route.method.toUpperCase(),
              pathOf(route),
              bodyOf(route),
              route.operationId === 'approveCase' ? officerKey : tenant.apiKey,
            );
      outcomes.push({
        route: `${route.method.toUpperCase()} ${route.path}`,
        status: response.status,
        ms: Date.now() - started,
        detail: response.body?.detail,
      });
    }
    return outcomes;
  }

  function expectOutageAnswers(label: string, outcomes: Outcome[]): void {
    const routes = allRoutes();
    const temporalRoutes = routes.filter((r) => r.temporal).map((r) => `${r.method.toUpperCase()} ${r.path}`);
    expect(temporalRoutes.length).toBeGreaterThanOrEqual(14);
    const wrong = outcomes.filter((o, i) => {
      const route = routes[i];
      if (o.ms > HANG_GUARD_MS) return true;
      if (route.temporal) return o.status !== 502;
      return o.status >= 500 && !(o.status in route.responses);
    });
    expect(wrong).toEqual([]);
    const slowest = outcomes.reduce((a, b) => (b.ms > a.ms ? b : a));
    console.log(
      `${label}: the slowest of ${outcomes.length} routes answered in ${slowest.ms} ms (${slowest.route} ${slowest.status}); load ${os.loadavg()[0].toFixed(1)}`,
    );
    for (const o of outcomes.filter((_, i) => routes[i].temporal))
      expect([o.route, o.detail]).toEqual([o.route, expect.stringMatching(/temporarily unavailable$/)]);
  }

  async function expectRecovery(): Promise<void> {
    // Back: the run Temporal was asked about answers again, and new work is accepted and done.
    await waitUntil(
      async () => (await call('GET', `/workflows/analysis-${fixtures.analysisUuid}`)).status === 200,
      60_000,
      'GET /workflows/{id} to answer again',
    );
    await waitUntil(
      async () => (await call('POST', '/analyses', { entity_id: fixtures.entityId })).status === 201,
      60_000,
      'a sync analysis to succeed again',
    );
  }

  it('frozen (SIGSTOP): every Temporal route answers 502 while Temporal is still out, the others as usual; then it recovers', async () => {
    await draftReport();
    process.kill(-server.child.pid!, 'SIGSTOP');
    let outcomes: Outcome[];
    try {
      outcomes = await callEveryRoute();
    } finally {
      process.kill(-server.child.pid!, 'SIGCONT');
    }
    expectOutageAnswers('outage, frozen', outcomes);
    await expectRecovery();
  });

  it('dead (SIGKILL): every Temporal route answers 502 while Temporal is still out, the others as usual; after a restart it recovers', async () => {
    await draftReport();
    server.child.kill('SIGKILL');
    await server.exited;
    const outcomes = await callEveryRoute();
    server = await startServer();
    expectOutageAnswers('outage, dead', outcomes);
    await expectRecovery();
    expect(api.child.exitCode).toBeNull();
  });
});

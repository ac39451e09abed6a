import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { Client, Connection, type WorkflowHandle } from '@temporalio/client';
import type { Knex } from 'knex';
import { graphExpansionWorkflowContract } from '../contracts/graph-expansion-workflow-contract';
import type { ExpansionDomain } from '../domain/graph/expansion/expansion-domains';
import { deliveryWorkflowId } from '../contracts/webhook-delivery-workflow-contract';
import { createDb } from '../db/create-db';
import { SYSTEM_ACTOR } from '../domain/actor';
import { issueApiKey } from '../usecases/tenancy/issue-api-key';
import { importRegulatoryCodes } from '../usecases/reports/import-regulatory-codes';
import { exampleCodesCsv, exampleOccurrence } from '../support/siscoaf-example';
import { createCompany, findCompanyByUuid, upsertPlan } from '../db/repositories/tenancy/tenancy-repository';
import { upsertSignedInPerson } from '../db/repositories/people/person-repository';
import { scopesOfRoles } from '../domain/roles';
import { planFeatures, scopes } from '../domain/tenancy';
import { type Answer, startWebhookReceiver, type WebhookReceiver } from '../support/webhook-receiver';
import { closeEventOf, historiesDir, historyToJson, secretsIn } from '../support/workflow-histories';
import { addSanction, createCleanCompany, createEntity, createPoisonedEntity, createRiskyCompany } from '../support/entity-fixtures';
import { monitorWorkflowContract } from '../contracts/monitor-workflow-contract';
import { startChangeFanOut } from '../usecases/monitoring/start-change-fan-out';
import { startMonitorReviewReschedule } from '../usecases/monitoring/reschedule-monitor-reviews';
import { bundleWorkflowsToFile } from '../worker/bundle-workflows';
import { removeStackData } from './stack/postgres-location';
import { getFreePort } from './stack/ports';
import { projectRoot, startInfrastructure, startServiceProcess, waitForReady } from './stack/stack';

/**
 * `npm run record-histories [-- <workflowType>[/<path>] …] [--as <suffix>] [--overwrite] [--keep]`:
 * boots the local stack the way `npm test` does (free ports, throw-away data), drives every
 * workflow through its main paths over the public API (and Temporal's client for a signal), and
 * writes each closed run's history to test/fixtures/histories/<workflowType>/<path>.json, which
 * the replay test of `npm test` replays against the current workflow code (docs/workflows.md,
 * "Changing a workflow"). Arguments choose some histories (`webhookDeliveryWorkflow`,
 * `analysisWorkflow/sync-failed`).
 *
 * A recorded history stands for runs that may be in flight, so an existing file is never
 * replaced by default: only missing ones are recorded. After a change shipped behind `patched()`,
 * `--as <suffix>` records the new shape beside the old one (`retried-succeeded-<suffix>.json`);
 * `--overwrite` replaces files, for when the runs they stand for can no longer be open.
 */

/** Short enough that a delivery spends its schedule in seconds, long enough to be a real timer. */
const RETRY_SCHEDULE = '1s,1s,1s';
/** How long the slow api's analyses and screenings wait mid-run (TEST_WORKFLOW_STEP_DELAY_MS): a cancel lands in it. */
const STEP_DELAY_MS = 120_000;

type Api = { url: string };
type Context = {
  api: Api;
  /** An api with TEST_WORKFLOW_STEP_DELAY_MS: its async analyses and screenings wait mid-run, so a cancel finds them in flight. */
  slowApi: Api;
  apiKey: string;
  companyUuid: string;
  db: Knex;
  temporal: Client;
  receiver: WebhookReceiver;
  /** Secrets handed out during the run: none may appear in a history. */
  secrets: string[];
};
type Outcome = 'completed' | 'failed' | 'canceled';
type RecordedPath = { workflowType: string; name: string; ends: Outcome; why: string; run: (ctx: Context) => Promise<string> };

async function call(api: Api, ctx: Context, method: string, route: string, body?: unknown): Promise<{ status: number; body: any }> {
  const response = await fetch(`${api.url}${route}`, {
    method,
    headers: { 'X-API-Key': ctx.apiKey, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : undefined };
}

async function expectStatus(api: Api, ctx: Context, method: string, route: string, status: number, body?: unknown): Promise<any> {
  const response = await call(api, ctx, method, route, body);
  if (response.status !== status)
    throw new Error(`${method} ${route}: ${response.status} (expected ${status}): ${JSON.stringify(response.body)}`);
  return response.body;
}

async function until<T>(what: string, probe: () => Promise<T | undefined | null | false>, timeoutMs = 60_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** Waits until the run has an event with these attributes (e.g. its test-only wait or a delivery's retry timer started). */
function untilEvent(ctx: Context, workflowId: string, attributes: 'timerStartedEventAttributes') {
  const handle = ctx.temporal.workflow.getHandle(workflowId);
  return until(`${workflowId} to reach ${attributes}`, async () => (await handle.fetchHistory()).events?.some((e) => e[attributes]));
}

/** A run the API does not name (a sync analysis or a report that failed answers 500): found by its search attributes. */
function findRun(ctx: Context, query: string): Promise<string> {
  return until(`a run matching ${query}`, async () => {
    for await (const run of ctx.temporal.workflow.list({ query: `CompanyUuid = "${ctx.companyUuid}" AND ${query}` })) return run.workflowId;
    return undefined;
  });
}

let endpointCount = 0;
/** A webhook endpoint on the loopback receiver, answering as told, for test events only. */
async function endpoint(ctx: Context, answer: (index: number) => Answer): Promise<{ uuid: string; path: string }> {
  const hookPath = `/hooks/${++endpointCount}`;
  const created = await expectStatus(ctx.api, ctx, 'POST', '/webhooks/endpoints', 201, {
    name: hookPath,
    url: ctx.receiver.url(hookPath),
    subscribed_events: ['webhook.test'],
  });
  ctx.secrets.push(created.secret);
  ctx.receiver.setSecret(hookPath, created.secret);
  ctx.receiver.respond(hookPath, (_delivery, index) => answer(index));
  return { uuid: created.uuid, path: hookPath };
}

async function testEvent(ctx: Context, endpointUuid: string): Promise<string> {
  return (await expectStatus(ctx.api, ctx, 'POST', `/webhooks/endpoints/${endpointUuid}/test`, 202)).event_uuid;
}

async function completedSyncAnalysis(ctx: Context): Promise<{ uuid: string; pepId: number }> {
  const { subject, pep } = await createRiskyCompany(ctx.db);
  const created = await expectStatus(ctx.api, ctx, 'POST', '/analyses', 201, { entity_id: subject.id });
  return { uuid: created.uuid, pepId: pep.id };
}

const waitAfterFailure = (seconds: number): Answer => ({ status: 503, headers: { 'Retry-After': String(seconds) } });

/** The case the service opened for a review-worthy analysis, and an officer's personal key to approve with (four eyes are two people). */
async function reviewCase(ctx: Context): Promise<{ caseUuid: string; analysisUuid: string; approver: Context }> {
  const analysis = await completedSyncAnalysis(ctx);
  const opened = await until('the case of a review-worthy analysis', async () =>
    (await expectStatus(ctx.api, ctx, 'GET', '/cases?limit=200', 200)).items.find((c: any) => c.analysis_uuid === analysis.uuid),
  );
  const company = (await findCompanyByUuid(ctx.db, ctx.companyUuid))!;
  const officer = await upsertSignedInPerson(ctx.db, {
    companyId: company.id,
    issuer: 'record-histories',
    subject: 'officer',
    name: 'record-histories officer',
    email: null,
    roles: ['officer'],
  });
  const second = await issueApiKey({ db: ctx.db }, SYSTEM_ACTOR, {
    companyUuid: ctx.companyUuid,
    scopes: [...scopesOfRoles(['officer'])],
    name: 'record-histories approver',
    personUuid: officer.uuid,
  });
  ctx.secrets.push(second.apiKey);
  return { caseUuid: opened.uuid, analysisUuid: analysis.uuid, approver: { ...ctx, apiKey: second.apiKey } };
}

/** A monitored clean company, its baseline checked (docs/monitoring.md). */
async function checkedMonitor(ctx: Context): Promise<{ uuid: string; partnerId: number; subjectId: number }> {
  const { subject, partner } = await createCleanCompany(ctx.db);
  const created = await expectStatus(ctx.api, ctx, 'POST', '/monitors', 201, { entity_id: subject.id, client_reference: 'recorded' });
  await until('the baseline check', async () => (await expectStatus(ctx.api, ctx, 'GET', `/monitors/${created.uuid}`, 200)).last_verdict);
  return { uuid: created.uuid, partnerId: partner.id, subjectId: subject.id };
}

const recordedPaths: RecordedPath[] = [
  {
    workflowType: 'analysisWorkflow',
    name: 'sync-completed',
    ends: 'completed',
    why: 'POST /analyses: one local activity, the answer in the request',
    run: async (ctx) => `analysis-${(await completedSyncAnalysis(ctx)).uuid}`,
  },
  {
    workflowType: 'analysisWorkflow',
    name: 'sync-failed',
    ends: 'failed',
    why: 'POST /analyses of an entity whose data cannot be fingerprinted: 500, the run fails (analysis_data_error)',
    run: async (ctx) => {
      const poisoned = await createPoisonedEntity(ctx.db);
      await expectStatus(ctx.api, ctx, 'POST', '/analyses', 500, { entity_id: poisoned.id });
      return findRun(ctx, `WorkflowType = "analysisWorkflow" AND EntityId = ${poisoned.id}`);
    },
  },
  {
    workflowType: 'analysisWorkflow',
    name: 'async-completed',
    ends: 'completed',
    why: 'POST /api/analyses: four steps, then analysis.completed published',
    run: async (ctx) => {
      const { subject } = await createRiskyCompany(ctx.db);
      return `analysis-${(await expectStatus(ctx.api, ctx, 'POST', '/api/analyses', 202, { entity_id: subject.id })).analysis_uuid}`;
    },
  },
  {
    workflowType: 'analysisWorkflow',
    name: 'async-failed',
    ends: 'failed',
    why: 'POST /api/analyses of an unfingerprintable entity: failAnalysis, analysis.failed published, the run fails',
    run: async (ctx) => {
      const poisoned = await createPoisonedEntity(ctx.db);
      return `analysis-${(await expectStatus(ctx.api, ctx, 'POST', '/api/analyses', 202, { entity_id: poisoned.id })).analysis_uuid}`;
    },
  },
  {
    workflowType: 'analysisWorkflow',
    name: 'async-canceled',
    ends: 'canceled',
    why: 'POST /workflows/{id}/cancel during the test-only wait after scoring: cancelAnalysis, the run ends canceled',
    run: async (ctx) => {
      const { subject } = await createRiskyCompany(ctx.db);
      const workflowId = `analysis-${(await expectStatus(ctx.slowApi, ctx, 'POST', '/api/analyses', 202, { entity_id: subject.id })).analysis_uuid}`;
      await untilEvent(ctx, workflowId, 'timerStartedEventAttributes');
      await expectStatus(ctx.api, ctx, 'POST', `/workflows/${workflowId}/cancel`, 202);
      return workflowId;
    },
  },
  {
    workflowType: 'screeningWorkflow',
    name: 'completed',
    ends: 'completed',
    why: 'POST /adverse-media with a subscriber: screened, adverse_media.completed published',
    run: async (ctx) => {
      const person = await createEntity(ctx.db, { type: 'person', name: 'Gervásio Quintanilha Portela' });
      return `screening-${(await expectStatus(ctx.api, ctx, 'POST', '/adverse-media', 202, { entity_id: person.id })).uuid}`;
    },
  },
  {
    workflowType: 'screeningWorkflow',
    name: 'failed',
    ends: 'completed',
    why: 'the screening step gives up (Postgres refuses its write): failScreening, adverse_media.failed published; the run itself completes with status failed',
    run: async (ctx) => {
      const person = await createEntity(ctx.db, { type: 'person', name: 'Adalberto Sabotado Uchoa' });
      const trigger = `record_histories_sabotage_${process.pid}`;
      await ctx.db.raw(`CREATE FUNCTION ${trigger}() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN IF NEW.status = 'completed' AND NEW.entity_id = ${Number(person.id)} THEN RAISE EXCEPTION 'refused for a recorded history'; END IF; RETURN NEW; END $$`);
      await ctx.db.raw(`CREATE TRIGGER ${trigger} BEFORE UPDATE ON screenings FOR EACH ROW EXECUTE FUNCTION ${trigger}()`);
      try {
        const workflowId = `screening-${(await expectStatus(ctx.api, ctx, 'POST', '/adverse-media', 202, { entity_id: person.id })).uuid}`;
        await ctx.temporal.workflow.getHandle(workflowId).result();
        return workflowId;
      } finally {
        await ctx.db.raw(`DROP TRIGGER IF EXISTS ${trigger} ON screenings`);
        await ctx.db.raw(`DROP FUNCTION IF EXISTS ${trigger}()`);
      }
    },
  },
  {
    workflowType: 'screeningWorkflow',
    name: 'canceled',
    ends: 'canceled',
    why: 'POST /workflows/{id}/cancel during the test-only wait before screening: cancelScreening, the run ends canceled',
    run: async (ctx) => {
      const person = await createEntity(ctx.db, { type: 'person', name: 'Iolanda Cancelada Medeiros' });
      const workflowId = `screening-${(await expectStatus(ctx.slowApi, ctx, 'POST', '/adverse-media', 202, { entity_id: person.id })).uuid}`;
      await untilEvent(ctx, workflowId, 'timerStartedEventAttributes');
      await expectStatus(ctx.api, ctx, 'POST', `/workflows/${workflowId}/cancel`, 202);
      return workflowId;
    },
  },
  {
    workflowType: 'graphExpansionWorkflow',
    name: 'completed',
    ends: 'completed',
    why: 'POST /analyses/{uuid}/graph/nodes/{key}/expand of a node of the graph',
    run: async (ctx) => {
      const analysis = await completedSyncAnalysis(ctx);
      const nodeKey = `entity:${analysis.pepId}`;
      const domains: ExpansionDomain[] = ['ownership', 'pep'];
      await expectStatus(ctx.api, ctx, 'POST', `/analyses/${analysis.uuid}/graph/nodes/${nodeKey}/expand`, 200, { domains });
      return graphExpansionWorkflowContract.workflowId({
        companyId: 0,
        companyUuid: ctx.companyUuid,
        analysisUuid: analysis.uuid,
        nodeKey,
        domains,
      });
    },
  },
  {
    workflowType: 'graphExpansionWorkflow',
    name: 'failed-node-not-found',
    ends: 'failed',
    why: 'the expansion of a node that is not in the graph: GraphTargetNotFound, 404',
    run: async (ctx) => {
      const analysis = await completedSyncAnalysis(ctx);
      const nodeKey = 'entity:2000000001';
      await expectStatus(ctx.api, ctx, 'POST', `/analyses/${analysis.uuid}/graph/nodes/${nodeKey}/expand`, 404, { domains: ['ownership'] });
      return graphExpansionWorkflowContract.workflowId({
        companyId: 0,
        companyUuid: ctx.companyUuid,
        analysisUuid: analysis.uuid,
        nodeKey,
        domains: ['ownership'],
      });
    },
  },
  {
    workflowType: 'reportWorkflow',
    name: 'completed',
    ends: 'completed',
    why: 'POST /reports of a completed analysis: a coaf_cos draft',
    run: async (ctx) => {
      const analysis = await completedSyncAnalysis(ctx);
      return `report-${(await expectStatus(ctx.api, ctx, 'POST', '/reports', 201, { analysis_uuid: analysis.uuid, type: 'coaf_cos' })).uuid}`;
    },
  },
  {
    workflowType: 'reportWorkflow',
    name: 'failed',
    ends: 'failed',
    why: 'POST /reports of an analysis whose stored verdict cannot be rendered: ReportBuildFailed, 500',
    run: async (ctx) => {
      const analysis = await completedSyncAnalysis(ctx);
      await ctx.db.raw(`UPDATE analyses SET verdict = jsonb_set(verdict, '{signals}', '"broken"') WHERE uuid = ?`, [analysis.uuid]);
      await expectStatus(ctx.api, ctx, 'POST', '/reports', 500, { analysis_uuid: analysis.uuid, type: 'coaf_cos' });
      return findRun(ctx, `WorkflowType = "reportWorkflow" AND AnalysisUuid = "${analysis.uuid}"`);
    },
  },
  {
    workflowType: 'webhookDeliveryWorkflow',
    name: 'succeeded',
    ends: 'completed',
    why: 'a test event acknowledged at the first attempt (a local activity)',
    run: async (ctx) => deliveryWorkflowId(await testEvent(ctx, (await endpoint(ctx, () => ({ status: 204 }))).uuid)),
  },
  {
    workflowType: 'webhookDeliveryWorkflow',
    name: 'retried-succeeded',
    ends: 'completed',
    why: 'a 500, a durable timer, then a 204 at the second attempt (a regular activity)',
    run: async (ctx) => deliveryWorkflowId(await testEvent(ctx, (await endpoint(ctx, (i) => ({ status: i === 0 ? 500 : 204 }))).uuid)),
  },
  {
    workflowType: 'webhookDeliveryWorkflow',
    name: 'failed-schedule-spent',
    ends: 'failed',
    why: `always 500: the schedule (${RETRY_SCHEDULE}) is spent, WebhookDeliveryFailed`,
    run: async (ctx) => deliveryWorkflowId(await testEvent(ctx, (await endpoint(ctx, () => ({ status: 500 }))).uuid)),
  },
  {
    workflowType: 'webhookDeliveryWorkflow',
    name: 'failed-gone',
    ends: 'failed',
    why: '410 Gone at the first attempt: the endpoint is disabled, WebhookDeliveryFailed',
    run: async (ctx) => deliveryWorkflowId(await testEvent(ctx, (await endpoint(ctx, () => ({ status: 410 }))).uuid)),
  },
  {
    workflowType: 'webhookDeliveryWorkflow',
    name: 'retry-now-signal',
    ends: 'completed',
    why: 'a 503 with Retry-After: 600, the operator signal retryNow cuts the wait, a 204',
    run: async (ctx) => {
      const workflowId = deliveryWorkflowId(
        await testEvent(ctx, (await endpoint(ctx, (i) => (i === 0 ? waitAfterFailure(600) : { status: 204 }))).uuid),
      );
      await untilEvent(ctx, workflowId, 'timerStartedEventAttributes');
      await ctx.temporal.workflow.getHandle(workflowId).signal('retryNow');
      return workflowId;
    },
  },
  {
    workflowType: 'webhookDeliveryWorkflow',
    name: 'canceled',
    ends: 'canceled',
    why: 'POST /workflows/{id}/cancel while waiting between attempts: cancelWebhookDelivery, the run ends canceled',
    run: async (ctx) => {
      const workflowId = deliveryWorkflowId(await testEvent(ctx, (await endpoint(ctx, () => waitAfterFailure(600))).uuid));
      await untilEvent(ctx, workflowId, 'timerStartedEventAttributes');
      await expectStatus(ctx.api, ctx, 'POST', `/workflows/${workflowId}/cancel`, 202);
      return workflowId;
    },
  },
  {
    workflowType: 'webhookDeliveryWorkflow',
    name: 'redelivery-succeeded',
    ends: 'completed',
    why: 'POST /webhooks/webhook-events/{uuid}/retry of a failed event: a second run (retry-1) from attempt 2',
    run: async (ctx) => {
      let healthy = false;
      const hook = await endpoint(ctx, () => ({ status: healthy ? 204 : 410 }));
      const eventUuid = await testEvent(ctx, hook.uuid);
      await ctx.temporal.workflow
        .getHandle(deliveryWorkflowId(eventUuid))
        .result()
        .catch(() => undefined);
      healthy = true;
      // 410 disabled the endpoint: enabled again, as a customer would after fixing it.
      await expectStatus(ctx.api, ctx, 'PATCH', `/webhooks/endpoints/${hook.uuid}`, 200, { status: 'active' });
      await expectStatus(ctx.api, ctx, 'POST', `/webhooks/webhook-events/${eventUuid}/retry`, 202);
      return deliveryWorkflowId(eventUuid, 1);
    },
  },
  {
    workflowType: 'webhookRecoveryWorkflow',
    name: 'recovered',
    ends: 'completed',
    why: 'POST /webhooks/endpoints/{uuid}/recover after two events failed: one page retries both',
    run: async (ctx) => {
      let healthy = false;
      const hook = await endpoint(ctx, () => ({ status: healthy ? 204 : 500 }));
      const events = [await testEvent(ctx, hook.uuid), await testEvent(ctx, hook.uuid)];
      for (const uuid of events)
        await ctx.temporal.workflow
          .getHandle(deliveryWorkflowId(uuid))
          .result()
          .catch(() => undefined);
      healthy = true;
      const since = new Date(Date.now() - 3_600_000).toISOString();
      return (await expectStatus(ctx.api, ctx, 'POST', `/webhooks/endpoints/${hook.uuid}/recover`, 202, { since })).workflow_id;
    },
  },
  {
    workflowType: 'caseWorkflow',
    name: 'decided-approved',
    ends: 'completed',
    why: "a case opened by the service: assign, note, a decision by a company key, an approval by an officer's personal key; closed",
    run: async (ctx) => {
      const { caseUuid, approver } = await reviewCase(ctx);
      const keyUuid = (await expectStatus(ctx.api, ctx, 'GET', '/account', 200)).api_key.key_uuid;
      await expectStatus(ctx.api, ctx, 'POST', `/cases/${caseUuid}/assign`, 200, { assignee_id: keyUuid });
      await expectStatus(ctx.api, ctx, 'POST', `/cases/${caseUuid}/notes`, 200, { text: 'checked' });
      await expectStatus(ctx.api, ctx, 'POST', `/cases/${caseUuid}/decision`, 200, { outcome: 'reject', rationale: 'a sanctioned owner' });
      // A company key is no person: refused (403 person_required) before the workflow is asked.
      await expectStatus(ctx.api, ctx, 'POST', `/cases/${caseUuid}/approval`, 403, { approve: true });
      await expectStatus(ctx.api, approver, 'POST', `/cases/${caseUuid}/approval`, 200, { approve: true, comment: 'agreed' });
      return `case-${caseUuid}`;
    },
  },
  {
    workflowType: 'caseWorkflow',
    name: 'coaf-filed',
    ends: 'completed',
    why: 'report_to_coaf returned once, then approved: the COAF clock runs, the coaf_cos draft is a child run; filing it signals clocksChanged',
    run: async (ctx) => {
      const { caseUuid, approver } = await reviewCase(ctx);
      await expectStatus(ctx.api, ctx, 'POST', `/cases/${caseUuid}/decision`, 200, {
        outcome: 'report_to_coaf',
        rationale: 'concealed ownership',
      });
      await expectStatus(ctx.api, approver, 'POST', `/cases/${caseUuid}/approval`, 200, { approve: false, comment: 'name the situation' });
      await expectStatus(ctx.api, ctx, 'POST', `/cases/${caseUuid}/decision`, 200, {
        outcome: 'report_to_coaf',
        rationale: 'concealed ownership (Carta Circular 4.001)',
      });
      const approved = await expectStatus(ctx.api, approver, 'POST', `/cases/${caseUuid}/approval`, 200, { approve: true });
      await ctx.db('companies').where({ uuid: ctx.companyUuid }).update({ reporting_institution_cnpj: '11222333000181' });
      await importRegulatoryCodes({ db: ctx.db }, SYSTEM_ACTOR, { companyUuid: ctx.companyUuid, csv: exampleCodesCsv() });
      const draft = await expectStatus(ctx.api, ctx, 'GET', `/reports/${approved.report_uuid}`, 200);
      await expectStatus(
        ctx.api,
        ctx,
        'PUT',
        `/reports/${approved.report_uuid}/occurrence`,
        200,
        exampleOccurrence(draft.subject.document),
      );
      await expectStatus(ctx.api, ctx, 'POST', `/reports/${approved.report_uuid}/finalize`, 200);
      await expectStatus(ctx.api, ctx, 'POST', `/reports/${approved.report_uuid}/filing`, 200, {
        protocol: 'SISCOAF-1',
        filed_at: new Date().toISOString(),
      });
      return `case-${caseUuid}`;
    },
  },
  {
    workflowType: 'caseWorkflow',
    name: 'overdue-then-closed',
    ends: 'completed',
    why: 'a case whose service level has run out (its due date set in the past): the timer rings, case.overdue; then a decision closes it',
    run: async (ctx) => {
      const { subject } = await createCleanCompany(ctx.db);
      const analysis = await expectStatus(ctx.api, ctx, 'POST', '/analyses', 201, { entity_id: subject.id });
      const opened = await expectStatus(ctx.api, ctx, 'POST', '/cases', 201, { analysis_uuid: analysis.uuid, reason: 'recorded' });
      await ctx
        .db('cases')
        .where({ uuid: opened.uuid })
        .update({ due_at: new Date(Date.now() - 1000) });
      await ctx.temporal.workflow.getHandle(`case-${opened.uuid}`).signal('clocksChanged');
      await until('the case overdue', async () => (await expectStatus(ctx.api, ctx, 'GET', `/cases/${opened.uuid}`, 200)).overdue);
      await expectStatus(ctx.api, ctx, 'POST', `/cases/${opened.uuid}/decision`, 200, { outcome: 'approve', rationale: 'nothing found' });
      return `case-${opened.uuid}`;
    },
  },
  {
    workflowType: 'webhookRecoveryWorkflow',
    name: 'nothing-failed',
    ends: 'completed',
    why: 'a recover of an endpoint without failed events: one empty page',
    run: async (ctx) => {
      const hook = await endpoint(ctx, () => ({ status: 204 }));
      return (
        await expectStatus(ctx.api, ctx, 'POST', `/webhooks/endpoints/${hook.uuid}/recover`, 202, {
          since: new Date(Date.now() - 60_000).toISOString(),
        })
      ).workflow_id;
    },
  },
  {
    workflowType: 'monitorWorkflow',
    name: 'stopped',
    ends: 'completed',
    why: 'POST /monitors: the baseline check; pause and resume; a reanalyse signal after the partner is sanctioned: an alert, monitoring.alert published, the risk-increase hook; DELETE: the run ends',
    run: async (ctx) => {
      const monitor = await checkedMonitor(ctx);
      await expectStatus(ctx.api, ctx, 'POST', `/monitors/${monitor.uuid}/pause`, 200);
      await expectStatus(ctx.api, ctx, 'POST', `/monitors/${monitor.uuid}/resume`, 200);
      await addSanction(ctx.db, monitor.partnerId);
      const workflowId = monitorWorkflowContract.workflowId({
        monitorUuid: monitor.uuid,
        companyUuid: ctx.companyUuid,
        entityId: monitor.subjectId,
        baselineAnalysisUuid: monitor.uuid,
      });
      await ctx.temporal.workflow
        .getHandle(workflowId)
        .signal('reanalyse', { key: 'recorded:1', causes: [{ source: 'recorded', version: '1' }] });
      await until(
        'the alert',
        async () => (await expectStatus(ctx.api, ctx, 'GET', `/monitors/${monitor.uuid}/alerts`, 200)).items.length > 0,
      );
      await expectStatus(ctx.api, ctx, 'DELETE', `/monitors/${monitor.uuid}`, 200);
      return workflowId;
    },
  },
  {
    workflowType: 'monitorWorkflow',
    name: 'rescheduled',
    ends: 'completed',
    why: 'the company changed its review months: a reschedule to a date already past runs the review at once; a second to a later date replaces the timer; DELETE ends the run',
    run: async (ctx) => {
      const monitor = await checkedMonitor(ctx);
      const workflowId = monitorWorkflowContract.workflowId({
        monitorUuid: monitor.uuid,
        companyUuid: ctx.companyUuid,
        entityId: monitor.subjectId,
        baselineAnalysisUuid: monitor.uuid,
      });
      const before = (await expectStatus(ctx.api, ctx, 'GET', `/monitors/${monitor.uuid}`, 200)).last_analysis_uuid;
      await ctx.temporal.workflow.getHandle(workflowId).signal('reschedule', { nextReviewAtMs: Date.now() - 1000 });
      await until(
        'the review',
        async () => (await expectStatus(ctx.api, ctx, 'GET', `/monitors/${monitor.uuid}`, 200)).last_analysis_uuid !== before,
      );
      await ctx.temporal.workflow.getHandle(workflowId).signal('reschedule', { nextReviewAtMs: Date.now() + 86_400_000 });
      await new Promise((resolve) => setTimeout(resolve, 2_000));
      await expectStatus(ctx.api, ctx, 'DELETE', `/monitors/${monitor.uuid}`, 200);
      return workflowId;
    },
  },
  {
    workflowType: 'monitorReviewRescheduleWorkflow',
    name: 'completed',
    ends: 'completed',
    why: "the company's review months changed: one batch replans its live monitors and signals each",
    run: async (ctx) => {
      await checkedMonitor(ctx);
      return (await startMonitorReviewReschedule({ temporal: ctx.temporal }, SYSTEM_ACTOR, { companyUuid: ctx.companyUuid })).workflow_id;
    },
  },
  {
    workflowType: 'analysisBatchWorkflow',
    name: 'completed',
    ends: 'completed',
    why: 'POST /analysis-batches: a CSV of two subjects, a duplicate and a bad row; a pause and a resume (when the pause lands before the end); the rows run, analysis_batch.completed',
    run: async (ctx) => {
      const [a, b] = [(await createCleanCompany(ctx.db)).subject, (await createCleanCompany(ctx.db)).subject];
      const file = `document,client_reference\n${a.document},a\n${b.document},b\n11222333000180,bad\n${a.document},a-again\n`;
      const response = await fetch(`${ctx.api.url}/analysis-batches?name=recorded`, {
        method: 'POST',
        headers: { 'X-API-Key': ctx.apiKey, 'Content-Type': 'text/csv' },
        body: file,
      });
      if (response.status !== 202) throw new Error(`POST /analysis-batches: ${response.status}`);
      const batch = (await response.json()) as { uuid: string };
      if ((await call(ctx.api, ctx, 'POST', `/analysis-batches/${batch.uuid}/pause`)).status === 200)
        await expectStatus(ctx.api, ctx, 'POST', `/analysis-batches/${batch.uuid}/resume`, 200);
      return `analysis-batch-${batch.uuid}`;
    },
  },
  {
    workflowType: 'monitoringFanOutWorkflow',
    name: 'completed',
    ends: 'completed',
    why: "an import's recorded change (entity_changes) of a monitored partner: one batch signals the monitor",
    run: async (ctx) => {
      const monitor = await checkedMonitor(ctx);
      const change = { source: 'recorded', version: `run-${Date.now()}` };
      await ctx.db('entity_changes').insert({ ...change, entity_id: monitor.partnerId });
      return (await startChangeFanOut({ temporal: ctx.temporal }, SYSTEM_ACTOR, change)).workflow_id;
    },
  },
];

/** Waits for the run to close and returns how it ended. */
async function closed(handle: WorkflowHandle): Promise<Outcome | string> {
  const status = await until(
    `${handle.workflowId} to close`,
    async () => {
      const name = (await handle.describe()).status.name;
      return name !== 'RUNNING' && name;
    },
    120_000,
  );
  return status.toLowerCase() === 'cancelled' ? 'canceled' : status.toLowerCase();
}

async function setUp(db: Knex): Promise<{ apiKey: string; companyUuid: string }> {
  const planCode = `record-histories-${process.pid}`;
  await upsertPlan(db, {
    code: planCode,
    features: [...planFeatures],
    quotas: { analyses: 1000, adverse_media: 1000, reports: 100, monitors: 1000 },
    limits: { requests_per_second: 100_000, test_events_per_endpoint_per_minute: 100_000 },
  });
  const company = await createCompany(db, { name: 'Recorded histories', planCode });
  const key = await issueApiKey({ db: db }, SYSTEM_ACTOR, { companyUuid: company.uuid, scopes: [...scopes], name: 'record-histories' });
  return { apiKey: key.apiKey, companyUuid: company.uuid };
}

type Options = { wanted: string[]; suffix?: string; overwrite: boolean; keep: boolean };
/** A wrong argument: one line and exit code 2, like the ops CLI. */
class UsageError extends Error {}

function parseOptions(args: string[]): Options {
  const options: Options = { wanted: [], overwrite: false, keep: false };
  for (let i = 0; i < args.length; i++) {
    if (args[i] === '--as') options.suffix = args[++i];
    else if (args[i] === '--overwrite') options.overwrite = true;
    else if (args[i] === '--keep') options.keep = true;
    else if (args[i] === '--') continue;
    else if (args[i].startsWith('--')) throw new UsageError(`unknown flag ${args[i]}; use --as <suffix>, --overwrite, --keep`);
    else options.wanted.push(args[i]);
  }
  if (options.suffix !== undefined && !/^[a-z0-9][a-z0-9-]*$/.test(options.suffix))
    throw new UsageError('--as takes a kebab-case suffix (e.g. local-attempts)');
  return options;
}

const fileOf = (recorded: RecordedPath, suffix?: string) =>
  path.join(historiesDir, recorded.workflowType, `${recorded.name}${suffix ? `-${suffix}` : ''}.json`);

function chosen(wanted: string[]): RecordedPath[] {
  if (wanted.length === 0) return recordedPaths;
  const picked = recordedPaths.filter((p) => wanted.some((w) => w === p.workflowType || w === `${p.workflowType}/${p.name}`));
  const unknown = wanted.filter((w) => !recordedPaths.some((p) => w === p.workflowType || w === `${p.workflowType}/${p.name}`));
  if (unknown.length > 0)
    throw new UsageError(
      `unknown history ${unknown.join(', ')}; known: ${recordedPaths.map((p) => `${p.workflowType}/${p.name}`).join(', ')}`,
    );
  return picked;
}

async function main(): Promise<number> {
  const options = parseOptions(process.argv.slice(2));
  const log = (message: string) => process.stderr.write(`[record-histories] ${message}\n`);
  const paths = chosen(options.wanted).filter((p) => {
    const exists = existsSync(fileOf(p, options.suffix));
    if (exists && !options.overwrite)
      log(
        `kept ${path.relative(historiesDir, fileOf(p, options.suffix))} (it stands for runs that may be in flight: --as <suffix> records beside it, --overwrite replaces it)`,
      );
    return !exists || options.overwrite;
  });
  if (paths.length === 0) {
    log('nothing to record');
    return 0;
  }
  const started = performance.now();
  const dataDir = path.join(projectRoot, '.data', `record-histories-${process.pid}`);
  removeStackData(dataDir);
  mkdirSync(dataDir, { recursive: true });
  const [pgPort, temporalPort, apiPort, slowApiPort, metricsPort] = [
    await getFreePort(),
    await getFreePort(),
    await getFreePort(),
    await getFreePort(),
    await getFreePort(),
  ];
  const temporalDataDir = existsSync('/dev/shm') ? path.join('/dev/shm', `era-record-${process.pid}`) : undefined;
  log('starting PostgreSQL and the Temporal dev server (throw-away data)');
  const infra = await startInfrastructure({ dataDir, pgPort, temporalPort, durable: false, echo: false, temporalDataDir });
  const children: { stop: (ms?: number) => Promise<void> }[] = [];
  const db = createDb(infra.env.DATABASE_URL, { poolMax: 4 });
  let connection: Connection | undefined;
  let receiver: WebhookReceiver | undefined;
  let failures = 0;
  try {
    const bundlePath = path.join(dataDir, 'workflow-bundle.js');
    await bundleWorkflowsToFile(bundlePath);
    const env: Record<string, string> = {
      ...infra.env,
      NODE_ENV: 'test',
      WORKFLOW_BUNDLE_PATH: bundlePath,
      WORKER_METRICS_PORT: String(metricsPort),
      WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true',
      WEBHOOK_RETRY_SCHEDULE: RETRY_SCHEDULE,
      LOG_LEVEL: 'info',
    };
    const worker = startServiceProcess('worker', env, { echo: false, logFile: path.join(dataDir, 'worker.log') });
    const api = startServiceProcess('api', { ...env, PORT: String(apiPort) }, { echo: false, logFile: path.join(dataDir, 'api.log') });
    const slowApi = startServiceProcess(
      'api',
      { ...env, PORT: String(slowApiPort), TEST_WORKFLOW_STEP_DELAY_MS: String(STEP_DELAY_MS) },
      { echo: false, logFile: path.join(dataDir, 'slow-api.log') },
    );
    children.push(worker, api, slowApi);
    const [apiUrl, slowApiUrl] = [`http://127.0.0.1:${apiPort}`, `http://127.0.0.1:${slowApiPort}`];
    await Promise.all([
      waitForReady(apiUrl, 120_000, api.exited),
      waitForReady(slowApiUrl, 120_000, slowApi.exited),
      worker.waitForLine(/worker running/, 180_000),
    ]);
    log(`stack ready in ${((performance.now() - started) / 1000).toFixed(1)}s`);

    connection = await Connection.connect({ address: infra.env.TEMPORAL_ADDRESS });
    receiver = await startWebhookReceiver();
    const tenant = await setUp(db);
    const ctx: Context = {
      api: { url: apiUrl },
      slowApi: { url: slowApiUrl },
      ...tenant,
      db,
      temporal: new Client({ connection, namespace: infra.env.TEMPORAL_NAMESPACE }),
      receiver,
      secrets: [],
    };
    // Completions and failures of analyses and screenings are announced: one subscriber takes them all.
    const subscriber = await expectStatus(ctx.api, ctx, 'POST', '/webhooks/endpoints', 201, {
      name: 'subscriber',
      url: receiver.url('/subscriber'),
      subscribed_events: ['analysis.completed', 'analysis.failed', 'adverse_media.completed', 'adverse_media.failed', 'monitoring.alert'],
    });
    ctx.secrets.push(subscriber.secret);
    receiver.respond('/subscriber', () => ({ status: 204 }));

    for (const recorded of paths) {
      const name = `${recorded.workflowType}/${recorded.name}`;
      try {
        const workflowId = await recorded.run(ctx);
        const handle = ctx.temporal.workflow.getHandle(workflowId);
        const ended = await closed(handle);
        if (ended !== recorded.ends) throw new Error(`${workflowId} ended ${ended}, expected ${recorded.ends}`);
        const history = await handle.fetchHistory();
        const type = history.events?.[0]?.workflowExecutionStartedEventAttributes?.workflowType?.name;
        if (type !== recorded.workflowType) throw new Error(`${workflowId} is a ${type}, expected ${recorded.workflowType}`);
        if (!closeEventOf(history)) throw new Error(`${workflowId}: the history has no close event`);
        const json = historyToJson(history);
        const leaked = secretsIn(JSON.parse(json), [ctx.apiKey, ...ctx.secrets]);
        if (leaked.length > 0) throw new Error(`${workflowId}: the history holds a secret (${leaked.join(', ')}); not written`);
        const file = fileOf(recorded, options.suffix);
        mkdirSync(path.dirname(file), { recursive: true });
        writeFileSync(file, `${json}\n`);
        log(
          `✓ ${path.relative(historiesDir, file)}: ${history.events?.length} events, ${(json.length / 1024).toFixed(1)} KB (${recorded.why})`,
        );
      } catch (error) {
        failures++;
        log(`✗ ${name}: ${(error as Error).message}`);
      }
    }
  } finally {
    await receiver?.close();
    await connection?.close();
    await db.destroy();
    for (const child of children.reverse()) await child.stop(20_000);
    await infra.stop();
    if (temporalDataDir) rmSync(temporalDataDir, { recursive: true, force: true });
    if (failures === 0 && !options.keep) removeStackData(dataDir);
    else log(`data and logs kept in ${dataDir}`);
  }
  log(`${paths.length - failures} of ${paths.length} histories recorded in ${((performance.now() - started) / 1000).toFixed(1)}s`);
  return failures === 0 ? 0 : 1;
}

main().then(
  (code) => process.exit(code),
  (error) => {
    process.stderr.write(
      error instanceof UsageError ? `record-histories: ${error.message}\n` : `record-histories failed: ${error.stack ?? error}\n`,
    );
    process.exit(error instanceof UsageError ? 2 : 1);
  },
);

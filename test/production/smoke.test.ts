import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Client, Connection } from '@temporalio/client';
import { DefaultLogger, Runtime, Worker } from '@temporalio/worker';
import { SYSTEM_ACTOR } from '../../domain/actor';
import { upsertSignedInPerson } from '../../db/repositories/people/person-repository';
import { createCleanCompany, createRiskyCompany } from '../../support/entity-fixtures';
import { type Answer, startWebhookReceiver, type WebhookReceiver } from '../../support/webhook-receiver';
import { issueApiKey } from '../../usecases/tenancy/issue-api-key';
import { runOps } from '../support/cli';
import { request } from '../support/http';
import { writeCguCsv } from '../support/registry-files';
import { stackEnv } from '../support/stack';
import { closeTestDb, createTestTenant, type TestTenant, testDb } from '../support/tenants';
import { waitFor } from '../support/wait-for';

Runtime.install({ logger: new DefaultLogger('WARN') });

/**
 * The smoke suite of the production topology (docs/deployment.md, "Tested here"): run by the
 * production stage of `npm test` (scripts/stack/production-stage.ts) against an api and a worker
 * on Temporal Server built from its pinned module, on Postgres with SQL visibility, with the
 * namespace and search attributes its setup step created — never the dev server. What goes
 * through Temporal here is what a customer's deployment does first: sync and async analyses, a
 * webhook delivery retried, a case decided and approved by two people, a monitor's alert; the
 * audit chain verifies; and the histories this server recorded of those runs replay on the
 * worker's bundle.
 */
const formatCpf = (cpf: string) => `${cpf.slice(0, 3)}.${cpf.slice(3, 6)}.${cpf.slice(6, 9)}-${cpf.slice(9)}`;

describe('the production topology', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'production-smoke-'));
  let tenant: TestTenant;
  let receiver: WebhookReceiver;
  let temporal: Client;
  beforeAll(async () => {
    tenant = await createTestTenant();
    receiver = await startWebhookReceiver();
    temporal = new Client({
      connection: await Connection.connect({ address: stackEnv().TEMPORAL_ADDRESS }),
      namespace: stackEnv().TEMPORAL_NAMESPACE,
    });
  });
  afterAll(async () => {
    await receiver.close();
    await temporal.connection.close();
    await closeTestDb();
    rmSync(dir, { recursive: true, force: true });
  });
  const call = (method: string, url: string, body?: unknown, apiKey = tenant.apiKey) => request(method, url, { apiKey, body });

  it('runs on Temporal Server with Postgres persistence and SQL visibility, not the dev server', async () => {
    const info = await temporal.connection.workflowService.getClusterInfo({});
    expect(info.serverVersion).toBe(process.env.PRODUCTION_TEMPORAL_SERVER_VERSION);
    expect(info.persistenceStore).toBe('postgres12');
    expect(info.visibilityStore).toBe('postgres12');
  });

  it('answers a sync analysis with its verdict', async () => {
    const { subject } = await createRiskyCompany(testDb());
    const analysis = await call('POST', '/analyses', { entity_id: subject.id });
    expect(analysis.status).toBe(201);
    expect(analysis.body).toMatchObject({
      uuid: expect.any(String),
      subject: { entity_id: subject.id },
      risk: { score: expect.any(Number) },
    });
    const read = await call('GET', `/api/analyses/${analysis.body.uuid}`);
    expect(read.status).toBe(200);
    expect(read.body.risk).toMatchObject({ score: analysis.body.risk.score, risk_level: analysis.body.risk.risk_level });
  });

  it('completes an async analysis in the background', async () => {
    const { subject } = await createCleanCompany(testDb());
    const accepted = await call('POST', '/api/analyses', { entity_id: subject.id, client_reference: 'smoke-async' });
    expect(accepted.status).toBe(202);
    const done = await waitFor(
      'the async analysis',
      async () => {
        const body = (await call('GET', `/api/analyses/${accepted.body.analysis_uuid}`)).body;
        return ['completed', 'failed'].includes(body?.status) ? body : undefined;
      },
      120_000,
      200,
    );
    expect(done).toMatchObject({ status: 'completed', mode: 'async', client_reference: 'smoke-async' });
  });

  it('delivers a webhook after a failed attempt, signed, on the retry schedule', async () => {
    const created = await call('POST', '/webhooks/endpoints', {
      name: 'smoke',
      url: receiver.url('/smoke'),
      subscribed_events: ['webhook.test'],
    });
    expect(created.status).toBe(201);
    receiver.setSecret('/smoke', created.body.secret);
    const answers: Answer[] = [{ status: 503 }, { status: 204 }];
    receiver.respond('/smoke', (_delivery, i) => answers[Math.min(i, answers.length - 1)]);
    const sent = await call('POST', `/webhooks/endpoints/${created.body.uuid}/test`);
    expect(sent.status).toBe(202);
    const event = await waitFor(
      'the delivered event',
      async () => {
        const body = (await call('GET', `/webhooks/webhook-events/${sent.body.event_uuid}`)).body;
        return body?.status === 'succeeded' ? body : undefined;
      },
      120_000,
      200,
    );
    expect(event.attempts.map((a: { attempt_number: number; status_code: number }) => [a.attempt_number, a.status_code])).toEqual([
      [1, 503],
      [2, 204],
    ]);
    expect(receiver.deliveries('/smoke').map((d) => d.verified)).toEqual([true, true]);
  });

  it('closes a case decided by one officer and approved by another, each through a personal key', async () => {
    const officer = async (subject: string, name: string) => {
      const person = await upsertSignedInPerson(testDb(), {
        companyId: tenant.companyId,
        issuer: 'https://idp.smoke.test',
        subject,
        name,
        email: null,
        roles: ['officer'],
      });
      const key = await issueApiKey({ db: testDb() }, SYSTEM_ACTOR, {
        companyUuid: tenant.companyUuid,
        scopes: ['cases:read', 'cases:write', 'cases:approve'],
        name: `${name} key`,
        personUuid: person.uuid,
      });
      return { uuid: person.uuid, apiKey: key.apiKey };
    };
    const [ana, bruno] = await Promise.all([officer('ana', 'Ana Officer'), officer('bruno', 'Bruno Officer')]);
    const { subject } = await createRiskyCompany(testDb());
    const analysis = await call('POST', '/analyses', { entity_id: subject.id });
    expect(analysis.status).toBe(201);
    const opened = await waitFor(
      'the case',
      async () =>
        (await call('GET', '/cases?limit=200')).body.items.find((c: { analysis_uuid: string }) => c.analysis_uuid === analysis.body.uuid),
      120_000,
      200,
    );
    const decided = await call(
      'POST',
      `/cases/${opened.uuid}/decision`,
      { outcome: 'reject', rationale: 'A sanctioned owner.' },
      ana.apiKey,
    );
    expect([decided.status, decided.body.status]).toEqual([200, 'pending_approval']);
    expect((await call('POST', `/cases/${opened.uuid}/approval`, { approve: true }, ana.apiKey)).body).toEqual({
      detail: 'four_eyes_required',
    });
    const approved = await call('POST', `/cases/${opened.uuid}/approval`, { approve: true }, bruno.apiKey);
    expect(approved.status).toBe(200);
    expect(approved.body).toMatchObject({
      status: 'closed',
      decision: { decided_by: { type: 'user', id: ana.uuid }, approved_by: { type: 'user', id: bruno.uuid } },
    });
  });

  it('alerts on a monitor when a source names its subject', async () => {
    const { subject, partner } = await createCleanCompany(testDb());
    const monitor = await call('POST', '/monitors', { entity_id: subject.id, client_reference: 'smoke-monitor' });
    expect(monitor.status).toBe(201);
    await waitFor(
      'the baseline',
      async () => ((await call('GET', `/monitors/${monitor.body.uuid}`)).body.last_verdict ? true : undefined),
      120_000,
      300,
    );
    const file = writeCguCsv(
      path.join(dir, 'ceis.csv'),
      [
        'CADASTRO',
        'TIPO DE PESSOA',
        'CPF OU CNPJ DO SANCIONADO',
        'NOME DO SANCIONADO',
        'CATEGORIA DA SANÇÃO',
        'DATA INÍCIO SANÇÃO',
        'DATA FINAL SANÇÃO',
        'ÓRGÃO SANCIONADOR',
      ],
      [['CEIS', 'F', formatCpf(partner.document!), partner.name, 'Inidoneidade', '01/01/2024', '', 'TCU']],
    );
    const imported = await runOps(['import', 'sanctions', '--list', 'ceis', '--file', file, '--json']);
    expect([imported.code, imported.json?.fan_out?.started]).toEqual([0, true]);
    const alerts = await waitFor(
      'the alert',
      async () => {
        const items = (await call('GET', `/monitors/${monitor.body.uuid}/alerts`)).body.items as { kind: string }[];
        return items.length > 0 ? items : undefined;
      },
      150_000,
      500,
    );
    expect(alerts).toEqual([expect.objectContaining({ kind: 'risk_increased', causes: [expect.objectContaining({ source: 'ceis' })] })]);
  });

  it('verifies the audit chain', async () => {
    const verified = await call('GET', '/audit-events/verify');
    expect(verified.status).toBe(200);
    expect(verified.body).toMatchObject({ valid: true });
  });

  it("replays this server's own histories of those runs on the worker's bundle", async () => {
    // Found through SQL visibility by a custom search attribute the setup step created.
    const runs: { workflowId: string; runId: string; type: string }[] = [];
    for await (const run of temporal.workflow.list({ query: `CompanyUuid = '${tenant.companyUuid}'` }))
      runs.push({ workflowId: run.workflowId, runId: run.runId, type: run.type });
    expect([...new Set(runs.map((r) => r.type))]).toEqual(
      expect.arrayContaining(['analysisWorkflow', 'webhookDeliveryWorkflow', 'caseWorkflow', 'monitorWorkflow']),
    );
    const histories = await Promise.all(
      runs.map(async (r) => ({
        workflowId: `${r.type}/${r.workflowId}`,
        history: await temporal.workflow.getHandle(r.workflowId, r.runId).fetchHistory(),
      })),
    );
    const code = readFileSync(process.env.WORKFLOW_BUNDLE_PATH!, 'utf8');
    const failures: string[] = [];
    for await (const result of Worker.runReplayHistories({ workflowBundle: { code } }, histories)) {
      if (result.error) failures.push(`${result.workflowId}: ${result.error.name}: ${result.error.message}`);
    }
    expect(failures).toEqual([]);
    expect(histories.length).toBeGreaterThanOrEqual(6);
  });
});

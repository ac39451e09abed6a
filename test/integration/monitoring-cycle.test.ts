import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Client } from '@temporalio/client';
import { createCleanCompany } from '../../support/entity-fixtures';
import { startWebhookReceiver, type WebhookReceiver } from '../../support/webhook-receiver';
import { runOps } from '../support/cli';
import { request } from '../support/http';
import { writeCguCsv } from '../support/registry-files';
import { testTemporalClient } from '../support/stack';
import { closeTestDb, createTestTenant, type TestTenant, testDb } from '../support/tenants';
import { waitFor } from '../support/wait-for';

jest.setTimeout(240_000);

/**
 * The whole monitoring cycle on the real stack (docs/monitoring.md): a monitor, a change in a
 * source (a CEIS import through the ops CLI naming the subject's partner), the fan-out, the
 * re-analysis, the alert, the `monitoring.alert` webhook delivered and verified; a repeated
 * fan-out alerts nothing; a paused monitor catches up when resumed. Its own tenant and entities;
 * CEIS rows are keyed by their own documents, so no other file's imports interfere.
 */

const formatCpf = (cpf: string) => `${cpf.slice(0, 3)}.${cpf.slice(3, 6)}.${cpf.slice(6, 9)}-${cpf.slice(9)}`;

describe('the monitoring cycle', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'monitoring-cycle-'));
  let tenant: TestTenant;
  let receiver: WebhookReceiver;
  let temporal: Client;
  let files = 0;

  beforeAll(async () => {
    tenant = await createTestTenant();
    receiver = await startWebhookReceiver();
    temporal = await testTemporalClient();
    const hook = await request('POST', '/webhooks/endpoints', {
      apiKey: tenant.apiKey,
      body: { name: 'monitoring', url: receiver.url('/monitoring'), subscribed_events: ['monitoring.alert'] },
    });
    expect(hook.status).toBe(201);
    receiver.setSecret('/monitoring', hook.body.secret);
  });
  afterAll(async () => {
    await receiver.close();
    await temporal.connection.close();
    await closeTestDb();
    rmSync(dir, { recursive: true, force: true });
  });

  const monitored = async (clientReference: string) => {
    const { subject, partner } = await createCleanCompany(testDb());
    const created = await request('POST', '/monitors', {
      apiKey: tenant.apiKey,
      body: { entity_id: subject.id, client_reference: clientReference },
    });
    expect(created.status).toBe(201);
    const uuid = created.body.uuid as string;
    const baseline = await waitFor('the baseline', async () => {
      const body = (await request('GET', `/monitors/${uuid}`, { apiKey: tenant.apiKey })).body;
      return body.last_verdict ? body : undefined;
    });
    return { uuid, partner, baseline };
  };
  /** A CEIS download sanctioning these persons, imported through the ops CLI as an operator does. */
  const importCeis = async (people: { document: string | null; name: string }[]) => {
    const file = writeCguCsv(
      path.join(dir, `ceis-${++files}.csv`),
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
      people.map((p) => ['CEIS', 'F', formatCpf(p.document!), p.name, 'Inidoneidade', '01/01/2024', '', 'TCU']),
    );
    const result = await runOps(['import', 'sanctions', '--list', 'ceis', '--file', file, '--json']);
    expect(result.code).toBe(0);
    return result.json as {
      changes: { source: string; version: string; entities: number };
      fan_out: { started: boolean; workflow_id: string };
    };
  };
  const alertsOf = async (uuid: string) =>
    (await request('GET', `/monitors/${uuid}/alerts`, { apiKey: tenant.apiKey })).body.items as any[];

  it('a change in a source re-analyses the monitor, alerts once with its cause, and delivers monitoring.alert; a repeated fan-out alerts nothing', async () => {
    const { uuid, partner, baseline } = await monitored('cycle-1');
    const imported = await importCeis([partner]);
    expect(imported.changes).toMatchObject({ source: 'ceis', entities: 1 });
    expect(imported.fan_out).toMatchObject({ started: true, workflow_id: `monitoring-fanout-ceis-${imported.changes.version}` });

    const [alert] = await waitFor('the alert', async () => {
      const items = await alertsOf(uuid);
      return items.length > 0 ? items : undefined;
    });
    expect(alert).toMatchObject({
      monitor_uuid: uuid,
      previous_analysis_uuid: baseline.last_analysis_uuid,
      status: 'open',
      client_reference: 'cycle-1',
      kind: expect.stringMatching(/^(risk_increased|signals_changed)$/),
      causes: [{ source: 'ceis', version: imported.changes.version }],
      previous: baseline.last_verdict,
    });
    expect(alert.signals_added.length).toBeGreaterThan(0);
    const monitor = (await request('GET', `/monitors/${uuid}`, { apiKey: tenant.apiKey })).body;
    expect(monitor).toMatchObject({ last_analysis_uuid: alert.analysis_uuid, last_verdict: alert.current, open_alerts: 1 });
    expect(
      (await request('GET', '/monitors?has_open_alerts=true', { apiKey: tenant.apiKey })).body.items.map((m: { uuid: string }) => m.uuid),
    ).toContain(uuid);

    // The webhook: delivered, signed, the alert with the monitor's client_reference.
    await receiver.waitFor(
      () => receiver.deliveries('/monitoring').some((d) => d.payload?.data?.uuid === alert.uuid),
      60_000,
      'the monitoring.alert delivery',
    );
    const delivery = receiver.deliveries('/monitoring').find((d) => d.payload.data.uuid === alert.uuid)!;
    expect(delivery.verified).toBe(true);
    expect(delivery.payload).toMatchObject({
      type: 'monitoring.alert',
      data: { uuid: alert.uuid, monitor_uuid: uuid, kind: alert.kind, client_reference: 'cycle-1' },
    });

    // A risk increase opens a case on the alert's analysis, naming the alert (docs/people-and-cases.md).
    const alertCase = await waitFor('the case of the alert', async () =>
      (await request('GET', '/cases?limit=200', { apiKey: tenant.apiKey })).body.items.find(
        (c: { alert_uuid: string | null }) => c.alert_uuid === alert.uuid,
      ),
    );
    expect(alert.kind).toBe('risk_increased');
    expect(alertCase).toMatchObject({
      reason: 'risk_increased',
      analysis_uuid: alert.analysis_uuid,
      status: 'open',
      opened_by: { type: 'system' },
    });

    // A retried fan-out: the same start finds the first run; the same signal is ignored; a new
    // change key re-analyses, but the same verdict fingerprint makes no alert.
    expect((await runOps(['monitoring', 'fan-out', '--source', 'ceis', '--version', imported.changes.version, '--json'])).json).toEqual({
      workflow_id: imported.fan_out.workflow_id,
    });
    const handle = temporal.workflow.getHandle(`monitor-${uuid}`);
    await handle.signal('reanalyse', {
      key: `ceis:${imported.changes.version}`,
      causes: [{ source: 'ceis', version: imported.changes.version }],
    });
    await handle.signal('reanalyse', { key: 'ceis:retried-by-hand', causes: [{ source: 'ceis', version: 'retried-by-hand' }] });
    await waitFor('the re-check', async () => {
      const body = (await request('GET', `/monitors/${uuid}`, { apiKey: tenant.apiKey })).body;
      return body.last_analysis_uuid !== alert.analysis_uuid ? body : undefined;
    });
    expect(await alertsOf(uuid)).toHaveLength(1);
    const checks = await testDb()('analyses')
      .where({ company_id: tenant.companyId, mode: 'monitoring', entity_id: monitor.subject.entity_id })
      .count<{ count: string }[]>('* as count');
    expect(Number(checks[0].count)).toBe(3); // baseline, the change, the by-hand key; the repeated key was ignored
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(receiver.deliveries('/monitoring').filter((d) => d.payload.data.monitor_uuid === uuid)).toHaveLength(1);

    // Acknowledged: recorded in the audit trail.
    const acknowledged = await request('POST', `/monitoring/alerts/${alert.uuid}/acknowledge`, { apiKey: tenant.apiKey });
    expect(acknowledged).toMatchObject({ status: 200, body: { uuid: alert.uuid, status: 'acknowledged' } });
    expect(
      (await request('GET', '/monitoring/alerts?status=open', { apiKey: tenant.apiKey })).body.items.map((a: { uuid: string }) => a.uuid),
    ).not.toContain(alert.uuid);
    expect(await testDb()('audit_events').where({ resource_id: alert.uuid }).pluck('action')).toEqual(['monitor_alert.acknowledged']);
    const outsider = await createTestTenant();
    expect((await request('POST', `/monitoring/alerts/${alert.uuid}/acknowledge`, { apiKey: outsider.apiKey })).status).toBe(404);
  });

  it('a paused monitor waits and catches up when resumed', async () => {
    const { uuid, partner, baseline } = await monitored('cycle-2');
    expect((await request('POST', `/monitors/${uuid}/pause`, { apiKey: tenant.apiKey })).body.status).toBe('paused');
    const imported = await importCeis([partner]);
    expect(imported.fan_out.started).toBe(true);
    const fanOut = await temporal.workflow.getHandle(imported.fan_out.workflow_id).result();
    expect(fanOut).toEqual({ signaled: 1 });
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect((await request('GET', `/monitors/${uuid}`, { apiKey: tenant.apiKey })).body.last_analysis_uuid).toBe(
      baseline.last_analysis_uuid,
    );
    expect(await alertsOf(uuid)).toEqual([]);

    expect((await request('POST', `/monitors/${uuid}/resume`, { apiKey: tenant.apiKey })).body.status).toBe('active');
    const [alert] = await waitFor('the catch-up alert', async () => {
      const items = await alertsOf(uuid);
      return items.length > 0 ? items : undefined;
    });
    expect(alert.causes).toEqual([{ source: 'ceis', version: imported.changes.version }]);
  });
});

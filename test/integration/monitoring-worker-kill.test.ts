import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Client } from '@temporalio/client';
import { createCleanCompany } from '../../support/entity-fixtures';
import { startWebhookReceiver, type WebhookReceiver } from '../../support/webhook-receiver';
import { runOps } from '../support/cli';
import { closedPort, type ExtraProcess, httpJson, startExtraApi, startExtraWorker } from '../support/processes';
import { writeCguCsv } from '../support/registry-files';
import { testTemporalClient } from '../support/stack';
import { closeTestDb, createTestTenant, type TestTenant, testDb } from '../support/tenants';
import { waitFor } from '../support/wait-for';

jest.setTimeout(300_000);

/**
 * The monitoring cycle survives a worker killed -9 in the middle of a fan-out
 * (docs/monitoring.md, "Change detection", idempotence): every affected monitor ends with
 * exactly one alert, one analysis for the change, one webhook event and one case; the
 * unaffected monitor gets nothing. Its own Temporal namespace (`monitoring`, scripts/test.ts)
 * with its own api and worker: the killed worker is the only one polling there, so the kill
 * stops the whole fan-out and every monitor's check in flight.
 */

const AFFECTED = 24;
const formatCpf = (cpf: string) => `${cpf.slice(0, 3)}.${cpf.slice(3, 6)}.${cpf.slice(6, 9)}-${cpf.slice(9)}`;

describe('monitoring: a worker killed -9 mid-fan-out', () => {
  const env = { TEMPORAL_NAMESPACE: 'monitoring', API_EMBEDDED_ANALYSIS_WORKER: 'false', LOG_LEVEL: 'warn' };
  const dir = mkdtempSync(path.join(os.tmpdir(), 'monitoring-kill-'));
  const started: ExtraProcess[] = [];
  let api: ExtraProcess & { url: string };
  let tenant: TestTenant;
  let receiver: WebhookReceiver;
  let temporal: Client;

  beforeAll(async () => {
    started.push(await startExtraWorker(env));
    api = await startExtraApi(env);
    started.push(api);
    tenant = await createTestTenant();
    receiver = await startWebhookReceiver();
    temporal = await testTemporalClient('monitoring');
    const hook = await httpJson(api.url, 'POST', '/webhooks/endpoints', {
      apiKey: tenant.apiKey,
      body: { name: 'monitoring', url: receiver.url('/kill'), subscribed_events: ['monitoring.alert'] },
    });
    expect(hook.status).toBe(201);
    receiver.setSecret('/kill', hook.body.secret);
  });
  afterAll(async () => {
    for (const p of started.reverse()) await p.kill9();
    await receiver.close();
    await temporal.connection.close();
    await closeTestDb();
    rmSync(dir, { recursive: true, force: true });
  });

  it('every affected monitor gets exactly one alert, one webhook event and one case; nothing duplicated after the restart', async () => {
    const call = (method: string, pathName: string, body?: unknown) => httpJson(api.url, method, pathName, { apiKey: tenant.apiKey, body });
    const subjects = await Promise.all(Array.from({ length: AFFECTED + 1 }, () => createCleanCompany(testDb())));
    const monitors: string[] = [];
    for (const [i, { subject }] of subjects.entries()) {
      const created = await call('POST', '/monitors', { entity_id: subject.id, client_reference: `kill-${i}` });
      expect(created.status).toBe(201);
      monitors.push(created.body.uuid);
    }
    await waitFor('the baselines', async () => {
      const rows = await testDb()('monitors')
        .whereIn('uuid', monitors)
        .whereNotNull('last_analysis_uuid')
        .count<{ count: string }[]>('* as count');
      return Number(rows[0].count) === monitors.length ? true : undefined;
    });
    const [affected, unaffected] = [monitors.slice(0, AFFECTED), monitors[AFFECTED]];
    const monitorIds = await testDb()('monitors').whereIn('uuid', monitors).pluck('id');

    // The import commits its changes while Temporal is out of reach for the CLI; the operator
    // then starts the fan-out by hand, in small batches so that the kill lands between them.
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
      subjects
        .slice(0, AFFECTED)
        .map(({ partner }) => ['CEIS', 'F', formatCpf(partner.document!), partner.name, 'Inidoneidade', '01/01/2024', '', 'TCU']),
    );
    const imported = await runOps(['import', 'sanctions', '--list', 'ceis', '--file', file, '--json'], {
      TEMPORAL_ADDRESS: `127.0.0.1:${await closedPort()}`,
    });
    expect({ code: imported.code, stderr: imported.stderr }).toEqual({ code: 0, stderr: expect.any(String) });
    expect(imported.json.changes).toMatchObject({ source: 'ceis', entities: AFFECTED });
    expect(imported.json.fan_out).toMatchObject({
      started: false,
      retry: `ops monitoring fan-out --source ceis --version ${imported.json.changes.version}`,
    });
    const fanOut = await runOps(
      ['monitoring', 'fan-out', '--source', 'ceis', '--version', imported.json.changes.version, '--batch-size', '3', '--json'],
      { TEMPORAL_NAMESPACE: 'monitoring' },
    );
    expect(fanOut.json).toEqual({ workflow_id: `monitoring-fanout-ceis-${imported.json.changes.version}` });

    const alertCount = async () =>
      Number((await testDb()('monitor_alerts').whereIn('monitor_id', monitorIds).count<{ count: string }[]>('* as count'))[0].count);
    // Killed at the first alert: the fan-out and the checks are in flight.
    await waitFor('the first alert', async () => ((await alertCount()) > 0 ? true : undefined), 120_000, 50);
    await started[0].kill9();
    const atKill = await alertCount();
    expect(atKill).toBeLessThan(AFFECTED);
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    expect(await alertCount()).toBe(atKill); // nobody else works in this namespace

    started.push(await startExtraWorker(env));
    expect(await temporal.workflow.getHandle(fanOut.json.workflow_id).result()).toEqual({ signaled: expect.any(Number) });
    await waitFor('an alert for every affected monitor', async () => ((await alertCount()) >= AFFECTED ? true : undefined));
    // Anything late or duplicated would show by now: the checks are seconds apart.
    await new Promise((resolve) => setTimeout(resolve, 5_000));

    const alerts = await testDb()('monitor_alerts as a')
      .join('monitors as m', 'm.id', 'a.monitor_id')
      .whereIn('m.uuid', monitors)
      .select('m.uuid as monitor_uuid', 'a.uuid', 'a.analysis_uuid', 'a.kind', 'a.causes');
    expect(alerts.map((a) => a.monitor_uuid).sort()).toEqual([...affected].sort());
    for (const alert of alerts)
      expect(alert).toMatchObject({ kind: 'risk_increased', causes: [{ source: 'ceis', version: imported.json.changes.version }] });
    const monitorRows = await testDb()('monitors').whereIn('uuid', monitors).select('uuid', 'entity_id', 'last_analysis_uuid');
    // One check per affected monitor (a re-run check reuses its analysis uuid), none for the other.
    const checks = await testDb()('analyses')
      .where({ company_id: tenant.companyId, mode: 'monitoring' })
      .whereIn(
        'entity_id',
        monitorRows.map((m) => m.entity_id),
      )
      .groupBy('entity_id')
      .select('entity_id')
      .count<{ entity_id: string; count: string }[]>('* as count');
    const checksOf = new Map(checks.map((c) => [Number(c.entity_id), Number(c.count)]));
    for (const m of monitorRows) expect([m.uuid, checksOf.get(Number(m.entity_id))]).toEqual([m.uuid, m.uuid === unaffected ? 1 : 2]);
    for (const alert of alerts)
      expect(monitorRows.find((m) => m.uuid === alert.monitor_uuid)!.last_analysis_uuid).toBe(alert.analysis_uuid);

    // One webhook event and one case per alert. Both follow the alert's commit in activities of
    // their own: a publication the kill interrupted is retried only when its 30 s start-to-close
    // runs out (docs/monitoring.md, "Change detection"), so they are waited for, then counted.
    const events = await waitFor('a webhook event per alert', async () => {
      const rows = await testDb()('webhook_events').where({ company_id: tenant.companyId, type: 'monitoring.alert' }).pluck('payload');
      return rows.length >= AFFECTED ? rows : undefined;
    });
    expect(events.map((p: { data: { uuid: string } }) => p.data.uuid).sort()).toEqual(alerts.map((a) => a.uuid).sort());
    const cases = await waitFor('a case per alert', async () => {
      const rows = await testDb()('cases').where({ company_id: tenant.companyId }).whereNotNull('alert_uuid').pluck('alert_uuid');
      return rows.length >= AFFECTED ? rows : undefined;
    });
    expect([...cases].sort()).toEqual(alerts.map((a) => a.uuid).sort());
    await receiver.waitFor(
      () => new Set(receiver.deliveries('/kill').map((d) => d.payload?.data?.uuid)).size === AFFECTED,
      120_000,
      'every alert delivered',
    );
  });
});

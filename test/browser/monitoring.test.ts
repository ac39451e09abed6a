import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createCleanCompany } from '../../support/entity-fixtures';
import { saveScreenshot, unexpectedProblems } from '../support/browser';
import { runOps } from '../support/cli';
import { openConsoleSession, signIn, type ConsoleSession } from '../support/console-session';
import { request } from '../support/http';
import { writeCguCsv } from '../support/registry-files';
import { closeTestDb, testDb } from '../support/tenants';
import { waitFor } from '../support/wait-for';

/**
 * Monitoring in the console (docs/monitoring.md) through the real sign-in: an analyst filters the
 * monitors, pauses, resumes and stops one, reads a monitor's timeline of verdicts after a change
 * in a source (a CEIS import naming its subject's partner) raised an alert, and acknowledges the
 * alert in the inbox — the inbox also in Portuguese. Its own company and entities.
 */
let session: ConsoleSession;
const dir = mkdtempSync(path.join(os.tmpdir(), 'monitoring-browser-'));
const formatCpf = (cpf: string) => `${cpf.slice(0, 3)}.${cpf.slice(3, 6)}.${cpf.slice(6, 9)}-${cpf.slice(9)}`;

beforeAll(async () => {
  session = await openConsoleSession({ roles: ['analyst'], name: 'Mia Monitor' });
}, 180_000);

afterAll(async () => {
  await session?.browser.close();
  await closeTestDb();
  rmSync(dir, { recursive: true, force: true });
});

describe('monitoring in the console', () => {
  let watched: { uuid: string; name: string };
  let other: { uuid: string; name: string };
  let alertUuid: string;

  it('lists the monitors with filters, and pauses, resumes and stops one', async () => {
    const { page, tenant } = session;
    const create = async (reference: string) => {
      const { subject, partner } = await createCleanCompany(testDb());
      const created = await request('POST', '/monitors', {
        apiKey: tenant.apiKey,
        body: { entity_id: subject.id, client_reference: reference },
      });
      expect(created.status).toBe(201);
      return { uuid: created.body.uuid as string, name: subject.name, partner };
    };
    const first = await create('browser-watched');
    const second = await create('browser-other');
    watched = first;
    other = second;
    await waitFor('the baselines', async () => {
      const items = (await request('GET', '/monitors?limit=200', { apiKey: tenant.apiKey })).body.items as { last_verdict: unknown }[];
      return items.length === 2 && items.every((m) => m.last_verdict) ? true : undefined;
    });
    // A change in a source: the watched subject's partner is sanctioned; its monitor alerts.
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
      [['CEIS', 'F', formatCpf(first.partner.document!), first.partner.name, 'Inidoneidade', '01/01/2024', '', 'TCU']],
    );
    expect((await runOps(['import', 'sanctions', '--list', 'ceis', '--file', file, '--json'])).json.fan_out).toMatchObject({
      started: true,
    });
    alertUuid = await waitFor(
      'the alert',
      async () => (await request('GET', `/monitors/${first.uuid}/alerts`, { apiKey: tenant.apiKey })).body.items[0]?.uuid,
    );

    await signIn(session, session.person);
    await page.click('nav >> text=Monitoring');
    await page.waitForSelector('[data-testid=monitors-table]');
    expect(await page.locator('[data-testid=monitor-row]').count()).toBe(2);
    await page.selectOption('[data-testid=filter-monitor-alerts]', 'true');
    await page.locator('[data-testid=monitor-row]').nth(1).waitFor({ state: 'detached' });
    expect(await page.getAttribute('[data-testid=monitor-row]', 'data-monitor')).toBe(watched.uuid);
    await page.selectOption('[data-testid=filter-monitor-alerts]', '');
    await page.locator('[data-testid=monitor-row]').nth(1).waitFor();

    const row = page.locator(`[data-testid=monitor-row][data-monitor="${other.uuid}"]`);
    await row.locator('[data-testid=monitor-pause]').click();
    await page.waitForSelector(`[data-testid=monitor-row][data-monitor="${other.uuid}"][data-status=paused]`);
    await page.selectOption('[data-testid=filter-monitor-status]', 'paused');
    await page.locator('[data-testid=monitor-row]').nth(1).waitFor({ state: 'detached' });
    await page.locator(`[data-testid=monitor-row][data-monitor="${other.uuid}"] [data-testid=monitor-resume]`).click();
    await page.waitForSelector(`[data-testid=monitor-row][data-monitor="${other.uuid}"][data-status=active]`);
    await page.locator(`[data-testid=monitor-row][data-monitor="${other.uuid}"] [data-testid=monitor-stop]`).click();
    await page.waitForSelector(`[data-testid=monitor-row][data-monitor="${other.uuid}"][data-status=stopped]`);
    const stopped = (await request('GET', `/monitors/${other.uuid}`, { apiKey: session.tenant.apiKey })).body;
    expect(stopped.status).toBe('stopped');
    // The API keeps the date its last check computed; no review will come, so the console shows none (docs/console.md).
    expect(stopped.next_review_at).not.toBeNull();
    expect(await page.textContent(`[data-testid=monitor-row][data-monitor="${other.uuid}"] [data-testid=monitor-next-review]`)).toBe('—');
    const actions = (await testDb()('audit_events').where({ resource_id: other.uuid }).orderBy('seq').pluck('action')) as string[];
    expect(actions).toEqual(['monitor.created', 'monitor.paused', 'monitor.resumed', 'monitor.stopped']);
    await saveScreenshot(page, 'console-monitors');
    await page.goto(`${session.consoleUrl}/monitors/${other.uuid}`);
    await page.waitForSelector('[data-testid=monitor][data-status=stopped]');
    expect(await page.textContent('[data-testid=monitor] [data-testid=monitor-next-review]')).toBe('—');
    await page.goto(`${session.consoleUrl}/monitors`);
    await page.waitForSelector('[data-testid=monitors-table]');
  });

  it("shows a monitor's timeline of verdicts with the alert of its change", async () => {
    const { page } = session;
    await page.selectOption('[data-testid=filter-monitor-status]', '');
    await page.click(`[data-testid=monitors-table] a[href$="/monitors/${watched.uuid}"]`);
    await page.waitForSelector('[data-testid=monitor-timeline]');
    const entries = page.locator('[data-testid=timeline-entry]');
    expect(await entries.count()).toBe(2);
    // Newest first: the check of the change, with its alert; then the baseline, no alert.
    expect(await entries.nth(0).getAttribute('data-alerted')).toBe('true');
    expect(await entries.nth(1).getAttribute('data-alerted')).toBe('false');
    const alert = entries.nth(0).locator('[data-testid=alert]');
    expect(await alert.getAttribute('data-alert')).toBe(alertUuid);
    expect(await alert.getAttribute('data-kind')).toBe('risk_increased');
    expect(await alert.textContent()).toContain('ceis');
    expect(await entries.nth(0).locator('[data-risk-level]').first().getAttribute('data-risk-level')).not.toBe('low');
    expect(await entries.nth(1).textContent()).toContain('baseline');
    await saveScreenshot(page, 'console-monitor-timeline');
  });

  it('acknowledges the alert in the inbox, in Portuguese', async () => {
    const { page } = session;
    await page.selectOption('[data-testid=language]', 'pt');
    await page.goto(`${session.consoleUrl}/alerts`);
    await page.waitForSelector(`[data-testid=alert][data-alert="${alertUuid}"][data-status=open]`);
    expect(await page.textContent(`[data-testid=alert][data-alert="${alertUuid}"]`)).toContain('Risco aumentou');
    await page.click(`[data-testid=alert][data-alert="${alertUuid}"] [data-testid=alert-acknowledge]`);
    await page.waitForSelector(`[data-testid=alert][data-alert="${alertUuid}"][data-status=acknowledged]`);
    expect((await request('GET', '/monitoring/alerts?status=open', { apiKey: session.tenant.apiKey })).body.items).toEqual([]);
    await page.selectOption('[data-testid=filter-alert-status]', 'acknowledged');
    await page.waitForSelector(`[data-testid=alert][data-alert="${alertUuid}"] [data-testid=alert-status]`);
    await saveScreenshot(page, 'console-alert-inbox-pt');
    await page.selectOption('[data-testid=language]', 'en');
    expect(unexpectedProblems(session.problems, ['/auth/session'])).toEqual([]);
  });
});

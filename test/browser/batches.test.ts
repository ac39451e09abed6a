import { createCleanCompany } from '../../support/entity-fixtures';
import { saveScreenshot, unexpectedProblems } from '../support/browser';
import { openConsoleSession, signIn, type ConsoleSession } from '../support/console-session';
import { request } from '../support/http';
import { closeTestDb, testDb } from '../support/tenants';
import { waitFor } from '../support/wait-for';

/**
 * Portfolio batches in the console (docs/batches.md) through the real sign-in: an analyst uploads
 * a CSV, follows it to the end (progress, counts, risk chart), downloads the results; a batch
 * paused on a spent quota resumes once the quota grows; another is canceled. Its own company.
 */
let session: ConsoleSession;

beforeAll(async () => {
  session = await openConsoleSession({ roles: ['analyst'], name: 'Bea Batch' });
}, 180_000);

afterAll(async () => {
  await session?.browser.close();
  await closeTestDb();
});

const card = (uuid: string, status?: string) => `[data-testid=batch-card][data-batch="${uuid}"]${status ? `[data-status=${status}]` : ''}`;
const setQuota = (analyses: number) =>
  testDb()('plans')
    .where({ code: session.tenant.planCode })
    .update({ quotas: JSON.stringify({ analyses }) });
const usedAnalyses = async () =>
  (await request('GET', '/account', { apiKey: session.tenant.apiKey })).body.usage.quotas.analyses.used as number;

describe('batches in the console', () => {
  it('uploads a CSV and follows it to the end: counts, risk chart, results download', async () => {
    const { page } = session;
    const [a, b] = [(await createCleanCompany(testDb())).subject, (await createCleanCompany(testDb())).subject];
    await signIn(session, session.person);
    await page.click('nav >> text=Batches');
    await page.waitForSelector('[data-testid=batch-upload]');
    await page.setInputFiles('[data-testid=batch-file]', {
      name: 'book.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(`document,client_reference\n${a.document},a\n${b.document},b\n11222333000180,bad\n`),
    });
    await page.fill('[data-testid=batch-name]', 'browser-book');
    await page.click('[data-testid=batch-submit]');
    const uuid = await waitFor(
      'the batch listed',
      async () => (await page.getAttribute('[data-testid=batch-card]', 'data-batch').catch(() => null)) ?? undefined,
    );
    await page.waitForSelector(card(uuid, 'completed'), { timeout: 120_000 });
    expect(await page.textContent(`${card(uuid)} [data-testid=batch-counts]`)).toContain('3 of 3 rows — 2 completed, 1 failed, 0 canceled');
    const charted = await Promise.all(
      ['low', 'medium', 'high', 'critical'].map(async (level) =>
        Number(await page.textContent(`${card(uuid)} [data-testid=batch-risk-${level}]`)),
      ),
    );
    expect(charted.reduce((x, y) => x + y, 0)).toBe(2);
    const [download] = await Promise.all([page.waitForEvent('download'), page.click(`${card(uuid)} [data-testid=batch-download-csv]`)]);
    const text = await new Promise<string>((resolve, reject) => {
      download.createReadStream().then((stream) => {
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
        stream.on('error', reject);
      }, reject);
    });
    expect(
      text
        .trim()
        .split('\n')
        .map((l) => l.split(',').slice(0, 5).join(',')),
    ).toEqual([
      'row,document,entity_id,client_reference,status',
      `1,${a.document},,a,completed`,
      `2,${b.document},,b,completed`,
      '3,11222333000180,,bad,failed',
    ]);
    await saveScreenshot(page, 'console-batches');
  });

  it('shows a quota pause with its reason, resumes it once the quota grows, and cancels another', async () => {
    const { page } = session;
    const subjects = await Promise.all([1, 2, 3].map(async () => (await createCleanCompany(testDb())).subject));
    await setQuota(await usedAnalyses());
    const upload = async (lines: string[]) =>
      (
        await request('POST', '/analysis-batches', {
          apiKey: session.tenant.apiKey,
          rawBody: `document\n${lines.join('\n')}\n`,
          headers: { 'Content-Type': 'text/csv' },
        })
      ).body.uuid as string;
    const resumed = await upload([subjects[0].document!, subjects[1].document!]);
    const canceled = await upload([subjects[2].document!]);
    await page.reload();
    await page.waitForSelector(card(resumed, 'paused'), { timeout: 120_000 });
    await page.waitForSelector(card(canceled, 'paused'), { timeout: 120_000 });
    expect(await page.textContent(`${card(resumed)} [data-testid=batch-pause-reason]`)).toBe('paused: the analyses quota is spent');

    await page.click(`${card(canceled)} [data-testid=batch-cancel]`);
    await page.waitForSelector(card(canceled, 'canceled'));
    await setQuota((await usedAnalyses()) + 2);
    await page.click(`${card(resumed)} [data-testid=batch-resume]`);
    await page.waitForSelector(card(resumed, 'completed'), { timeout: 120_000 });
    expect(await page.textContent(`${card(resumed)} [data-testid=batch-counts]`)).toContain('2 of 2 rows — 2 completed');
    await waitFor('the canceled batch ended', async () =>
      (await request('GET', `/analysis-batches/${canceled}`, { apiKey: session.tenant.apiKey })).body.counts.canceled === 1
        ? true
        : undefined,
    );
    await saveScreenshot(page, 'console-batches-controls');
    expect(unexpectedProblems(session.problems, ['/auth/session'])).toEqual([]);
  });
});

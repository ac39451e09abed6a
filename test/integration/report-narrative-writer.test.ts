import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { startChatCompletionsServer, type ChatCompletionsServer } from '../../support/chat-completions-server';
import { httpJson, startExtraApi, type ExtraProcess } from '../support/processes';
import { completedAnalysis, draftReport } from '../support/report-fixtures';
import { closeTestDb, createTestTenant, TestTenant } from '../support/tenants';

jest.setTimeout(120_000);

/**
 * The OpenAI-compatible narrative writer over HTTP: an api process configured with
 * NARRATIVE_WRITER=openai against a local chat-completions server. A text citing only the
 * report's facts becomes the next revision; one citing an unknown signal code answers 502 and
 * the previous revision stays. The key never reaches a log or a response.
 */
describe('regeneration with the OpenAI-compatible writer', () => {
  const secret = 'sk-test-do-not-log-9c1f';
  let chat: ChatCompletionsServer;
  let api: ExtraProcess & { url: string };
  let tenant: TestTenant;
  let report: any;

  beforeAll(async () => {
    chat = await startChatCompletionsServer();
    tenant = await createTestTenant();
    report = await draftReport(tenant.apiKey, await completedAnalysis(tenant.apiKey), 'bcb_dossie');
    api = await startExtraApi({
      NARRATIVE_WRITER: 'openai',
      OPENAI_BASE_URL: chat.baseUrl,
      OPENAI_MODEL: 'tiny-pt',
      OPENAI_API_KEY: secret,
      OPENAI_TIMEOUT_MS: '5000',
      API_EMBEDDED_ANALYSIS_WORKER: 'false',
    });
  });
  afterAll(async () => {
    await api?.stop();
    await chat?.close();
    await closeTestDb();
  });
  const regenerate = () => httpJson(api.url, 'POST', `/reports/${report.uuid}/sections/analise/regenerate`, { apiKey: tenant.apiKey });
  const section = () => httpJson(api.url, 'GET', `/reports/${report.uuid}/sections/analise`, { apiKey: tenant.apiKey });

  it('keeps a text that cites only facts of the report, recording model, prompt version and hashes', async () => {
    const subject = report.subject.name;
    chat.reply({ content: `O cliente «${subject}» apresenta o sinal SANCTION_ACTIVE_PARTNER; recomenda-se diligência reforçada.` });
    const response = await regenerate();
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      revision: 2,
      provenance: {
        operational_model: 'openai-compatible:tiny-pt',
        operational_prompt_version: 'narrative-prompt.v1',
        author: { kind: 'writer' },
        signal_codes: ['SANCTION_ACTIVE_PARTNER'],
      },
    });
    const sent = chat.requests[0];
    expect(sent).toMatchObject({
      path: '/v1/chat/completions',
      authorization: `Bearer ${secret}`,
      body: { model: 'tiny-pt', temperature: 0 },
    });
    expect((await section()).body.revisions).toHaveLength(2);
  });

  it('answers 502 for a text citing an unknown signal code, and the previous revision stays', async () => {
    chat.reply({ content: 'O cliente tem o sinal OFFSHORE_SHELL_BANK.' });
    const response = await regenerate();
    expect(response.status).toBe(502);
    expect(response.body.detail).toContain('OFFSHORE_SHELL_BANK');
    const after = (await section()).body;
    expect(after.revision).toBe(2);
    expect(after.content).toContain('SANCTION_ACTIVE_PARTNER');
  });

  it('answers 502 when the endpoint fails, without the key anywhere', async () => {
    chat.reply({ status: 500 });
    const response = await regenerate();
    expect(response.status).toBe(502);
    expect(JSON.stringify(response.body)).not.toContain(secret);
    // The extra api logs into TEST_DATA_DIR/api-<jest pid>-<time>.log (test/support/processes.ts).
    const dir = process.env.TEST_DATA_DIR!;
    const logs = readdirSync(dir).filter((f) => f.startsWith(`api-${process.pid}-`));
    expect(logs.length).toBeGreaterThan(0);
    for (const file of logs) expect(readFileSync(path.join(dir, file), 'utf8')).not.toContain(secret);
  });
});

import { loadConfig } from '../../../../../config/config';
import { UpstreamRejectedError } from '../../../../../domain/errors';
import { buildDeterministicSections } from '../../../../../domain/reports/build-deterministic-sections';
import { openAiWriter, selectNarrativeWriter, templateWriter } from '../../../../../usecases/reports/support/narrative-writers';
import { startChatCompletionsServer, type ChatCompletionsServer } from '../../../../../support/chat-completions-server';
import { reportInput } from '../../../domain/reports/support/report-input';

const baseEnv = { DATABASE_URL: 'postgres://x@127.0.0.1/x', WEBHOOK_ENCRYPTION_KEY: Buffer.alloc(32).toString('base64') };

describe('narrative writers', () => {
  let server: ChatCompletionsServer;
  beforeAll(async () => (server = await startChatCompletionsServer()));
  afterAll(() => server.close());
  const sections = buildDeterministicSections(reportInput('coaf_cos'));
  const request = { type: 'coaf_cos' as const, key: 'det', title: 'Det', sections };
  const writer = () =>
    openAiWriter(
      loadConfig({ ...baseEnv, NARRATIVE_WRITER: 'openai', OPENAI_BASE_URL: server.baseUrl, OPENAI_MODEL: 'm1', OPENAI_API_KEY: 'sk-x' }),
    );

  it.each([
    [{}, 'embedded-template-writer'],
    [{ NARRATIVE_WRITER: 'openai', OPENAI_BASE_URL: 'http://127.0.0.1:1/v1', OPENAI_MODEL: 'm1' }, 'openai-compatible:m1'],
  ])('selects the writer of %j', (env, model) => {
    expect(selectNarrativeWriter(loadConfig({ ...baseEnv, ...env })).identity.model).toBe(model);
  });

  it('refuses an openai configuration without base URL and model', () => {
    expect(() => loadConfig({ ...baseEnv, NARRATIVE_WRITER: 'openai' })).toThrow(
      /OPENAI_BASE_URL: required when NARRATIVE_WRITER=openai[\s\S]*OPENAI_MODEL/,
    );
  });

  it('sends the versioned prompt with the sections as facts and keeps a text citing only them', async () => {
    server.reply({ content: 'O sinal PEP_ASSOCIATE_DIRECT envolve «Sanctioned Fictitious SA».' });
    expect(await writer().write(request)).toContain('PEP_ASSOCIATE_DIRECT');
    const sent = server.requests[server.requests.length - 1].body;
    expect(sent.messages[0].content).toContain('Use exclusivamente os fatos');
    expect(sent.messages[1].content).toContain('"identificacao"');
    expect(writer().identity.promptVersion).toBe('narrative-prompt.v1');
  });

  it.each([
    ['an unknown signal code', 'Há o sinal OFFSHORE_SHELL_BANK.'],
    ['an unknown party', 'Ligado a «Fulano de Tal».'],
    ['an unknown document', 'CPF 111.444.777-35.'],
  ])('rejects a text citing %s', async (_name, content) => {
    server.reply({ content });
    await expect(writer().write(request)).rejects.toBeInstanceOf(UpstreamRejectedError);
  });

  it('the embedded writer needs no network', async () => {
    expect(await templateWriter.write(request)).toContain('Comunicação referente a');
  });
});

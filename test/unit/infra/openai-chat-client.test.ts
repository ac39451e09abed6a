import { startChatCompletionsServer, type ChatCompletionsServer } from '../../../support/chat-completions-server';
import { completeChat } from '../../../infra/openai-chat-client';
import { DependencyUnavailableError, UpstreamRejectedError } from '../../../domain/errors';

describe('OpenAI-compatible chat client', () => {
  let server: ChatCompletionsServer;
  beforeAll(async () => (server = await startChatCompletionsServer()));
  afterAll(() => server.close());
  const settings = () => ({ baseUrl: `${server.baseUrl}/`, model: 'tiny-model', apiKey: 'sk-secret', timeoutMs: 1_000 });
  const messages = [
    { role: 'system' as const, content: 'sys' },
    { role: 'user' as const, content: 'usr' },
  ];

  it('posts model, temperature 0 and the messages to {base}/chat/completions with the bearer key', async () => {
    server.reply({ content: '  Texto da seção.  ' });
    expect(await completeChat(settings(), messages)).toBe('Texto da seção.');
    const last = server.requests[server.requests.length - 1];
    expect(last).toEqual({
      path: '/v1/chat/completions',
      authorization: 'Bearer sk-secret',
      body: { model: 'tiny-model', temperature: 0, messages },
    });
  });

  it.each([
    ['a server error', { status: 500 }, DependencyUnavailableError],
    ['rate limiting', { status: 429 }, DependencyUnavailableError],
    ['a refusal of the request', { status: 400 }, UpstreamRejectedError],
    ['an empty answer', { content: '' }, UpstreamRejectedError],
    ['no content at all', { content: null }, UpstreamRejectedError],
    ['a reply slower than the timeout', { content: 'tarde', delayMs: 1_500 }, DependencyUnavailableError],
  ])('turns %s into the right error, without the key in its message', async (_name, reply, type) => {
    server.reply(reply);
    const error = await completeChat(settings(), messages).catch((e) => e);
    expect(error).toBeInstanceOf(type);
    expect(String(error.message)).not.toContain('sk-secret');
  });

  it('is unavailable when nothing listens', async () => {
    await expect(completeChat({ ...settings(), baseUrl: 'http://127.0.0.1:9' }, messages)).rejects.toBeInstanceOf(
      DependencyUnavailableError,
    );
  });
});

import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local server speaking the OpenAI chat-completions protocol (POST /v1/chat/completions), for
 * the narrative writer's contract tests: it records every request and answers with the next
 * scripted reply. In `support/` so that tests and benches can both use it.
 */
export type ChatReply = { status?: number; content?: string | null; delayMs?: number };
export type RecordedChatRequest = { path: string; authorization: string | undefined; body: any };

export type ChatCompletionsServer = {
  baseUrl: string;
  requests: RecordedChatRequest[];
  reply: (...replies: ChatReply[]) => void;
  close: () => Promise<void>;
};

export async function startChatCompletionsServer(): Promise<ChatCompletionsServer> {
  const requests: RecordedChatRequest[] = [];
  const queue: ChatReply[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      let body: any = null;
      try {
        body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
      } catch {
        // recorded as null
      }
      requests.push({ path: req.url ?? '', authorization: req.headers.authorization, body });
      const next = queue.shift() ?? { status: 500 };
      const send = () => {
        res.writeHead(next.status ?? 200, { 'Content-Type': 'application/json' });
        res.end(
          JSON.stringify({
            id: `chatcmpl-${requests.length}`,
            object: 'chat.completion',
            model: body?.model,
            choices: [{ index: 0, finish_reason: 'stop', message: { role: 'assistant', content: next.content ?? null } }],
          }),
        );
      };
      if (next.delayMs) setTimeout(send, next.delayMs);
      else send();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    requests,
    reply: (...replies) => queue.push(...replies),
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

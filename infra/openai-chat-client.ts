import { DependencyUnavailableError, UpstreamRejectedError } from '../domain/errors';

export type ChatCompletionSettings = { baseUrl: string; model: string; apiKey: string | undefined; timeoutMs: number };
export type ChatMessage = { role: 'system' | 'user'; content: string };

/**
 * One call to an OpenAI-compatible chat-completions endpoint (POST {base}/chat/completions),
 * temperature 0. The key goes only in the Authorization header; no error text carries it.
 * Unreachable or slow: DependencyUnavailableError (502); an answer without text: UpstreamRejectedError (502).
 */
export async function completeChat(settings: ChatCompletionSettings, messages: ChatMessage[]): Promise<string> {
  const url = `${settings.baseUrl.replace(/\/+$/, '')}/chat/completions`;
  let response: Response;
  try {
    response = await fetch(url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...(settings.apiKey ? { Authorization: `Bearer ${settings.apiKey}` } : {}) },
      body: JSON.stringify({ model: settings.model, temperature: 0, messages }),
      signal: AbortSignal.timeout(settings.timeoutMs),
    });
  } catch {
    throw new DependencyUnavailableError('narrative writer');
  }
  if (!response.ok) {
    await response.body?.cancel().catch(() => undefined);
    throw response.status >= 500 || response.status === 429
      ? new DependencyUnavailableError('narrative writer')
      : new UpstreamRejectedError(`the narrative writer refused the request (HTTP ${response.status})`);
  }
  const body = (await response.json().catch(() => null)) as { choices?: { message?: { content?: unknown } }[] } | null;
  const text = body?.choices?.[0]?.message?.content;
  if (typeof text !== 'string' || text.trim() === '') throw new UpstreamRejectedError('the narrative writer returned no text');
  return text.trim();
}

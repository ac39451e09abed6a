import { apiUrl } from './stack';

export type HttpResponse<T = any> = { status: number; body: T; headers: Headers; text: string };

/** A thin client for the real API process (the stack's, or another at `baseUrl`). */
export async function request<T = any>(
  method: string,
  path: string,
  options: { apiKey?: string; body?: unknown; rawBody?: string | Uint8Array; headers?: Record<string, string>; baseUrl?: string } = {},
): Promise<HttpResponse<T>> {
  const headers: Record<string, string> = { ...(options.headers ?? {}) };
  if (options.apiKey) headers['X-API-Key'] = options.apiKey;
  let body: string | Uint8Array | undefined = options.rawBody;
  if (options.body !== undefined) {
    body = JSON.stringify(options.body);
    headers['Content-Type'] = 'application/json';
  }
  if (body !== undefined && !headers['Content-Type']) headers['Content-Type'] = 'application/json';
  const response = await fetch(`${options.baseUrl ?? apiUrl()}${path}`, { method, headers, body });
  const text = await response.text();
  let parsed: any = text;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    // not JSON (e.g. /docs)
  }
  return { status: response.status, body: parsed, headers: response.headers, text };
}

import { classifyFailure, type ApiFailure } from '../logic/api-errors';

/**
 * The console's only way to the back end: the public API with the analyst's key in the
 * X-API-Key header (never in a URL or a cookie). A 401 tells the app to sign the analyst out.
 */
export class ApiError extends Error {
  constructor(readonly failure: ApiFailure) {
    super(`${failure.status} ${failure.kind}: ${failure.detail}`);
  }
}

export type ApiClient = {
  get<T>(path: string): Promise<T>;
  send<T>(method: 'POST' | 'PUT' | 'PATCH' | 'DELETE', path: string, body?: unknown): Promise<T>;
  download(path: string, fileName: string): Promise<void>;
};

export function createApiClient(getKey: () => string | null, onUnauthorized: () => void): ApiClient {
  async function call(method: string, path: string, body?: unknown): Promise<Response> {
    const headers: Record<string, string> = { Accept: 'application/json' };
    const key = getKey();
    if (key) headers['X-API-Key'] = key;
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    let response: Response;
    try {
      response = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body), credentials: 'omit', cache: 'no-store' });
    } catch (error) {
      throw new ApiError(classifyFailure(0, String((error as Error).message ?? error)));
    }
    if (!response.ok) {
      const text = await response.text();
      let parsed: unknown = text;
      try {
        parsed = text ? JSON.parse(text) : undefined;
      } catch {
        // not JSON: keep the text
      }
      const failure = classifyFailure(response.status, parsed);
      if (failure.kind === 'unauthorized') onUnauthorized();
      throw new ApiError(failure);
    }
    return response;
  }
  async function json<T>(response: Response): Promise<T> {
    const text = await response.text();
    return (text ? JSON.parse(text) : undefined) as T;
  }
  return {
    get: async (path) => json(await call('GET', path)),
    send: async (method, path, body) => json(await call(method, path, body)),
    // A document is fetched with the key in a header and handed to the browser as a blob, so the key never appears in a link.
    download: async (path, fileName) => {
      const blob = await (await call('GET', path)).blob();
      const url = URL.createObjectURL(blob);
      const anchor = document.createElement('a');
      anchor.href = url;
      anchor.download = fileName;
      anchor.click();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
    },
  };
}

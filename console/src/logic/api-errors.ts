/**
 * What an API failure means to an analyst. The console shows every failure in words, and two
 * of them change where the analyst is: a 401 sends them back to sign-in (the key is gone or
 * revoked), a 429 says the month's quota is spent. A 404 from an endpoint this server does not
 * have yet (a route miss, not a missing resource) says so instead of "not found".
 */
export type FailureKind =
  'network' | 'unauthorized' | 'forbidden' | 'not_found' | 'not_available' | 'conflict' | 'invalid' | 'quota' | 'unavailable' | 'server';

export type ApiFailure = { kind: FailureKind; status: number; detail: string };

/** The api's answer to a path it has no route for (api/edge/present-error.ts, RouteNotFoundError). */
const routeMissDetails = new Set(['not found']);

export function classifyFailure(status: number, body: unknown): ApiFailure {
  const detail = describeBody(body);
  if (status === 0) return { kind: 'network', status, detail };
  if (status === 401) return { kind: 'unauthorized', status, detail };
  if (status === 403) return { kind: 'forbidden', status, detail };
  if (status === 404) return { kind: routeMissDetails.has(detail) ? 'not_available' : 'not_found', status, detail };
  if (status === 405) return { kind: 'not_available', status, detail };
  if (status === 409) return { kind: 'conflict', status, detail };
  if (status === 400 || status === 413 || status === 415 || status === 422) return { kind: 'invalid', status, detail };
  if (status === 429) return { kind: 'quota', status, detail };
  if (status === 502 || status === 503 || status === 504) return { kind: 'unavailable', status, detail };
  return { kind: 'server', status, detail };
}

/** The api's error bodies are `{detail}` (string or a list of field problems). */
export function describeBody(body: unknown): string {
  if (typeof body === 'string') return body.slice(0, 300);
  if (!body || typeof body !== 'object') return '';
  const detail = (body as { detail?: unknown }).detail;
  if (typeof detail === 'string') return detail;
  if (Array.isArray(detail)) {
    return detail
      .map((d) =>
        d && typeof d === 'object'
          ? `${((d as { loc?: unknown[] }).loc ?? []).join('.')}: ${(d as { msg?: string }).msg ?? ''}`
          : String(d),
      )
      .join('; ');
  }
  return '';
}

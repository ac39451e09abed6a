import { classifyFailure, type ApiFailure } from '../logic/api-errors';
import type { paths } from './openapi-types';
import type { AnalysisRead, ExplanationStep, Signal } from './types';

/**
 * The console's only way to the back end, and the only module that calls fetch: one method per
 * operation of the public API (named by its operationId), each on the one path the API reference
 * documents for it. The person is signed in by the session cookie (HttpOnly, sent by the browser
 * to this origin only); every write carries the session's CSRF token in X-CSRF-Token
 * (docs/sign-in.md). A 401 tells the app the session is over.
 */
export class ApiError extends Error {
  constructor(readonly failure: ApiFailure) {
    super(`${failure.status} ${failure.kind}: ${failure.detail}`);
  }
}

type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';
type Operation<P extends keyof paths, M extends Method> = NonNullable<paths[P][M]>;
/** The JSON body an operation documents for its request. */
type RequestBody<P extends keyof paths, M extends Method> =
  Operation<P, M> extends { requestBody?: { content: { 'application/json': infer B } } } ? B : never;
/** The JSON bodies an operation documents for its 2xx answers. */
type Answer<P extends keyof paths, M extends Method> =
  Operation<P, M> extends { responses: infer R }
    ? {
        [S in keyof R]: S extends 200 | 201 | 202 ? (R[S] extends { content: { 'application/json': infer B } } ? B : never) : never;
      }[keyof R]
    : never;
type Call = { params?: Record<string, string | number>; query?: string; body?: unknown };

/** A path of the OpenAPI document with its `{parameters}` filled in (encoded): a path the document does not name does not compile. */
function pathOf(template: keyof paths & string, parameters: Record<string, string | number> = {}, query = ''): string {
  return template.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(String(parameters[name]))) + query;
}

export type ApiClient = ReturnType<typeof createApiClient>;

const safeMethods = new Set(['GET', 'HEAD', 'OPTIONS']);

export function createApiClient(getCsrfToken: () => string | null, onUnauthorized: () => void) {
  /** `contentType`: a body sent as it is (a file), not as JSON. */
  async function call(method: string, path: string, body?: unknown, contentType?: string): Promise<Response> {
    const headers: Record<string, string> = { Accept: 'application/json' };
    const csrf = getCsrfToken();
    if (csrf && !safeMethods.has(method)) headers['X-CSRF-Token'] = csrf;
    if (body !== undefined) headers['Content-Type'] = contentType ?? 'application/json';
    let response: Response;
    try {
      response = await fetch(path, {
        method,
        headers,
        body: body === undefined ? undefined : contentType ? (body as Blob) : JSON.stringify(body),
        credentials: 'same-origin',
        cache: 'no-store',
      });
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
  /** One operation: its method and path as the document names them, its answer typed by the document. */
  async function request<P extends keyof paths, M extends Method>(
    method: M,
    template: P,
    { params, query, body }: Call = {},
  ): Promise<Answer<P, M>> {
    const text = await (await call(method.toUpperCase(), pathOf(template, params, query), body)).text();
    return (text ? JSON.parse(text) : undefined) as Answer<P, M>;
  }
  // A document is fetched and handed to the browser as a blob: one way for every document, whatever its format.
  async function download(path: string, fileName: string): Promise<void> {
    const blob = await (await call('GET', path)).blob();
    const url = URL.createObjectURL(blob);
    const anchor = document.createElement('a');
    anchor.href = url;
    anchor.download = fileName;
    anchor.click();
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  }

  return {
    // Who is signed in (401 when nobody is: the app shows sign-in without calling it "expired"), and sign-out.
    getSession: () => request('get', '/auth/session'),
    signOut: () => request('post', '/auth/logout'),
    getAccount: () => request('get', '/account'),

    // Analyses: the synchronous run is POST /analyses, the queued one POST /api/analyses; the read
    // form is GET /api/analyses/{uuid} (GET /analyses/{uuid} is its documented alias), the list GET /analyses.
    createAnalysis: (body: RequestBody<'/analyses', 'post'>) => request('post', '/analyses', { body }),
    createAnalysisAsync: (body: RequestBody<'/api/analyses', 'post'>) => request('post', '/api/analyses', { body }),
    listAnalyses: (query: string) => request('get', '/analyses', { query }),
    // The open fields of the verdict (docs/analyses.md) typed on top of the document's (types.ts).
    getAnalysis: (uuid: string) =>
      request('get', '/api/analyses/{analysis_uuid}', { params: { analysis_uuid: uuid } }) as Promise<AnalysisRead>,
    listAnalysisSignals: (uuid: string) =>
      request('get', '/analyses/{analysis_uuid}/signals', { params: { analysis_uuid: uuid } }) as Promise<
        Omit<Answer<'/analyses/{analysis_uuid}/signals', 'get'>, 'signals'> & { signals: Signal[] | null }
      >,
    getAnalysisExplanation: (uuid: string) =>
      request('get', '/analyses/{analysis_uuid}/explanation', { params: { analysis_uuid: uuid } }) as Promise<
        Omit<Answer<'/analyses/{analysis_uuid}/explanation', 'get'>, 'explanation'> & { explanation: ExplanationStep[] | null }
      >,
    verifyAnalysis: (uuid: string) => request('post', '/analyses/{analysis_uuid}/verify', { params: { analysis_uuid: uuid } }),
    getAnalysisGraph: (uuid: string) => request('get', '/analyses/{analysis_uuid}/graph', { params: { analysis_uuid: uuid } }),
    expandAnalysisGraphNode: (
      uuid: string,
      nodeKey: string,
      body: RequestBody<'/analyses/{analysis_uuid}/graph/nodes/{node_id}/expand', 'post'>,
    ) =>
      request('post', '/analyses/{analysis_uuid}/graph/nodes/{node_id}/expand', {
        params: { analysis_uuid: uuid, node_id: nodeKey },
        body,
      }),

    listWebhookEndpoints: (limit: number) => request('get', '/webhooks/endpoints', { query: `?limit=${limit}` }),
    createWebhookEndpoint: (body: RequestBody<'/webhooks/endpoints', 'post'>) => request('post', '/webhooks/endpoints', { body }),
    updateWebhookEndpoint: (uuid: string, body: RequestBody<'/webhooks/endpoints/{endpoint_uuid}', 'patch'>) =>
      request('patch', '/webhooks/endpoints/{endpoint_uuid}', { params: { endpoint_uuid: uuid }, body }),
    testWebhookEndpoint: (uuid: string) => request('post', '/webhooks/endpoints/{endpoint_uuid}/test', { params: { endpoint_uuid: uuid } }),
    listWebhookEventTypes: () => request('get', '/webhooks/event-types'),
    listWebhookEvents: (query: string) => request('get', '/webhooks/webhook-events', { query }),
    getWebhookEvent: (uuid: string) => request('get', '/webhooks/webhook-events/{event_uuid}', { params: { event_uuid: uuid } }),
    retryWebhookEvent: (uuid: string) => request('post', '/webhooks/webhook-events/{event_uuid}/retry', { params: { event_uuid: uuid } }),
    resendWebhookEvent: (uuid: string) => request('post', '/webhooks/webhook-events/{event_uuid}/resend', { params: { event_uuid: uuid } }),

    // Watchlists: every list's freshness (any key), and screening names the store need not hold (docs/watchlists.md).
    listWatchlists: () => request('get', '/watchlists'),
    matchWatchlists: (body: RequestBody<'/watchlists/match', 'post'>) => request('post', '/watchlists/match', { body }),

    // Cases (docs/people-and-cases.md): the queue, a case, its actions (each answered with the case after it), the people, the audit trail.
    // Monitoring (docs/monitoring.md): monitors, their changes of status, the alert inbox.
    listMonitors: (query: string) => request('get', '/monitors', { query }),
    getMonitor: (uuid: string) => request('get', '/monitors/{uuid}', { params: { uuid } }),
    pauseMonitor: (uuid: string) => request('post', '/monitors/{uuid}/pause', { params: { uuid } }),
    resumeMonitor: (uuid: string) => request('post', '/monitors/{uuid}/resume', { params: { uuid } }),
    stopMonitor: (uuid: string) => request('delete', '/monitors/{uuid}', { params: { uuid } }),
    listMonitorAlerts: (uuid: string, query: string) => request('get', '/monitors/{uuid}/alerts', { params: { uuid }, query }),
    listAlerts: (query: string) => request('get', '/monitoring/alerts', { query }),
    acknowledgeAlert: (uuid: string) => request('post', '/monitoring/alerts/{uuid}/acknowledge', { params: { uuid } }),

    // Portfolio batches (docs/batches.md): the upload is the file itself, in its own media type.
    listAnalysisBatches: (query: string) => request('get', '/analysis-batches', { query }),
    getAnalysisBatch: (uuid: string) => request('get', '/analysis-batches/{uuid}', { params: { uuid } }),
    pauseAnalysisBatch: (uuid: string) => request('post', '/analysis-batches/{uuid}/pause', { params: { uuid } }),
    resumeAnalysisBatch: (uuid: string) => request('post', '/analysis-batches/{uuid}/resume', { params: { uuid } }),
    cancelAnalysisBatch: (uuid: string) => request('post', '/analysis-batches/{uuid}/cancel', { params: { uuid } }),
    createAnalysisBatch: async (file: Blob, contentType: string, name: string): Promise<Answer<'/analysis-batches', 'post'>> => {
      const query = name ? `?name=${encodeURIComponent(name)}` : '';
      const response = await call('POST', pathOf('/analysis-batches', {}, query), file, contentType);
      return (await response.json()) as Answer<'/analysis-batches', 'post'>;
    },
    downloadAnalysisBatchResults: (uuid: string, format: 'csv' | 'ndjson') =>
      download(pathOf('/analysis-batches/{uuid}/results', { uuid }, `?format=${format}`), `analysis-batch-${uuid}.${format}`),

    listCases: (query: string) => request('get', '/cases', { query }),
    getCase: (uuid: string) => request('get', '/cases/{uuid}', { params: { uuid } }),
    assignCase: (uuid: string, body: RequestBody<'/cases/{uuid}/assign', 'post'>) =>
      request('post', '/cases/{uuid}/assign', { params: { uuid }, body }),
    addCaseNote: (uuid: string, body: RequestBody<'/cases/{uuid}/notes', 'post'>) =>
      request('post', '/cases/{uuid}/notes', { params: { uuid }, body }),
    decideCase: (uuid: string, body: RequestBody<'/cases/{uuid}/decision', 'post'>) =>
      request('post', '/cases/{uuid}/decision', { params: { uuid }, body }),
    approveCase: (uuid: string, body: RequestBody<'/cases/{uuid}/approval', 'post'>) =>
      request('post', '/cases/{uuid}/approval', { params: { uuid }, body }),
    listPeople: () => request('get', '/people'),
    listAuditEvents: (query: string) => request('get', '/audit-events', { query }),
    verifyAuditEvents: () => request('get', '/audit-events/verify'),

    listReports: () => request('get', '/reports'),
    createReport: (body: RequestBody<'/reports', 'post'>) => request('post', '/reports', { body }),
    getReport: (uuid: string) => request('get', '/reports/{uuid}', { params: { uuid } }),
    finalizeReport: (uuid: string) => request('post', '/reports/{uuid}/finalize', { params: { uuid } }),
    regenerateReportSection: (uuid: string, key: string) =>
      request('post', '/reports/{uuid}/sections/{key}/regenerate', { params: { uuid, key } }),
    downloadReportDocument: (uuid: string, format: string, fileName: string) =>
      download(pathOf('/reports/{uuid}/document', { uuid }, `?format=${encodeURIComponent(format)}`), fileName),
  };
}

import type Router from '@koa/router';
import type { Context } from 'koa';
import { z } from 'zod';
import { FeatureNotInPlanError, ValidationError, ValidationIssue } from '../../domain/errors';
import type { BillableOperation, MemberAuth, PlanFeature, Scope } from '../../domain/tenancy';
import type { AppDeps } from '../app-deps';
import type { MemberActor } from '../../domain/actor';
import { type RouteResult, withEtag } from './conditional-get';
import { readJsonBody } from './json-body';
import { admitKey, type KeyAccess } from './key-admission';
import { locateIssues, type RequestFields } from './locate-issues';
import { admitSession } from './session-admission';
import { readSessionCookie } from './session-cookie';
import { RequestValidationError, validateInput } from './validation';

export type HttpMethod = 'get' | 'post' | 'patch' | 'put' | 'delete';

export type { RouteResult };

export type RouteInput<B, P, Q> = {
  body: B;
  params: P;
  query: Q;
  /** Present on every route whose `auth` is not 'public': the key's or the signed-in person's company, scopes and plan. */
  auth: MemberAuth;
  /** The key or the person as the actor of the use cases it calls (api/edge/key-admission.ts, session-admission.ts); present whenever `auth` is. */
  actor: MemberActor;
  deps: AppDeps;
  ctx: Context;
};

type Schema = z.ZodType;
type Infer<S> = S extends z.ZodType ? z.infer<S> : undefined;

export type RouteSpec<BS extends Schema | undefined = any, PS extends Schema | undefined = any, QS extends Schema | undefined = any> = {
  method: HttpMethod;
  /** Koa style, e.g. /analyses/:analysis_uuid */
  path: string;
  operationId: string;
  summary: string;
  description?: string;
  tags: string[];
  /**
   * 'public': no key; 'any-key': any valid key or session; 'session': a signed-in person's session
   * only (the console's own routes: docs/sign-in.md); otherwise a valid key with this scope, or a
   * session whose person's roles hold it (domain/roles.ts).
   */
  auth: 'public' | 'any-key' | 'session' | { scope: Scope };
  /**
   * Billable creation: the plan feature is checked here; the use case takes the unit of quota when
   * the work starts (usecases/tenancy/support/reserve-quota.ts). Documents 403 and 429.
   */
  billable?: { feature: PlanFeature; operation: BillableOperation };
  /** The JSON request body; a route without one never reads a body (nor refuses one). */
  body?: BS;
  /**
   * A body that is a file in its own media types, read by the handler itself as it streams
   * (`ctx.req`: POST /analysis-batches); documented in OpenAPI with these media types, and 415.
   */
  fileBody?: { description: string; schema: Schema; contentTypes: Record<string, { example: string }> };
  params?: PS;
  query?: QS;
  /** Request headers the route reads, with the schema it validates them by (a plain string when none). */
  headers?: Record<string, { description: string; required?: boolean; schema?: Schema }>;
  /**
   * The handler calls Temporal while the client waits: documents 502, and
   * test/integration/dependency-outage.test.ts holds the route to a 502 within 3 s while Temporal is down.
   */
  temporal?: boolean;
  /**
   * The 200 carries an ETag, and If-None-Match gets a 304, when this says the body is final
   * (api/edge/conditional-get.ts); documented in OpenAPI.
   */
  etag?: (body: any, result: RouteResult) => boolean;
  /** Named schemas (`.meta({ id, examples })`); `example` when the schema's own does not fit this response. */
  responses: Record<
    number,
    {
      description: string;
      schema?: Schema;
      contentType?: string;
      /** The same schema served as other media types too (a query parameter chooses), each with its example. */
      alsoAs?: Record<string, { example: unknown }>;
      example?: unknown;
      /** Named examples, for an error status with more than one cause (instead of `example`). */
      examples?: Record<string, { summary: string; value: unknown }>;
    }
  >;
  /** The request body's example when the body schema's `.meta({ examples })` has none that fits. */
  bodyExample?: unknown;
  handler: (input: RouteInput<Infer<BS>, Infer<PS>, Infer<QS>>) => Promise<RouteResult>;
};

/** Identity function that gives a route its types; the route table stays plain data. */
export function defineRoute<
  BS extends Schema | undefined = undefined,
  PS extends Schema | undefined = undefined,
  QS extends Schema | undefined = undefined,
>(spec: RouteSpec<BS, PS, QS>): RouteSpec<BS, PS, QS> {
  return spec;
}

function sendResult(ctx: Context, result: RouteResult): void {
  ctx.status = result.status;
  if (result.body !== undefined) ctx.body = result.body;
  for (const [name, value] of Object.entries(result.headers ?? {})) ctx.set(name, value);
}

/**
 * Who calls: a request with an `X-API-Key` header is an integration (the key decides, a cookie is
 * ignored); one without, but with the console's session cookie, is a signed-in person; one with
 * neither is the key's 401.
 */
function admitCaller(access: KeyAccess, deps: AppDeps, ctx: Context): Promise<{ auth: MemberAuth; actor: MemberActor }> {
  if (!ctx.get('x-api-key') && readSessionCookie(ctx)) return admitSession(access, deps, ctx);
  return admitKey(access, deps, ctx);
}

/**
 * The edge, in this order: the key or the session (401, before a byte of the body is read; a
 * session's write without its CSRF token, 403), the caller's request
 * rate (429 rate_limited, counted before the body: api/edge/key-admission.ts), the scope (403), the
 * body (415, 413, 422 for invalid UTF-8 or JSON), validation of path, query and body (422), the
 * plan feature (403), then the handler.
 */
async function runRoute(spec: RouteSpec, deps: AppDeps, ctx: Context): Promise<void> {
  const { auth, actor } =
    spec.auth === 'public'
      ? { auth: undefined, actor: undefined }
      : spec.auth === 'session'
        ? await admitSession('any-key', deps, ctx)
        : await admitCaller(spec.auth, deps, ctx);
  const rawBody = spec.body ? await readJsonBody(ctx, deps.config.BODY_LIMIT_BYTES) : undefined;
  const issues: ValidationIssue[] = [];
  const params = validateInput(issues, 'path', spec.params, ctx.params ?? {});
  const query = validateInput(issues, 'query', spec.query, ctx.query);
  const body = validateInput(issues, 'body', spec.body, rawBody);
  if (issues.length > 0) throw new RequestValidationError(issues);

  if (spec.billable && auth && !auth.plan.features.has(spec.billable.feature)) throw new FeatureNotInPlanError(spec.billable.feature);
  // The request id travels to the use cases, which record it on the audit events they append.
  const requestDeps: AppDeps = { ...deps, requestId: typeof ctx.state.requestId === 'string' ? ctx.state.requestId : null };
  const result = await spec
    .handler({ body, params, query, auth: auth as MemberAuth, actor: actor as MemberActor, deps: requestDeps, ctx })
    .catch((error: unknown) => {
      if (error instanceof ValidationError && !(error instanceof RequestValidationError))
        throw new RequestValidationError(locateIssues(error.issues, requestFieldsOf(spec)));
      throw error;
    });
  sendResult(ctx, spec.etag && result.status === 200 && spec.etag(result.body, result) ? withEtag(ctx, result) : result);
}

/** The names this route reads from its path, query and headers (everything else is the body's). */
function requestFieldsOf(spec: RouteSpec): RequestFields {
  return { path: objectKeys(spec.params), query: objectKeys(spec.query), header: Object.keys(spec.headers ?? {}) };
}

function objectKeys(schema: Schema | undefined): string[] {
  return schema instanceof z.ZodObject ? Object.keys(schema.shape as object) : [];
}

export function mountRoutes(router: Router, routes: RouteSpec[], deps: AppDeps): void {
  for (const spec of routes) {
    router[spec.method](spec.operationId, spec.path, (ctx) => runRoute(spec, deps, ctx));
  }
}

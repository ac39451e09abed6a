import type Router from '@koa/router';
import type { Context } from 'koa';
import { z } from 'zod';
import { FeatureNotInPlanError, InsufficientScopeError, ValidationError, ValidationIssue } from '../domain/errors';
import type { AuthContext, BillableOperation, PlanFeature, Scope } from '../domain/tenancy';
import { admitKeyRequest } from '../usecases/tenancy/admit-rate';
import { authenticateKey } from '../usecases/tenancy/authenticate-key';
import type { AppDeps } from './app-deps';
import { withEtag } from './conditional-get';
import { rateLimitHeaders } from './rate-limit-headers';
import { toValidationIssues } from './validation';

export type HttpMethod = 'get' | 'post' | 'patch' | 'put' | 'delete';

/** `final`: the handler knows its body no longer changes (e.g. frozen files), for a route whose `etag` asks it. */
export type RouteResult = { status: number; body?: unknown; headers?: Record<string, string>; final?: boolean };

export type RouteInput<B, P, Q> = {
  body: B;
  params: P;
  query: Q;
  /** Present on every route whose `auth` is not 'public'. */
  auth: AuthContext;
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
  /** 'public': no key; 'any-key': any valid key; otherwise a valid key with this scope. */
  auth: 'public' | 'any-key' | { scope: Scope };
  /**
   * Billable creation: the plan feature is checked here; the use case takes the unit of quota when
   * the work starts (usecases/tenancy/reserve-quota.ts). Documents 403 and 429.
   */
  billable?: { feature: PlanFeature; operation: BillableOperation };
  body?: BS;
  params?: PS;
  query?: QS;
  /** Request headers the route reads, with the schema it validates them by (a plain string when none). */
  headers?: Record<string, { description: string; required?: boolean; schema?: Schema }>;
  /**
   * The 200 carries an ETag, and If-None-Match gets a 304, when this says the body is final
   * (api/conditional-get.ts); documented in OpenAPI.
   */
  etag?: (body: any, result: RouteResult) => boolean;
  /** Named schemas (`.meta({ id, examples })`); `example` when the schema's own does not fit this response. */
  responses: Record<
    number,
    {
      description: string;
      schema?: Schema;
      contentType?: string;
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
export function defineRoute<BS extends Schema | undefined = undefined, PS extends Schema | undefined = undefined, QS extends Schema | undefined = undefined>(
  spec: RouteSpec<BS, PS, QS>,
): RouteSpec<BS, PS, QS> {
  return spec;
}

function validate(issues: ValidationIssue[], location: 'body' | 'path' | 'query', schema: Schema | undefined, value: unknown) {
  if (!schema) return undefined;
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  issues.push(...toValidationIssues(location, result.error));
  return undefined;
}

function sendResult(ctx: Context, result: RouteResult): void {
  ctx.status = result.status;
  if (result.body !== undefined) ctx.body = result.body;
  for (const [name, value] of Object.entries(result.headers ?? {})) ctx.set(name, value);
}

async function runRoute(spec: RouteSpec, deps: AppDeps, ctx: Context): Promise<void> {
  let auth: AuthContext | undefined;
  if (spec.auth !== 'public') {
    auth = await authenticateKey(deps.db, ctx.get('x-api-key'));
    ctx.state.auth = auth;
    // Every answer to a key states its rate (the 429 itself comes from the thrown RateLimitedError).
    const rate = await admitKeyRequest(deps.db, auth, deps.config);
    const now = new Date();
    ctx.set(rateLimitHeaders({ limit: rate.limit, remaining: rate.remaining, resetsAt: new Date(now.getTime() + rate.resetInMs) }, now));
    if (spec.auth !== 'any-key' && !auth.scopes.has(spec.auth.scope)) throw new InsufficientScopeError(spec.auth.scope);
  }
  const issues: ValidationIssue[] = [];
  const params = validate(issues, 'path', spec.params, ctx.params ?? {});
  const query = validate(issues, 'query', spec.query, ctx.query);
  const body = validate(issues, 'body', spec.body, ctx.state.body);
  if (issues.length > 0) throw new ValidationError(issues);

  if (spec.billable && auth && !auth.plan.features.has(spec.billable.feature)) throw new FeatureNotInPlanError(spec.billable.feature);
  const result = await spec.handler({ body, params, query, auth: auth as AuthContext, deps, ctx });
  sendResult(ctx, spec.etag && result.status === 200 && spec.etag(result.body, result) ? withEtag(ctx, result) : result);
}

export function mountRoutes(router: Router, routes: RouteSpec[], deps: AppDeps): void {
  for (const spec of routes) {
    router[spec.method](spec.operationId, spec.path, (ctx) => runRoute(spec, deps, ctx));
  }
}

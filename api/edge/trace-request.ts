import { context, propagation, ROOT_CONTEXT, SpanKind, SpanStatusCode, trace } from '@opentelemetry/api';
import type { Middleware } from 'koa';

/**
 * One SERVER span per request, child of the caller's W3C `traceparent` when there is one; the
 * handler runs inside it, so the workflow start (its client interceptor) and every log line
 * carry the same trace. Named by route template once routing is known (`POST /analyses`).
 */
export function traceRequest(): Middleware {
  const tracer = trace.getTracer('entity-risk-api');
  return async (ctx, next) => {
    const parent = propagation.extract(ROOT_CONTEXT, ctx.headers);
    const span = tracer.startSpan(
      ctx.method,
      { kind: SpanKind.SERVER, attributes: { 'http.request.method': ctx.method, 'url.path': ctx.path } },
      parent,
    );
    try {
      await context.with(trace.setSpan(parent, span), next);
    } finally {
      if (ctx._matchedRoute) {
        span.updateName(`${ctx.method} ${String(ctx._matchedRoute)}`);
        span.setAttribute('http.route', String(ctx._matchedRoute));
      }
      span.setAttribute('http.response.status_code', ctx.status);
      if (ctx.status >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
      span.end();
    }
  };
}

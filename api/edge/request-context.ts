import { randomUUID } from 'node:crypto';
import type { Middleware } from 'koa';
import type { Logger } from '../../infra/logger';
import { httpRequestDurationSeconds, httpRequestsTotal } from '../../infra/metrics';

const acceptableRequestId = /^[A-Za-z0-9._:-]{1,128}$/;

/**
 * Request id in and out, one structured access-log line per request (never headers), and the
 * request metrics by route template (never the raw path: bounded label values).
 */
export function requestContext(logger: Logger): Middleware {
  return async (ctx, next) => {
    const incoming = ctx.get('x-request-id');
    const requestId = acceptableRequestId.test(incoming) ? incoming : randomUUID();
    ctx.state.requestId = requestId;
    ctx.set('X-Request-Id', requestId);
    const started = process.hrtime.bigint();
    try {
      await next();
    } finally {
      const durationMs = Number(process.hrtime.bigint() - started) / 1e6;
      const labels = { method: ctx.method, route: ctx._matchedRoute ? String(ctx._matchedRoute) : 'unmatched', status: String(ctx.status) };
      httpRequestsTotal.inc(labels);
      httpRequestDurationSeconds.observe(labels, durationMs / 1000);
      logger.info(
        {
          request_id: requestId,
          method: ctx.method,
          route: ctx._matchedRoute ?? null,
          path: ctx.path,
          status: ctx.status,
          duration_ms: Math.round(durationMs * 10) / 10,
          company_uuid: ctx.state.auth?.companyUuid,
        },
        'request',
      );
    }
  };
}

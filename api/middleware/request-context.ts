import { randomUUID } from 'node:crypto';
import type { Middleware } from 'koa';
import type { Logger } from '../../infra/logger';

const acceptableRequestId = /^[A-Za-z0-9._:-]{1,128}$/;

/** Request id in and out, and one structured access-log line per request (never headers). */
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

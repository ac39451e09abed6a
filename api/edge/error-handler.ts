import type { Middleware } from 'koa';
import { DomainError } from '../../domain/errors';
import type { Logger } from '../../infra/logger';
import { presentError } from './present-error';

/** Every error leaves through presentError: a stable body, never a stack trace. */
export function errorHandler(logger: Logger): Middleware {
  return async (ctx, next) => {
    try {
      await next();
    } catch (error) {
      const response = presentError(error);
      if (response.status >= 500 || !(error instanceof DomainError)) {
        logger.error({ err: error, request_id: ctx.state.requestId }, 'request failed');
      }
      ctx.status = response.status;
      ctx.body = response.body;
      for (const [name, value] of Object.entries(response.headers ?? {})) ctx.set(name, value);
    }
  };
}

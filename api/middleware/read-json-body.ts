import type { Middleware } from 'koa';
import { PayloadTooLargeError, ValidationError } from '../../domain/errors';

/**
 * Reads and parses a JSON body with a hard size limit. Malformed JSON is a 422 in the
 * validation format; an oversized body is refused as soon as the limit is crossed (413).
 */
export function readJsonBody(limitBytes: number): Middleware {
  return async (ctx, next) => {
    if (!['POST', 'PUT', 'PATCH'].includes(ctx.method)) return next();
    const declared = Number(ctx.get('content-length') || 0);
    if (declared > limitBytes) throw new PayloadTooLargeError();
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of ctx.req) {
      size += (chunk as Buffer).length;
      if (size > limitBytes) throw new PayloadTooLargeError();
      chunks.push(chunk as Buffer);
    }
    const text = Buffer.concat(chunks).toString('utf8');
    if (text.trim() === '') {
      ctx.state.body = undefined;
      return next();
    }
    try {
      ctx.state.body = JSON.parse(text);
    } catch {
      throw ValidationError.single(['body'], 'malformed JSON', 'json_invalid');
    }
    return next();
  };
}

import type { Context } from 'koa';
import { PayloadTooLargeError, UnsupportedMediaTypeError } from '../../domain/errors';
import { RequestValidationError } from './validation';

const JSON_MEDIA_TYPE = 'application/json';

/**
 * `application/json`, in any case, with no charset or a UTF-8 one (RFC 8259 §8.1: JSON
 * exchanged between systems is UTF-8). A missing Content-Type is not JSON: the body is refused
 * rather than guessed at.
 */
export function isJsonContentType(header: string | undefined): boolean {
  if (!header) return false;
  const [type, ...parameters] = header.split(';');
  if (type.trim().toLowerCase() !== JSON_MEDIA_TYPE) return false;
  return parameters.every((parameter) => {
    const [name, value = ''] = parameter.split('=');
    if (name.trim().toLowerCase() !== 'charset') return true;
    return ['utf-8', 'utf8'].includes(
      value
        .trim()
        .replace(/^"(.*)"$/, '$1')
        .toLowerCase(),
    );
  });
}

const strictUtf8 = new TextDecoder('utf-8', { fatal: true });

/**
 * The body's bytes as JSON: invalid UTF-8 is a 422 (a lenient decoder would store U+FFFD in
 * place of what the client sent), malformed JSON a 422; nothing but whitespace is no body.
 */
export function parseJsonBytes(bytes: Uint8Array): unknown {
  let text: string;
  try {
    text = strictUtf8.decode(bytes);
  } catch {
    throw RequestValidationError.at('body', [], 'the body is not valid UTF-8', 'utf8_invalid');
  }
  if (text.trim() === '') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    throw RequestValidationError.at('body', [], 'malformed JSON', 'json_invalid');
  }
}

/**
 * Reads the body of a route that takes one, after authentication (api/edge/routing.ts): a body in
 * another media type is 415 before a byte is read, an oversized one 413 as soon as the limit is
 * crossed. A request without a body (no Content-Length, or 0, and no Transfer-Encoding) has none.
 */
export async function readJsonBody(ctx: Context, limitBytes: number): Promise<unknown> {
  const declared = Number(ctx.get('content-length') || 0);
  const chunked = ctx.get('transfer-encoding') !== '';
  if (!chunked && !(declared > 0)) return undefined;
  if (!isJsonContentType(ctx.get('content-type'))) throw new UnsupportedMediaTypeError(JSON_MEDIA_TYPE);
  if (declared > limitBytes) throw new PayloadTooLargeError();
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of ctx.req) {
    size += (chunk as Buffer).length;
    if (size > limitBytes) throw new PayloadTooLargeError();
    chunks.push(chunk as Buffer);
  }
  return parseJsonBytes(Buffer.concat(chunks));
}

import type { Context } from 'koa';
import { IDEMPOTENCY_HEADER } from '../../usecases/idempotency/support/idempotent-request';
import { idempotencyKeySchema } from '../resources/analyses/analysis-schemas';
import { RequestValidationError } from './validation';

/** The header as a route declares it (`headers` of defineRoute): documented with the pattern it is checked by. */
export const idempotencyKeyHeader = {
  [IDEMPOTENCY_HEADER]: {
    description:
      'makes retries of this request safe for 24 hours: the same key and body answer the first response (printable ASCII without spaces, 1–255 characters)',
    schema: idempotencyKeySchema,
  },
};

/** The Idempotency-Key of a create request, validated (422 in the header's name); undefined when absent. */
export function readIdempotencyKey(ctx: Context): string | undefined {
  // Absent is no key; present but empty is a bad key (422), as the reference's pattern says.
  if (ctx.headers[IDEMPOTENCY_HEADER.toLowerCase()] === undefined) return undefined;
  const raw = ctx.get(IDEMPOTENCY_HEADER);
  const parsed = idempotencyKeySchema.safeParse(raw);
  if (!parsed.success)
    throw RequestValidationError.at('header', [IDEMPOTENCY_HEADER], parsed.error.issues[0].message, 'idempotency_key_invalid');
  return parsed.data;
}

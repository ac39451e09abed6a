import type { Context } from 'koa';
import { ValidationError } from '../domain/errors';
import { IDEMPOTENCY_HEADER } from '../usecases/idempotency/idempotent-request';
import { idempotencyKeySchema } from './schemas/analysis-schemas';

export { IDEMPOTENCY_HEADER };

/** The Idempotency-Key of a create request, validated (422 in the header's name); undefined when absent. */
export function readIdempotencyKey(ctx: Context): string | undefined {
  const raw = ctx.get(IDEMPOTENCY_HEADER);
  if (raw === '') return undefined;
  const parsed = idempotencyKeySchema.safeParse(raw);
  if (!parsed.success) throw ValidationError.single(['header', IDEMPOTENCY_HEADER], parsed.error.issues[0].message, 'idempotency_key_invalid');
  return parsed.data;
}

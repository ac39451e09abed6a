import { createHash } from 'node:crypto';
import { z } from 'zod';
import { RequestValidationError } from './validation';
import { cursorParameter, integerParameter } from './request-fields';

/**
 * The one pagination of every list: keyset (the cursor names where the previous page stopped,
 * on indexed columns), newest or best first, with an opaque cursor so that the ordering key can
 * change without breaking clients. A cursor may be bound to the query that produced it (a hash of
 * its filters), so that it cannot be replayed against another query by mistake.
 */
const PAGE_SIZE = { default: 50, max: 200 } as const;

export const limitSchema = integerParameter({ min: 1, max: PAGE_SIZE.max })
  .default(PAGE_SIZE.default)
  .describe(`items per page, 1–${PAGE_SIZE.max}`);

export type Page<T> = { items: T[]; next_cursor: string | null };

/** A short, stable hash of the filters a cursor belongs to. */
export function queryBinding(filters: unknown): string {
  return createHash('sha256')
    .update(JSON.stringify(filters ?? null))
    .digest('base64url')
    .slice(0, 12);
}

export function encodeCursor(position: unknown, binding = ''): string {
  return Buffer.from(JSON.stringify({ p: position, b: binding }), 'utf8').toString('base64url');
}

/** The position a cursor names; undefined without a cursor; 422 for a cursor that is not one of this query. */
export function decodeCursor<P>(cursor: string | undefined, position: z.ZodType<P>, binding = ''): P | undefined {
  if (cursor === undefined) return undefined;
  try {
    const parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    const checked = position.safeParse(parsed?.p);
    if (checked.success && parsed.b === binding) return checked.data;
  } catch {
    // not JSON: fall through to the one answer for every bad cursor
  }
  throw RequestValidationError.at(
    'query',
    ['cursor'],
    'not a cursor of this list (use next_cursor of the previous page with the same filters)',
    'cursor_invalid',
  );
}

/**
 * One page from `limit + 1` rows fetched in list order: the extra row only says whether a next
 * page exists; the cursor names the last row shown.
 */
export function toPage<R, T, P>(rows: R[], limit: number, present: (row: R) => T, positionOf: (row: R) => P, binding = ''): Page<T> {
  const shown = rows.slice(0, limit);
  const last = shown[shown.length - 1];
  return {
    items: shown.map(present),
    next_cursor: rows.length > limit && last !== undefined ? encodeCursor(positionOf(last), binding) : null,
  };
}

/** A row id, newest first (webhook endpoints). */
export const idPosition = z.int().positive();

/**
 * The position of the customer lists, newest first by (created_at, id): created_at travels as
 * the database wrote it, to the microsecond (a JavaScript Date would round it to the millisecond
 * and a page boundary inside one millisecond would skip or repeat rows).
 */
const createdPosition = z.strictObject({ t: z.iso.datetime(), id: z.int().positive() });

export const cursorSchema = cursorParameter(256).optional().describe('the `next_cursor` of the previous page, with the same filters');

export type NewestFirstRequest<F> = {
  filters: F;
  binding: string;
  limit: number;
  page: { after: z.infer<typeof createdPosition> | null; limit: number };
};

/** A newest-first list request: its filters, the cursor decoded against them, and one extra row to fetch. */
export function readNewestFirst<Q extends { cursor?: string; limit: number }>(query: Q): NewestFirstRequest<Omit<Q, 'cursor' | 'limit'>> {
  const { cursor, limit, ...filters } = query;
  const binding = queryBinding(filters);
  return { filters, binding, limit, page: { after: decodeCursor(cursor, createdPosition, binding) ?? null, limit: limit + 1 } };
}

/** The page of a newest-first list from its rows (each with its `created_key` position). */
export function newestFirstPage<R extends { created_key: string; id: number }, T>(
  rows: R[],
  request: NewestFirstRequest<unknown>,
  present: (row: R) => T,
): Page<T> {
  return toPage(rows, request.limit, present, (row) => ({ t: row.created_key, id: row.id }), request.binding);
}

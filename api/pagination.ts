import { createHash } from 'node:crypto';
import { z } from 'zod';
import { ValidationError } from '../domain/errors';

/**
 * The one pagination of every list: keyset (the cursor names where the previous page stopped,
 * on indexed columns), newest or best first, with an opaque cursor so that the ordering key can
 * change without breaking clients. A cursor may be bound to the query that produced it (a hash of
 * its filters), so that it cannot be replayed against another query by mistake.
 */
export const PAGE_SIZE = { default: 50, max: 200 } as const;

export const limitSchema = z.coerce.number().int().min(1).max(PAGE_SIZE.max).default(PAGE_SIZE.default).describe(`items per page, 1–${PAGE_SIZE.max}`);

export type Page<T> = { items: T[]; next_cursor: string | null };

/** A short, stable hash of the filters a cursor belongs to. */
export function queryBinding(filters: unknown): string {
  return createHash('sha256').update(JSON.stringify(filters ?? null)).digest('base64url').slice(0, 12);
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
  throw ValidationError.single(['query', 'cursor'], 'not a cursor of this list (use next_cursor of the previous page with the same filters)', 'cursor_invalid');
}

/**
 * One page from `limit + 1` rows fetched in list order: the extra row only says whether a next
 * page exists; the cursor names the last row shown.
 */
export function toPage<R, T, P>(rows: R[], limit: number, present: (row: R) => T, positionOf: (row: R) => P, binding = ''): Page<T> {
  const shown = rows.slice(0, limit);
  const last = shown[shown.length - 1];
  return { items: shown.map(present), next_cursor: rows.length > limit && last !== undefined ? encodeCursor(positionOf(last), binding) : null };
}

/** The usual position: a row id, newest first. */
export const idPosition = z.int().positive();

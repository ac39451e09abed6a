import { z } from 'zod';
import { parseDocument } from '../../domain/documents/parse-document';
import { ValidationError } from '../../domain/errors';
import { locateIssues } from './locate-issues';
import { RequestValidationError } from './validation';
import { cursorSchema, limitSchema } from './pagination';
import { date, instant } from './request-fields';

/** Filters shared by the customer lists (docs/api-conventions.md, "Lists"). */

/** created_from / created_to: an ISO 8601 instant with its offset, or a date (midnight UTC). */
export const instantFilter = z
  .union([instant(), date()], { error: 'must be an RFC 3339 date-time with offset or a date (YYYY-MM-DD)' })
  .transform((value) => new Date(value.length === 10 ? `${value}T00:00:00Z` : value))
  .optional();

/** created_from ≤ created_at < created_to; an empty or inverted range is a 422, not an empty page. */
export function checkCreatedRange(query: { created_from?: Date; created_to?: Date }, ctx: z.RefinementCtx): void {
  if (query.created_from && query.created_to && query.created_from >= query.created_to) {
    ctx.addIssue({
      code: 'custom',
      path: ['created_to'],
      message: 'created_to must be after created_from',
      params: { type: 'range_invalid' },
    });
  }
}

/** A document filter, normalized; a malformed document is a 422 at ['query', 'document']. */
export function documentFilter(value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  try {
    return parseDocument(value).value;
  } catch (error) {
    if (error instanceof ValidationError)
      throw new RequestValidationError(locateIssues(error.issues, { path: [], query: ['document'], header: [] }));
    throw error;
  }
}

/** The fields every newest-first list query ends with: the creation range and the page. */
export const newestFirstQueryFields = {
  created_from: instantFilter.describe('only those created at or after this instant (ISO 8601 with offset, or a date: midnight UTC)'),
  created_to: instantFilter.describe('only those created before this instant (ISO 8601 with offset, or a date: midnight UTC)'),
  cursor: cursorSchema,
  limit: limitSchema,
};

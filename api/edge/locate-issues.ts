import type { ValidationIssue } from '../../domain/errors';

/** Where a request carries a value: the first element of an HTTP `loc` (docs/api-conventions.md). */
export type RequestLocation = 'body' | 'path' | 'query' | 'header';

/** The names a route reads from each place other than the body. */
export type RequestFields = { path: readonly string[]; query: readonly string[]; header: readonly string[] };

/**
 * Use cases and the domain name the field a problem is about (`['filed_at']`, `['OCORRENCIA', 0]`)
 * without knowing it came over HTTP, so the ops CLI reports the same paths (docs/architecture.md,
 * "Errors"). The route knows where each field travelled: a path parameter, a query parameter or a
 * header by its name, anything else in the body; a problem with the input as a whole is the body's.
 */
export function locateIssues(issues: readonly ValidationIssue[], fields: RequestFields): ValidationIssue[] {
  return issues.map((issue) => ({ ...issue, loc: [locationOf(issue.loc[0], fields), ...issue.loc] }));
}

function locationOf(first: string | number | undefined, fields: RequestFields): RequestLocation {
  if (typeof first !== 'string') return 'body';
  if (fields.path.includes(first)) return 'path';
  if (fields.query.includes(first)) return 'query';
  if (fields.header.some((name) => name.toLowerCase() === first.toLowerCase())) return 'header';
  return 'body';
}

import { z } from 'zod';
import { MAX_LISTED_ISSUES, ValidationError, ValidationIssue } from '../../domain/errors';
import { findUnstorableText } from '../../domain/storable-text';

export type Location = 'body' | 'path' | 'query';

/**
 * A 422 whose issues the edge located itself (`loc` starts with body, path, query or header). Any
 * other ValidationError a handler lets through comes from a use case or the domain, which name
 * fields only; the route locates those (api/edge/locate-issues.ts).
 */
export class RequestValidationError extends ValidationError {
  static at(location: Location | 'header', field: (string | number)[], msg: string, type: string): RequestValidationError {
    return new RequestValidationError([{ loc: [location, ...field], msg, type }]);
  }
}

/** zod issues → the 422 list of docs/api-conventions.md (`loc` starts with body, path or query). */
function toValidationIssues(location: Location, error: z.ZodError): ValidationIssue[] {
  const issues: ValidationIssue[] = [];
  for (const issue of error.issues) {
    if (issue.code === 'unrecognized_keys') {
      const at = issue.path.map(String);
      for (const key of issue.keys) issues.push({ loc: [location, ...at, key], msg: 'unknown property', type: 'extra_forbidden' });
      continue;
    }
    // A refinement names its rule (`params: { type }`), so that a client can tell which one failed.
    const type = issue.code === 'custom' && typeof issue.params?.type === 'string' ? issue.params.type : issue.code;
    issues.push({ loc: [location, ...issue.path.map((p) => (typeof p === 'number' ? p : String(p)))], msg: issue.message, type });
  }
  return issues;
}

/**
 * Text Postgres cannot store is refused in every value the route reads, whatever its schema says
 * (domain/storable-text.ts). Issues are appended one by one: a spread of 100,000 of them would
 * overflow the call stack.
 */
export function validateInput(issues: ValidationIssue[], location: Location, schema: z.ZodType | undefined, value: unknown): unknown {
  if (!schema) return undefined;
  const unstorable = findUnstorableText(value, location);
  const result = schema.safeParse(value);
  for (const issue of unstorable) issues.push(issue);
  if (!result.success) for (const issue of toValidationIssues(location, result.error)) issues.push(issue);
  return result.success && unstorable.length === 0 ? result.data : undefined;
}

const MAX_LOC_SEGMENT = 128;
const MAX_MESSAGE = 500;

/** Cut to `max` UTF-16 units without leaving half of a surrogate pair behind. */
function shorten(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = /[\uD800-\uDBFF]/.test(text[max - 1]) ? max - 1 : max;
  return `${text.slice(0, cut)}…`;
}

/**
 * The 422 list as sent: at most MAX_LISTED_ISSUES items (past it, the last one says how many
 * more there were), and no item longer than a few hundred characters (an unknown key may be a
 * megabyte long). A body of 100,000 unknown keys answers in kilobytes.
 */
export function listedIssues(issues: ValidationIssue[]): ValidationIssue[] {
  const bounded = (issue: ValidationIssue): ValidationIssue => ({
    loc: issue.loc.map((segment) => (typeof segment === 'string' ? shorten(segment, MAX_LOC_SEGMENT) : segment)),
    msg: shorten(issue.msg, MAX_MESSAGE),
    type: shorten(issue.type, MAX_LOC_SEGMENT),
  });
  if (issues.length <= MAX_LISTED_ISSUES) return issues.map(bounded);
  const shown = issues.slice(0, MAX_LISTED_ISSUES - 1).map(bounded);
  const more = issues.length - shown.length;
  return [...shown, { loc: [issues[shown.length].loc[0] ?? 'body'], msg: `${more} more problems not listed`, type: 'too_many_problems' }];
}

import { z } from 'zod';
import { ValidationError, ValidationIssue } from '../domain/errors';

export type Location = 'body' | 'path' | 'query';

/** zod issues → the 422 list of docs/api-conventions.md (`loc` starts with body, path or query). */
export function toValidationIssues(location: Location, error: z.ZodError): ValidationIssue[] {
  const issues: ValidationIssue[] = [];
  for (const issue of error.issues) {
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) {
        issues.push({ loc: [location, ...issue.path.map(String), key], msg: 'unknown property', type: 'extra_forbidden' });
      }
      continue;
    }
    // A refinement names its rule (`params: { type }`), so that a client can tell which one failed.
    const type = issue.code === 'custom' && typeof issue.params?.type === 'string' ? issue.params.type : issue.code;
    issues.push({ loc: [location, ...issue.path.map((p) => (typeof p === 'number' ? p : String(p)))], msg: issue.message, type });
  }
  return issues;
}

export function parseOrThrow<T extends z.ZodType>(location: Location, schema: T, value: unknown): z.infer<T> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  throw new ValidationError(toValidationIssues(location, result.error));
}

import { z } from 'zod';

/**
 * Request fields whose OpenAPI description states exactly what the validator accepts
 * (docs/api-conventions.md, "The reference matches the validation"). JSON Schema counts a
 * string's length in code points and its patterns must read the same in ECMA-262 and Python;
 * zod counts UTF-16 code units, so text lengths are checked here by code point.
 */

/** The characters String.prototype.trim removes, as a class body that ECMA-262 and Python read alike. */
const TRIMMED = '\\t\\n\\v\\f\\r \\u00a0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000\\ufeff';
const KEPT = `[^${TRIMMED}]`;

/** The meta key whose JSON Schema replaces the one zod derives (applied by api/openapi/components.ts). */
export const JSON_SCHEMA_KEY = 'x-json-schema';

function codePointLength(value: string): number {
  let count = 0;
  for (const _ of value) count += 1;
  return count;
}

/** A pattern met by a string whose trimmed form has at least `min` code points (unanchored). */
function trimmedMinimumPattern(min: number): string {
  return min <= 1 ? KEPT : `${KEPT}[\\s\\S]{${min - 2},}${KEPT}`;
}

/**
 * Text of at most `max` code points as sent; with `trim`, what is kept is the trimmed text and
 * `min` counts it (so "   " is not a name). Documented as minLength / maxLength / pattern.
 */
export function text(options: { max: number; min?: number; trim?: boolean }) {
  const { max, min = 0, trim = false } = options;
  const documented: Record<string, unknown> = { type: 'string', maxLength: max };
  if (min > 0) documented.minLength = min;
  if (min > 0 && trim) documented.pattern = trimmedMinimumPattern(min);
  const checked = z.string().check((ctx) => {
    if (codePointLength(ctx.value) > max)
      ctx.issues.push({
        code: 'too_big',
        origin: 'string',
        maximum: max,
        inclusive: true,
        input: ctx.value,
        message: `at most ${max} characters`,
      });
  });
  const kept = trim ? checked.trim() : checked;
  return kept
    .check((ctx) => {
      if (codePointLength(ctx.value) < min)
        ctx.issues.push({
          code: 'too_small',
          origin: 'string',
          minimum: min,
          inclusive: true,
          input: ctx.value,
          message: trim ? `at least ${min} characters besides spaces` : `at least ${min} characters`,
        });
    })
    .meta({ [JSON_SCHEMA_KEY]: documented });
}

/**
 * A list's `cursor`: the base64url `next_cursor` a page gave (api/edge/pagination.ts), so ASCII only
 * (its URL stays within the HTTP server's 16 KB head whatever the maximum); any other string
 * of that alphabet is a 422 cursor_invalid once decoded.
 */
export function cursorParameter(max: number) {
  return z
    .string()
    .max(max)
    .regex(/^[A-Za-z0-9_-]*$/, 'a next_cursor (base64url)')
    .meta({ [JSON_SCHEMA_KEY]: { type: 'string', maxLength: max, pattern: '^[A-Za-z0-9_-]*$' } });
}

/**
 * A whole number in a path or query string, written as an integer is serialized (plain decimal
 * digits, no sign, no leading zero), within [min, max] (at most 2^53 − 1); documented as the
 * integer it is.
 */
export function integerParameter(options: { min: number; max?: number }) {
  const { min, max = Number.MAX_SAFE_INTEGER } = options;
  return z
    .string()
    .regex(/^(?:0|[1-9][0-9]{0,15})$/, `an integer from ${min} to ${max}`)
    .transform(Number)
    .pipe(z.int().min(min, `an integer from ${min} to ${max}`).max(max, `an integer from ${min} to ${max}`))
    .meta({ [JSON_SCHEMA_KEY]: { type: 'integer', minimum: min, maximum: max } });
}

/**
 * Dates and RFC 3339 instants as zod's ISO patterns read them (leap years included), with `[0-9]`
 * for digits (Python reads `\\d` as any Unicode digit) and the seconds required (RFC 3339's
 * date-time needs them); documented with the pattern and the format.
 */
const DATE =
  '(?:(?:[0-9][0-9][2468][048]|[0-9][0-9][13579][26]|[0-9][0-9]0[48]|[02468][048]00|[13579][26]00)-02-29|[0-9]{4}-(?:(?:0[13578]|1[02])-(?:0[1-9]|[12][0-9]|3[01])|(?:0[469]|11)-(?:0[1-9]|[12][0-9]|30)|02-(?:0[1-9]|1[0-9]|2[0-8])))';
const TIME = '(?:[01][0-9]|2[0-3]):[0-5][0-9]:[0-5][0-9](?:\\.[0-9]+)?(?:Z|[+-](?:[01][0-9]|2[0-3]):[0-5][0-9])';
export const datePattern = new RegExp(`^${DATE}$`);
const instantPattern = new RegExp(`^${DATE}T${TIME}$`);

export function instant() {
  return z
    .string()
    .regex(instantPattern, 'an RFC 3339 date-time with seconds and an offset (e.g. 2026-11-22T10:00:00Z)')
    .meta({ [JSON_SCHEMA_KEY]: { type: 'string', format: 'date-time', pattern: instantPattern.source } });
}

export function date() {
  return z
    .string()
    .regex(datePattern, 'a date (YYYY-MM-DD)')
    .meta({ [JSON_SCHEMA_KEY]: { type: 'string', format: 'date', pattern: datePattern.source } });
}

import type { ValidationIssue } from './errors';

/**
 * Text Postgres cannot store in a `text` or `jsonb` value: U+0000 (NUL), and lone UTF-16
 * surrogates (a JSON string may escape one, `"\ud800"`, but no UTF-8 encoding of it exists).
 * Either would reach the database as a 500; the edge refuses it as a 422 instead.
 */
export type UnstorableText = 'nul' | 'lone_surrogate';

/** A high surrogate not followed by a low one, or a low one not preceded by a high one (code units: no `u` flag). */
const loneSurrogate = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Fast path: most text has neither NUL nor any surrogate. */
const suspect = /[\u0000\uD800-\uDFFF]/;

export function unstorableTextIn(text: string): UnstorableText | undefined {
  if (!suspect.test(text)) return undefined;
  if (text.includes('\u0000')) return 'nul';
  if (loneSurrogate.test(text)) return 'lone_surrogate';
  return undefined;
}

const messages: Record<UnstorableText, string> = {
  nul: 'contains U+0000 (NUL), which cannot be stored',
  lone_surrogate: 'contains a lone UTF-16 surrogate (not a Unicode character), which cannot be stored',
};

export const UNSTORABLE_TEXT_TYPE = 'text_not_storable';

/** A pointer as a chain to its parent: a deep body costs one node per level, not a copy of the path. */
type Pointer = { parent: Pointer | undefined; step: string | number };

function locOf(pointer: Pointer): (string | number)[] {
  const loc: (string | number)[] = [];
  for (let p: Pointer | undefined = pointer; p; p = p.parent) loc.push(p.step);
  return loc.reverse();
}

/**
 * Every string of a parsed JSON value (or query, or path parameters) that cannot be stored, as
 * 422 issues located by their pointer under `location`: values, and object keys too (a key is
 * stored as well, in jsonb). Iterative: a deeply nested body cannot overflow the stack.
 */
export function findUnstorableText(value: unknown, location: string): ValidationIssue[] {
  const issues: ValidationIssue[] = [];
  const check = (text: string, at: Pointer, what: string) => {
    const found = unstorableTextIn(text);
    if (found) issues.push({ loc: locOf(at), msg: `${what} ${messages[found]}`, type: UNSTORABLE_TEXT_TYPE });
  };
  // A depth-first walk in document order with an explicit stack of open containers.
  type Frame = { container: Record<string, unknown> | unknown[]; keys: string[] | undefined; next: number; at: Pointer };
  const stack: Frame[] = [];
  const enter = (child: unknown, at: Pointer) => {
    if (typeof child === 'string') check(child, at, 'the value');
    else if (child !== null && typeof child === 'object')
      stack.push({ container: child as Frame['container'], keys: Array.isArray(child) ? undefined : Object.keys(child), next: 0, at });
  };
  enter(value, { parent: undefined, step: location });
  while (stack.length > 0) {
    const frame = stack[stack.length - 1];
    const length = frame.keys ? frame.keys.length : (frame.container as unknown[]).length;
    if (frame.next >= length) {
      stack.pop();
      continue;
    }
    const index = frame.next++;
    if (!frame.keys) {
      enter((frame.container as unknown[])[index], { parent: frame.at, step: index });
      continue;
    }
    const key = frame.keys[index];
    const at = { parent: frame.at, step: key };
    check(key, at, 'the property name');
    enter((frame.container as Record<string, unknown>)[key], at);
  }
  return issues;
}

/**
 * Canonical JSON: the byte form every fingerprint is computed from (docs/engine.md).
 * Object keys are sorted recursively by UTF-16 code unit (as RFC 8785 does), there is no
 * insignificant whitespace, and numbers use ECMAScript's shortest round-trip form.
 *
 * Anything whose JSON form is ambiguous or lossy is rejected instead of silently coerced:
 * NaN / Infinity (JSON.stringify would write null), undefined / functions / symbols inside
 * arrays (written as null), bigint, Dates and other class instances (their form depends on
 * toJSON), and cycles. An undefined object property is omitted, as an absent key.
 */
export class CanonicalJsonError extends Error {
  constructor(
    readonly path: string,
    reason: string,
  ) {
    super(`canonical JSON: ${reason} at ${path}`);
    this.name = 'CanonicalJsonError';
  }
}

export function canonicalJson(value: unknown): string {
  return write(value, '$', new Set());
}

function write(value: unknown, path: string, ancestors: Set<object>): string {
  if (value === null) return 'null';
  switch (typeof value) {
    case 'string':
      return JSON.stringify(value);
    case 'boolean':
      return value ? 'true' : 'false';
    case 'number':
      if (!Number.isFinite(value)) throw new CanonicalJsonError(path, `non-finite number ${value}`);
      // -0 and 0 are the same JSON number.
      return Object.is(value, -0) ? '0' : JSON.stringify(value);
    case 'object':
      return writeObject(value as object, path, ancestors);
    default:
      throw new CanonicalJsonError(path, `unsupported ${typeof value}`);
  }
}

function writeObject(value: object, path: string, ancestors: Set<object>): string {
  if (ancestors.has(value)) throw new CanonicalJsonError(path, 'cycle');
  ancestors.add(value);
  try {
    if (Array.isArray(value)) {
      const items: string[] = [];
      for (let i = 0; i < value.length; i += 1) {
        if (value[i] === undefined) throw new CanonicalJsonError(`${path}[${i}]`, 'undefined in array');
        items.push(write(value[i], `${path}[${i}]`, ancestors));
      }
      return `[${items.join(',')}]`;
    }
    const prototype = Object.getPrototypeOf(value);
    // A plain object's prototype is Object.prototype of some realm (vm contexts, structuredClone): its own prototype is null.
    if (prototype !== null && Object.getPrototypeOf(prototype) !== null) {
      throw new CanonicalJsonError(path, `unsupported object ${prototype?.constructor?.name ?? 'unknown'}`);
    }
    const record = value as Record<string, unknown>;
    const members: string[] = [];
    for (const key of Object.keys(record).sort()) {
      if (record[key] === undefined) continue;
      members.push(`${JSON.stringify(key)}:${write(record[key], `${path}.${key}`, ancestors)}`);
    }
    return `{${members.join(',')}}`;
  } finally {
    ancestors.delete(value);
  }
}

/**
 * Canonical JSON: the byte form every fingerprint is computed from (DESIGN.md §4).
 * Object keys are sorted recursively by UTF-16 code unit (as RFC 8785 does), there is no
 * insignificant whitespace, and numbers use ECMAScript's shortest round-trip form.
 *
 * Anything whose JSON form is ambiguous or lossy is rejected instead of silently coerced:
 * NaN / Infinity (JSON.stringify would write null), undefined / functions / symbols inside
 * arrays (written as null), bigint, Dates and other class instances (their form depends on
 * toJSON), and cycles. An undefined object property is omitted, as an absent key.
 */
export class CanonicalJsonError extends Error {
  constructor(readonly path: string, reason: string) {
    super(`canonical JSON: ${reason} at ${path}`);
    this.name = 'CanonicalJsonError';
  }
}

export function canonicalJson(value: unknown): string {
  return new CanonicalWriter().write(value);
}

/**
 * The path to the current value is kept as a stack of keys and formatted only for an error:
 * fingerprints serialize every snapshot twice per analysis, and building a path string for each
 * of its values cost more than the serialization itself.
 */
class CanonicalWriter {
  private readonly trail: (string | number)[] = [];
  private readonly ancestors = new Set<object>();

  write(value: unknown): string {
    if (value === null) return 'null';
    switch (typeof value) {
      case 'string':
        return JSON.stringify(value);
      case 'boolean':
        return value ? 'true' : 'false';
      case 'number':
        if (!Number.isFinite(value)) throw this.error(`non-finite number ${value}`);
        // -0 and 0 are the same JSON number.
        return Object.is(value, -0) ? '0' : JSON.stringify(value);
      case 'object':
        return this.writeObject(value as object);
      default:
        throw this.error(`unsupported ${typeof value}`);
    }
  }

  private writeObject(value: object): string {
    if (this.ancestors.has(value)) throw this.error('cycle');
    this.ancestors.add(value);
    try {
      if (Array.isArray(value)) {
        const items: string[] = new Array(value.length);
        for (let i = 0; i < value.length; i += 1) {
          this.trail.push(i);
          if (value[i] === undefined) throw this.error('undefined in array');
          items[i] = this.write(value[i]);
          this.trail.pop();
        }
        return `[${items.join(',')}]`;
      }
      const prototype = Object.getPrototypeOf(value);
      // A plain object's prototype is Object.prototype of some realm (vm contexts, structuredClone): its own prototype is null.
      if (prototype !== null && Object.getPrototypeOf(prototype) !== null) {
        throw this.error(`unsupported object ${prototype?.constructor?.name ?? 'unknown'}`);
      }
      const record = value as Record<string, unknown>;
      const members: string[] = [];
      for (const key of Object.keys(record).sort()) {
        if (record[key] === undefined) continue;
        this.trail.push(key);
        members.push(`${JSON.stringify(key)}:${this.write(record[key])}`);
        this.trail.pop();
      }
      return `{${members.join(',')}}`;
    } finally {
      this.ancestors.delete(value);
    }
  }

  private error(reason: string): CanonicalJsonError {
    const path = this.trail.reduce<string>((at, key) => (typeof key === 'number' ? `${at}[${key}]` : `${at}.${key}`), '$');
    return new CanonicalJsonError(path, reason);
  }
}

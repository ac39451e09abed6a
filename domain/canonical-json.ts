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
  try {
    return write(value, new Set());
  } catch (error) {
    if (error instanceof Refusal) throw new CanonicalJsonError(`$${error.path.reverse().join('')}`, error.reason);
    throw error;
  }
}

/**
 * A refused value on its way up: each level adds its step to the path as it unwinds, so that a
 * value written whole never builds one (the paths cost more than the writing: docs/benchmarks.md,
 * "Where a sync analysis' CPU goes").
 */
class Refusal {
  readonly path: string[] = [];
  constructor(readonly reason: string) {}
}

function write(value: unknown, ancestors: Set<object>): string {
  if (value === null) return 'null';
  switch (typeof value) {
    case 'string':
      return JSON.stringify(value);
    case 'boolean':
      return value ? 'true' : 'false';
    case 'number':
      if (!Number.isFinite(value)) throw new Refusal(`non-finite number ${value}`);
      // -0 and 0 are the same JSON number.
      return Object.is(value, -0) ? '0' : JSON.stringify(value);
    case 'object':
      return writeObject(value as object, ancestors);
    default:
      throw new Refusal(`unsupported ${typeof value}`);
  }
}

function writeObject(value: object, ancestors: Set<object>): string {
  if (ancestors.has(value)) throw new Refusal('cycle');
  ancestors.add(value);
  let out: string;
  if (Array.isArray(value)) {
    out = '[';
    for (let i = 0; i < value.length; i += 1) {
      out += (i === 0 ? '' : ',') + writeMember(value[i], i, ancestors);
    }
    out += ']';
  } else {
    const prototype = Object.getPrototypeOf(value);
    // A plain object's prototype is Object.prototype of some realm (vm contexts, structuredClone): its own prototype is null.
    if (prototype !== null && Object.getPrototypeOf(prototype) !== null) {
      throw new Refusal(`unsupported object ${prototype?.constructor?.name ?? 'unknown'}`);
    }
    const record = value as Record<string, unknown>;
    out = '{';
    let first = true;
    for (const key of Object.keys(record).sort()) {
      if (record[key] === undefined) continue;
      out += (first ? '' : ',') + JSON.stringify(key) + ':' + writeMember(record[key], key, ancestors);
      first = false;
    }
    out += '}';
  }
  ancestors.delete(value);
  return out;
}

/** An array's element (by index) or an object's property (by key); the step is written only when refused. */
function writeMember(member: unknown, step: number | string, ancestors: Set<object>): string {
  try {
    if (member === undefined) throw new Refusal('undefined in array'); // an object's undefined property was skipped
    return write(member, ancestors);
  } catch (error) {
    if (error instanceof Refusal) error.path.push(typeof step === 'number' ? `[${step}]` : `.${step}`);
    throw error;
  }
}

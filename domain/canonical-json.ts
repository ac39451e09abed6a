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
  const writing: Writing = { out: [], ancestors: new Set(), keyForms: new Map() };
  try {
    write(value, writing);
  } catch (error) {
    if (error instanceof Refusal) throw new CanonicalJsonError(`$${error.path.reverse().join('')}`, error.reason);
    throw error;
  }
  return writing.out.join('');
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

/**
 * One serialization in progress. `out` collects the pieces, joined once at the end: building the
 * text by `+=` made one rope node per piece, about 800,000 of them for a network of 10,000
 * entities, all alive until the text was first read. `keyForms` writes each distinct key once: a
 * snapshot repeats a few dozen keys over thousands of entities (docs/batches.md, "Memory").
 */
type Writing = { out: string[]; ancestors: Set<object>; keyForms: Map<string, string> };

function keyForm(key: string, keyForms: Map<string, string>): string {
  let form = keyForms.get(key);
  if (form === undefined) {
    form = `${JSON.stringify(key)}:`;
    keyForms.set(key, form);
  }
  return form;
}

const needsEscape = /["\\\u0000-\u001f\ud800-\udfff]/;

function write(value: unknown, writing: Writing): void {
  const { out } = writing;
  if (value === null) {
    out.push('null');
    return;
  }
  switch (typeof value) {
    case 'string':
      if (needsEscape.test(value)) out.push(JSON.stringify(value));
      else out.push('"', value, '"');
      return;
    case 'boolean':
      out.push(value ? 'true' : 'false');
      return;
    case 'number':
      if (!Number.isFinite(value)) throw new Refusal(`non-finite number ${value}`);
      // -0 and 0 are the same JSON number.
      out.push(Object.is(value, -0) ? '0' : JSON.stringify(value));
      return;
    case 'object':
      writeObject(value as object, writing);
      return;
    default:
      throw new Refusal(`unsupported ${typeof value}`);
  }
}

function writeObject(value: object, writing: Writing): void {
  const { out, ancestors } = writing;
  if (ancestors.has(value)) throw new Refusal('cycle');
  ancestors.add(value);
  if (Array.isArray(value)) {
    out.push('[');
    for (let i = 0; i < value.length; i += 1) {
      if (i > 0) out.push(',');
      writeMember(value[i], i, writing);
    }
    out.push(']');
  } else {
    const prototype = Object.getPrototypeOf(value);
    // A plain object's prototype is Object.prototype of some realm (vm contexts, structuredClone): its own prototype is null.
    if (prototype !== null && Object.getPrototypeOf(prototype) !== null) {
      throw new Refusal(`unsupported object ${prototype?.constructor?.name ?? 'unknown'}`);
    }
    const record = value as Record<string, unknown>;
    out.push('{');
    let first = true;
    for (const key of Object.keys(record).sort()) {
      if (record[key] === undefined) continue;
      if (!first) out.push(',');
      out.push(keyForm(key, writing.keyForms));
      writeMember(record[key], key, writing);
      first = false;
    }
    out.push('}');
  }
  ancestors.delete(value);
}

/** An array's element (by index) or an object's property (by key); the step is written only when refused. */
function writeMember(member: unknown, step: number | string, writing: Writing): void {
  try {
    if (member === undefined) throw new Refusal('undefined in array'); // an object's undefined property was skipped
    write(member, writing);
  } catch (error) {
    if (error instanceof Refusal) error.path.push(typeof step === 'number' ? `[${step}]` : `.${step}`);
    throw error;
  }
}

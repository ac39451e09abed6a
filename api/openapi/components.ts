import { z } from 'zod';
import { JSON_SCHEMA_KEY } from '../edge/request-fields';

type Io = 'input' | 'output';
type Json = Record<string, any>;

/** The metadata a schema carries for the reference: `.meta({ id, description, examples })`. */
export function schemaMeta(schema: z.ZodType): { id?: string; description?: string; examples?: unknown[] } {
  return (z.globalRegistry.get(schema) ?? {}) as { id?: string; description?: string; examples?: unknown[] };
}

const defRef = /^#\/\$defs\/(.+)$/;

function refsIn(value: unknown, found = new Set<string>()): Set<string> {
  if (Array.isArray(value)) value.forEach((v) => refsIn(v, found));
  else if (value && typeof value === 'object') {
    for (const [key, v] of Object.entries(value)) {
      if (key === '$ref' && typeof v === 'string' && defRef.test(v)) found.add(defRef.exec(v)![1]);
      else refsIn(v, found);
    }
  }
  return found;
}

function rewriteRefs(value: any, name: (def: string) => string): void {
  if (Array.isArray(value)) value.forEach((v) => rewriteRefs(v, name));
  else if (value && typeof value === 'object') {
    for (const [key, v] of Object.entries(value)) {
      if (key === '$ref' && typeof v === 'string' && defRef.test(v)) value[key] = `#/components/schemas/${name(defRef.exec(v)![1])}`;
      else rewriteRefs(v, name);
    }
  }
}

/** Annotations a documented replacement keeps from what zod derived (the rest is the validator's own statement). */
const annotations = new Set(['description', 'default', 'examples', 'title', 'id']);

/** Replaces, in place, every schema that carries `x-json-schema` by that statement of what its validator accepts. */
function applyDocumentedSchemas(value: unknown): void {
  if (Array.isArray(value)) value.forEach(applyDocumentedSchemas);
  else if (value && typeof value === 'object') {
    const node = value as Json;
    const documented = node[JSON_SCHEMA_KEY];
    if (documented) {
      for (const key of Object.keys(node)) if (!annotations.has(key)) delete node[key];
      Object.assign(node, structuredClone(documented));
    }
    Object.values(node).forEach(applyDocumentedSchemas);
  }
}

/**
 * Named components from zod schemas: every schema with an `id` (`.meta({ id })`) becomes
 * `#/components/schemas/<id>` and is referenced by `$ref` wherever it is used. A schema whose
 * request form differs from its response form (defaults, transforms) gets a second component,
 * `<id>Input`, for requests. Collect every use with `use`, then `finish` rewrites the refs.
 */
export function createComponentCollector() {
  const defs: Record<Io, Map<string, Json>> = { input: new Map(), output: new Map() };
  const uses: { io: Io; json: Json }[] = [];

  function place(io: Io, name: string, def: Json): void {
    const known = defs[io].get(name);
    if (known && JSON.stringify(known) !== JSON.stringify(def))
      throw new Error(`two different schemas are named "${name}" (.meta({ id }))`);
    defs[io].set(name, def);
  }

  function use(schema: z.ZodType, io: Io): Json {
    const { $schema: _s, $defs = {}, ...root } = z.toJSONSchema(schema, { io, unrepresentable: 'any', target: 'draft-2020-12' }) as Json;
    applyDocumentedSchemas(root);
    applyDocumentedSchemas($defs);
    for (const [name, def] of Object.entries<Json>($defs)) place(io, name, def);
    let json: Json = root;
    if (typeof root.id === 'string') {
      place(io, root.id, root);
      json = { $ref: `#/$defs/${root.id}` };
    }
    uses.push({ io, json });
    return json;
  }

  function finish(): Record<string, Json> {
    // An input def needs its own component when it differs from the output one, or refers to one that does.
    const differs = new Set(
      [...defs.input]
        .filter(([name, def]) => defs.output.has(name) && JSON.stringify(def) !== JSON.stringify(defs.output.get(name)))
        .map(([name]) => name),
    );
    for (let grew = true; grew;) {
      grew = false;
      for (const [name, def] of defs.input) {
        if (!differs.has(name) && [...refsIn(def)].some((r) => differs.has(r))) {
          differs.add(name);
          grew = true;
        }
      }
    }
    const nameFor = (io: Io) => (def: string) => (io === 'input' && differs.has(def) ? `${def}Input` : def);
    const schemas: Record<string, Json> = {};
    for (const io of ['output', 'input'] as const) {
      for (const [name, def] of defs[io]) {
        const component = structuredClone(def);
        delete component.id;
        rewriteRefs(component, nameFor(io));
        schemas[nameFor(io)(name)] = component;
      }
    }
    for (const { io, json } of uses) rewriteRefs(json, nameFor(io));
    return Object.fromEntries(Object.entries(schemas).sort(([a], [b]) => a.localeCompare(b)));
  }

  return { use, finish };
}

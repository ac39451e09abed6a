import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import fc from 'fast-check';
import { z } from 'zod';
import { allRoutes } from '../../../../api/create-app';
import { buildOpenApiDocument, toOpenApiPath } from '../../../../api/openapi/openapi';
import type { RouteSpec } from '../../../../api/edge/routing';
import { probeValues, shapeOf } from '../../../support/openapi-probes';

/**
 * The reference states what the validator accepts (docs/api-conventions.md): for every path,
 * query and header parameter and every body property of every route, the documented JSON Schema
 * (checked by Ajv: lengths in code points, patterns with the u flag) and the zod schema that
 * validates it agree on a curated set of boundary values and on random ones. Where a business
 * rule that JSON Schema cannot state refuses more (a check digit, a date in the future), the
 * validator may only be stricter, never looser.
 */
const document = buildOpenApiDocument(allRoutes()) as any;
const ajv = new Ajv2020({ strict: false, allErrors: false, validateFormats: true });
addFormats(ajv);
ajv.addSchema({ $id: 'openapi', components: document.components });

const stricterByRule = new Set([
  'GET /entities query.q',
  'GET /entities query.document',
  'POST /webhooks/endpoints/:endpoint_uuid/recover body.since',
]);

type Field = { label: string; documented: unknown; validator: z.ZodType; wire: 'string' | 'json' };

const resolve = (schema: any): any => (schema?.$ref ? resolve(document.components.schemas[schema.$ref.split('/').pop()]) : schema);
const withRefs = (schema: unknown) => JSON.parse(JSON.stringify(schema).replace(/"#\/components/g, '"openapi#/components'));

function fieldsOf(route: RouteSpec): Field[] {
  const op = document.paths[toOpenApiPath(route.path)][route.method];
  const id = `${route.method.toUpperCase()} ${route.path}`;
  const fields: Field[] = [];
  for (const parameter of op.parameters) {
    const source = parameter.in === 'path' ? route.params : parameter.in === 'query' ? route.query : undefined;
    const validator = parameter.in === 'header' ? route.headers?.[parameter.name]?.schema : shapeOf(source)[parameter.name];
    if (validator)
      fields.push({ label: `${id} ${parameter.in}.${parameter.name}`, documented: parameter.schema, validator, wire: 'string' });
  }
  const body = resolve(op.requestBody?.content['application/json']?.schema);
  const branches = body?.oneOf ?? (body ? [body] : []);
  for (const [name, validator] of Object.entries(shapeOf(route.body))) {
    // A property of a oneOf: any form the branches give it (the body-level test holds the combination).
    const forms = branches.map((b: any) => b.properties?.[name]).filter(Boolean);
    const documented = forms.length > 1 ? { anyOf: forms } : forms[0];
    if (documented) fields.push({ label: `${id} body.${name}`, documented, validator, wire: 'json' });
  }
  return fields;
}

const fields = allRoutes().flatMap(fieldsOf);

/** An integer travels in a path or query string as its decimal digits. */
const asDocumented = (field: Field, value: unknown) =>
  field.wire === 'string' && (field.documented as any).type === 'integer' && typeof value === 'string' && /^(0|-?[1-9][0-9]*)$/.test(value)
    ? Number(value)
    : value;

describe('the OpenAPI document states what the validation accepts', () => {
  it('finds the fields of every route with a body, path, query or header to validate', () => {
    expect(fields.length).toBeGreaterThan(60);
    expect(fields.map((f) => f.label)).toEqual(
      expect.arrayContaining([
        'POST /analyses body.document',
        'GET /entities/:entity_id path.entity_id',
        'GET /analyses query.limit',
        'POST /api/analyses header.Idempotency-Key',
        'POST /webhooks/endpoints body.url',
      ]),
    );
  });

  it.each(fields.map((f) => [f.label, f]))('%s: documented and validated alike', (_label, field: Field) => {
    const documented = ajv.compile(withRefs(field.documented));
    const check = (value: unknown) => {
      const accepted = (field.validator as z.ZodType).safeParse(value).success;
      const conforms = documented(asDocumented(field, value));
      if (stricterByRule.has(field.label) && !accepted) return;
      expect([field.label, value, accepted]).toEqual([field.label, value, conforms]);
    };
    for (const value of probeValues(field.documented as any, field.wire, resolve)) check(value);
    const anyValue = field.wire === 'string' ? fc.string({ unit: 'binary', maxLength: 40 }) : fc.jsonValue({ maxDepth: 1 });
    fc.assert(
      fc.property(anyValue, (value) => check(value)),
      { numRuns: 150, seed: 20261123 },
    );
  });

  it('states the subject of an analysis and a screening as exactly one of document or entity_id (oneOf)', () => {
    for (const route of allRoutes().filter((r) =>
      ['POST /analyses', 'POST /adverse-media'].includes(`${r.method.toUpperCase()} ${r.path}`),
    )) {
      const schema = withRefs(document.paths[route.path].post.requestBody.content['application/json'].schema);
      const documented = ajv.compile(schema);
      expect(resolve(document.paths[route.path].post.requestBody.content['application/json'].schema).oneOf).toHaveLength(2);
      for (const body of [
        { document: '11222333000181' },
        { entity_id: 7 },
        { document: '11222333000181', entity_id: 7 },
        {},
        { document: null, entity_id: 7 },
        { document: '1', entity_id: null },
        { document: null, entity_id: null },
        { entity_id: 7, unknown: 1 },
      ]) {
        expect([route.path, body, route.body!.safeParse(body).success]).toEqual([route.path, body, documented(body)]);
      }
    }
  });
});

import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { allRoutes } from '../../api/create-app';
import { exampleOf } from '../../api/openapi/operation';
import type { RouteSpec } from '../../api/edge/routing';
import { request } from '../support/http';
import { completedAnalysis, draftReport } from '../support/report-fixtures';
import { closeTestDb, createTestTenant, type TestTenant, testDb } from '../support/tenants';

jest.setTimeout(180_000);

type Pointer = (string | number)[];
type Json = Record<string, any>;

/**
 * Every place a string can sit in a request body, derived from the route's own zod schema (as
 * its JSON Schema): object properties, array items (index 0), record values (key `k`), each
 * branch of a union. A field added to a schema tomorrow is covered without touching this test.
 */
function stringPointers(schema: Json, defs: Json, at: Pointer = [], seen = new Set<string>()): Pointer[] {
  if (schema.$ref) {
    const name = String(schema.$ref).split('/').pop()!;
    if (seen.has(name)) return [];
    return stringPointers(defs[name], defs, at, new Set([...seen, name]));
  }
  const found: Pointer[] = [];
  const types = Array.isArray(schema.type) ? schema.type : [schema.type];
  if (types.includes('string')) found.push(at);
  for (const [key, property] of Object.entries<Json>(schema.properties ?? {}))
    found.push(...stringPointers(property, defs, [...at, key], seen));
  if (schema.additionalProperties && typeof schema.additionalProperties === 'object')
    found.push(...stringPointers(schema.additionalProperties, defs, [...at, 'k'], seen));
  if (schema.items && typeof schema.items === 'object') found.push(...stringPointers(schema.items, defs, [...at, 0], seen));
  for (const branch of [...(schema.anyOf ?? []), ...(schema.oneOf ?? []), ...(schema.allOf ?? [])])
    found.push(...stringPointers(branch, defs, at, seen));
  const unique = new Map(found.map((p) => [JSON.stringify(p), p]));
  return [...unique.values()];
}

function bodyStringPointers(route: RouteSpec): Pointer[] {
  const { $defs = {}, ...root } = z.toJSONSchema(route.body!, { io: 'input', unrepresentable: 'any' }) as Json;
  return stringPointers(root, $defs);
}

/** The example body with `value` at `pointer`, containers created on the way. */
function withValueAt(example: unknown, pointer: Pointer, value: string): unknown {
  const root: any = structuredClone(example ?? {});
  let node = root;
  pointer.forEach((step, i) => {
    if (i === pointer.length - 1) node[step] = value;
    else {
      if (node[step] === null || typeof node[step] !== 'object') node[step] = typeof pointer[i + 1] === 'number' ? [] : {};
      node = node[step];
    }
  });
  return root;
}

const badText = { nul: 'before\u0000after', 'lone surrogate': 'before\ud800after' } as const;

/** What the company owns, table by table: a hash of its rows (api_keys aside: the last use of a key is bookkeeping). */
async function companyFingerprint(companyId: number): Promise<Record<string, string>> {
  const tables: { table_name: string }[] = (
    await testDb().raw(
      `SELECT table_name FROM information_schema.columns WHERE table_schema = 'public' AND column_name = 'company_id' AND table_name <> 'api_keys' ORDER BY table_name`,
    )
  ).rows;
  const prints: Record<string, string> = {};
  for (const { table_name: table } of tables) {
    const row = (
      await testDb().raw(
        `SELECT count(*)::text || ':' || coalesce(md5(string_agg(t::text, ',' ORDER BY t::text)), '') AS print FROM ?? t WHERE company_id = ?`,
        [table, companyId],
      )
    ).rows[0];
    prints[table] = row.print;
  }
  return prints;
}

describe('no 500 from client input: text Postgres cannot store is a 422 on every route that reads text', () => {
  let tenant: TestTenant;
  let params: Record<string, string>;
  const routes = allRoutes();

  beforeAll(async () => {
    tenant = await createTestTenant();
    const analysisUuid = await completedAnalysis(tenant.apiKey);
    const report = await draftReport(tenant.apiKey, analysisUuid, 'bcb_dossie');
    const endpoint = await request('POST', '/webhooks/endpoints', {
      apiKey: tenant.apiKey,
      body: { name: 'unstorable', url: 'http://127.0.0.1:9/hook', subscribed_events: ['webhook.test'] },
    });
    expect(endpoint.status).toBe(201);
    // Real resources where the route names one: without the bad text, the write would go through.
    params = {
      analysis_uuid: analysisUuid,
      endpoint_uuid: endpoint.body.uuid,
      event_uuid: randomUUID(),
      uuid: report.uuid,
      key: 'det',
      node_id: 'entity:1',
      version: 'current',
      workflow_id: `analysis-${analysisUuid}`,
      entity_id: '1',
    };
  });
  afterAll(closeTestDb);

  const pathOf = (route: RouteSpec, override: Record<string, string> = {}) =>
    route.path.replace(/:([A-Za-z0-9_]+)/g, (_, name: string) =>
      name in override ? override[name] : encodeURIComponent(params[name] ?? 'x'),
    );

  const unstorableAt = (body: any, loc: Pointer) =>
    Array.isArray(body?.detail)
      ? body.detail.filter((i: any) => i.type === 'text_not_storable' && JSON.stringify(i.loc) === JSON.stringify(loc))
      : [];

  const bodyRoutes = routes.filter((r) => r.body);
  const bodyCases = bodyRoutes.flatMap((route) =>
    bodyStringPointers(route).flatMap((pointer) => Object.entries(badText).map(([kind, text]) => ({ route, pointer, kind, text }))),
  );

  it('finds the string fields of every route with a body (the table below is not empty by accident)', () => {
    expect(bodyRoutes.length).toBeGreaterThanOrEqual(11);
    for (const route of bodyRoutes) expect([route.operationId, bodyStringPointers(route).length > 0]).toEqual([route.operationId, true]);
    expect(bodyCases.length).toBeGreaterThan(40);
  });

  it('answers 422 naming the field for NUL or a lone surrogate in every string field of every body, and writes nothing', async () => {
    const before = await companyFingerprint(tenant.companyId);
    const failures: string[] = [];
    for (const { route, pointer, kind, text } of bodyCases) {
      const body = withValueAt(exampleOf(route.body, route.bodyExample), pointer, text);
      const response = await request(route.method.toUpperCase(), pathOf(route), { apiKey: tenant.apiKey, body });
      const named = unstorableAt(response.body, ['body', ...pointer]);
      if (response.status !== 422 || named.length !== 1)
        failures.push(
          `${route.method} ${route.path} ${JSON.stringify(pointer)} (${kind}): ${response.status} ${response.text.slice(0, 300)}`,
        );
    }
    expect(failures).toEqual([]);
    expect(await companyFingerprint(tenant.companyId)).toEqual(before);
  });

  it('answers 422 for a NUL or a lone surrogate in a property name, wherever it sits', async () => {
    const before = await companyFingerprint(tenant.companyId);
    for (const route of bodyRoutes) {
      const body = { ...(exampleOf(route.body, route.bodyExample) as object), 'na\u0000me': 'x', '\udc00': 'y' };
      const response = await request(route.method.toUpperCase(), pathOf(route), { apiKey: tenant.apiKey, body });
      expect([route.operationId, response.status]).toEqual([route.operationId, 422]);
      expect(unstorableAt(response.body, ['body', 'na\u0000me'])).toHaveLength(1);
      expect(unstorableAt(response.body, ['body', '\udc00'])).toHaveLength(1);
    }
    expect(await companyFingerprint(tenant.companyId)).toEqual(before);
  });

  it('answers 422 for NUL in every query parameter and every path parameter of every route that reads them', async () => {
    const before = await companyFingerprint(tenant.companyId);
    const failures: string[] = [];
    let checked = 0;
    for (const route of routes) {
      const queryNames = route.query
        ? Object.keys((z.toJSONSchema(route.query, { io: 'input', unrepresentable: 'any' }) as Json).properties ?? {})
        : [];
      for (const name of queryNames) {
        const response = await request(route.method.toUpperCase(), `${pathOf(route)}?${name}=ab%00cd`, {
          apiKey: tenant.apiKey,
          ...(route.body ? { body: exampleOf(route.body, route.bodyExample) } : {}),
        });
        checked++;
        if (response.status !== 422 || unstorableAt(response.body, ['query', name]).length !== 1)
          failures.push(`${route.method} ${route.path} ?${name}: ${response.status} ${response.text.slice(0, 200)}`);
      }
      for (const name of route.params
        ? Object.keys((z.toJSONSchema(route.params, { io: 'input', unrepresentable: 'any' }) as Json).properties ?? {})
        : []) {
        const response = await request(route.method.toUpperCase(), pathOf(route, { [name]: 'ab%00cd' }), {
          apiKey: tenant.apiKey,
          ...(route.body ? { body: exampleOf(route.body, route.bodyExample) } : {}),
        });
        checked++;
        if (response.status !== 422 || unstorableAt(response.body, ['path', name]).length !== 1)
          failures.push(`${route.method} ${route.path} :${name}: ${response.status} ${response.text.slice(0, 200)}`);
      }
    }
    expect(failures).toEqual([]);
    expect(checked).toBeGreaterThan(40);
    expect(await companyFingerprint(tenant.companyId)).toEqual(before);
  });

  it('never answers 5xx to bytes that are not UTF-8 in a query or path (decoded as U+FFFD or kept as sent)', async () => {
    for (const route of routes.filter((r) => r.method === 'get' && (r.query || r.params))) {
      const queryName = route.query
        ? Object.keys((z.toJSONSchema(route.query, { io: 'input', unrepresentable: 'any' }) as Json).properties ?? {})[0]
        : undefined;
      const target = route.params
        ? pathOf(route, Object.fromEntries(Object.keys(params).map((n) => [n, '%ED%A0%80'])))
        : `${route.path}?${queryName}=%ED%A0%80%FF`;
      const response = await request('GET', target, { apiKey: tenant.apiKey });
      expect([route.operationId, response.status < 500]).toEqual([route.operationId, true]);
    }
  });

  it('answers 422 utf8_invalid to a JSON body that is not valid UTF-8, on every route with a body, and writes nothing', async () => {
    const before = await companyFingerprint(tenant.companyId);
    const invalid = [Buffer.from([0xff]), Buffer.from([0xed, 0xa0, 0x80]), Buffer.from([0xc0, 0x80]), Buffer.from([0xe2, 0x82])];
    for (const route of bodyRoutes) {
      const [pointer] = bodyStringPointers(route);
      const marker = '@@BYTES@@';
      const text = JSON.stringify(withValueAt(exampleOf(route.body, route.bodyExample), pointer, marker));
      for (const bytes of invalid) {
        const [head, tail] = text.split(marker);
        const response = await request(route.method.toUpperCase(), pathOf(route), {
          apiKey: tenant.apiKey,
          rawBody: Buffer.concat([Buffer.from(head), bytes, Buffer.from(tail)]),
        });
        expect([route.operationId, response.status, response.body]).toEqual([
          route.operationId,
          422,
          { detail: [{ loc: ['body'], msg: 'the body is not valid UTF-8', type: 'utf8_invalid' }] },
        ]);
      }
    }
    expect(await companyFingerprint(tenant.companyId)).toEqual(before);
  });

  it('still stores what Postgres can hold: accents, emoji (surrogate pairs), U+FFFD and control characters other than NUL', async () => {
    const name = 'São Paulo 😀 \uFFFD\t\u0007 東京';
    const created = await request('POST', '/webhooks/endpoints', {
      apiKey: tenant.apiKey,
      body: { name, url: 'http://127.0.0.1:9/unicode', subscribed_events: ['webhook.test'] },
    });
    expect(created.status).toBe(201);
    expect((await request('GET', `/webhooks/endpoints/${created.body.uuid}`, { apiKey: tenant.apiKey })).body.name).toBe(name);
  });
});

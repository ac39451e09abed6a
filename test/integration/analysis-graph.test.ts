import { request } from '../support/http';
import { createGraphNetwork, GraphNetwork } from '../support/graph-fixtures';
import { closeTestDb, createTestKey, createTestTenant, TestTenant, testDb } from '../support/tenants';

describe('analysis graph: read and expand (docs/graph.md)', () => {
  let tenant: TestTenant;
  let net: GraphNetwork;
  let uuid: string;
  const graphOf = async (key = tenant.apiKey) => request('GET', `/analyses/${uuid}/graph`, { apiKey: key });
  const expand = (node: string, domains: unknown, key = tenant.apiKey) =>
    request('POST', `/analyses/${uuid}/graph/nodes/${node}/expand`, { apiKey: key, body: { domains } });

  beforeAll(async () => {
    tenant = await createTestTenant();
    net = await createGraphNetwork(testDb());
    const created = await request('POST', '/analyses', { apiKey: tenant.apiKey, body: { entity_id: net.T } });
    expect(created.status).toBe(201);
    uuid = created.body.uuid;
  });
  afterAll(closeTestDb);

  it('serves the graph of a completed analysis: nodes, edges, paths, PEPs and beneficial owners', async () => {
    const { status, body } = await graphOf();
    expect(status).toBe(200);
    const keys = body.graph.nodes.map((n: any) => n.key);
    expect(body.graph.root_entity_id).toBe(net.T);
    expect(keys).toEqual(expect.arrayContaining([`entity:${net.T}`, `entity:${net.U}`, `proceeding:${net.proceeding}`]));
    expect(keys).not.toContain(`entity:${net.V1}`);
    expect(new Set(keys).size).toBe(keys.length);
    const pathToU = body.graph.paths.find((p: any) => p.target_node_key === `entity:${net.U}`);
    expect(pathToU).toMatchObject({
      depth: 4,
      node_keys: [`entity:${net.T}`, `entity:${net.Q}`, `entity:${net.R}`, `entity:${net.S}`, `entity:${net.U}`],
      truncated: true,
    });
    // U (hop 4, the snapshot's depth) has links beyond it: truncated for sure; X (hop 4) has none.
    expect(body.graph.paths.find((p: any) => p.target_node_key === `entity:${net.X}`)).toMatchObject({ depth: 4, truncated: false });
    expect(body.graph.truncated).toBe(true);
    const boundary = body.graph.limitations.filter((l: any) => l.code.startsWith('snapshot_'));
    expect(boundary).toEqual([
      expect.objectContaining({
        code: 'snapshot_depth_limit',
        entity_id: net.T,
        details: { snapshot_max_depth: 4, boundary_entity_count: 1, boundary_entity_ids: [net.U] },
      }),
    ]);
    expect(body.graph.nodes.find((n: any) => n.key === `proceeding:${net.proceeding}`)).toMatchObject({
      label: 'AdministrativeProceeding',
      canonical_table: 'proceedings',
      is_active: true,
      opened_at: '2024-05-02',
    });

    const owners = Object.fromEntries(body.ubo_findings.map((f: any) => [f.beneficial_owner.entity_id, f]));
    // P controls H (60 %) and so, with H's 50 % and its own 10 %, 60 % of T's votes: ownership and control.
    expect(owners[net.P]).toMatchObject({
      ownership_percentage: 40,
      voting_percentage: 60,
      control_type: 'both',
      beneficial_ownership_type: 'computed_ownership',
      is_direct: true,
      status: 'confirmed',
    });
    expect(owners[net.Q]).toMatchObject({ ownership_percentage: 60, voting_percentage: 40, control_type: 'ownership' });
    expect(owners[net.P].paths.map((p: any) => p.depth)).toEqual([1, 2]);
    expect(body.ubo_resolution).toEqual({ fully_resolved: true, has_upstream_ownership: true, unresolved: [] });
    expect(body.network_peps).toEqual([
      expect.objectContaining({
        entity: expect.objectContaining({ entity_id: net.Q }),
        pep_degree: 1,
        pep_status: 'grace_period',
        pep_type: 'public_official',
      }),
    ]);
  });

  const indexOf = async () => {
    const rows = await testDb()('analysis_graph_keys as k')
      .join('analyses as a', 'a.id', 'k.analysis_id')
      .where('a.uuid', uuid)
      .select('k.key', 'k.depth', 'k.expanded_domains');
    return new Map(rows.map((r: any) => [r.key, r]));
  };
  const baseGraphHash = async () => (await testDb()('analyses').where({ uuid }).first(testDb().raw('md5(graph::text) AS h'))).h;
  let hashBeforeExpansions: string;

  it('the graph step writes the key index: every node (with its path) and edge key of the graph', async () => {
    const graph = (await graphOf()).body.graph;
    const index = await indexOf();
    expect([...index.keys()].sort()).toEqual(
      [...graph.nodes.map((n: any) => n.key), ...graph.edges.map((e: any) => e.projection_key)].sort(),
    );
    for (const p of graph.paths) expect(index.get(p.target_node_key)).toMatchObject({ depth: p.depth, expanded_domains: null });
    hashBeforeExpansions = await baseGraphHash();
  });

  it('expands a node, persists it, and adds nothing the second time', async () => {
    const first = await expand(`entity:${net.U}`, ['ownership', 'media']);
    expect(first).toMatchObject({ status: 200, body: { domains: ['ownership'] } });
    const after = (await graphOf()).body.graph;
    const u = after.nodes.find((n: any) => n.key === `entity:${net.U}`);
    const v1 = after.nodes.find((n: any) => n.key === `entity:${net.V1}`);
    expect(u.is_expanded).toBe(true);
    expect(v1).toMatchObject({ is_expanded: false, signal_severity: 'not_evaluated' });
    expect(after.paths.find((p: any) => p.target_node_key === `entity:${net.V1}`)).toMatchObject({ depth: 5, direction: 'mixed' });

    expect((await expand(`entity:${net.U}`, ['ownership'])).status).toBe(200);
    const again = (await graphOf()).body.graph;
    expect(again.nodes.length).toBe(after.nodes.length);
    expect(again.edges.length).toBe(after.edges.length);
    const rows = await testDb()('analyses').where({ uuid }).first('graph_expansions');
    expect(rows.graph_expansions).toHaveLength(1);
  });

  it('loses nothing when expansions of one analysis run concurrently', async () => {
    const answers = await Promise.all([
      expand(`entity:${net.U}`, ['administration']),
      expand(`entity:${net.U}`, ['administration']),
      expand(`entity:${net.P}`, ['proceedings', 'family']),
      expand(`entity:${net.S}`, ['ownership', 'administration']),
    ]);
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200]);
    const graph = (await graphOf()).body.graph;
    const keys = graph.nodes.map((n: any) => n.key);
    expect(keys).toEqual(expect.arrayContaining([`entity:${net.W}`, `entity:${net.V1}`, `entity:${net.V2}`]));
    expect(new Set(keys).size).toBe(keys.length);
    const edgeKeys = graph.edges.map((e: any) => e.projection_key);
    expect(new Set(edgeKeys).size).toBe(edgeKeys.length);
    for (const node of [net.U, net.P, net.S]) expect(graph.nodes.find((n: any) => n.key === `entity:${node}`).is_expanded).toBe(true);
  });

  it('never rewrites the analysis-time graph; an analysis without index is indexed by its next expansion', async () => {
    expect(await baseGraphHash()).toBe(hashBeforeExpansions);
    const view = (await graphOf()).body.graph;
    const records = (await testDb()('analyses').where({ uuid }).first('graph_expansions')).graph_expansions.length;
    // As for a graph written before the index existed.
    await testDb()('analysis_graph_keys').whereIn('analysis_id', testDb()('analyses').where({ uuid }).select('id')).delete();
    expect((await expand(`entity:${net.U}`, ['ownership', 'administration'])).status).toBe(200);
    const index = await indexOf();
    expect([...index.keys()].sort()).toEqual(
      [...view.nodes.map((n: any) => n.key), ...view.edges.map((e: any) => e.projection_key)].sort(),
    );
    expect(index.get(`entity:${net.U}`).expanded_domains).toEqual(['administration', 'ownership']);
    expect(index.get(`entity:${net.V1}`)).toMatchObject({ depth: 5, expanded_domains: null });
    // Nothing new and no new domain: the rebuilt index knows both were applied, so nothing is written.
    expect((await testDb()('analyses').where({ uuid }).first('graph_expansions')).graph_expansions).toHaveLength(records);
    expect((await graphOf()).body.graph).toEqual(view);
    // A node first reached by an expansion can be expanded in turn (its path is rebuilt from the index).
    expect(await expand(`entity:${net.V1}`, ['ownership'])).toMatchObject({ status: 200, body: { domains: ['ownership'] } });
    expect((await graphOf()).body.graph.nodes.find((n: any) => n.key === `entity:${net.V1}`).is_expanded).toBe(true);
    expect(await baseGraphHash()).toBe(hashBeforeExpansions);
  });

  it('answers 422 for an unknown domain, 404 for an unknown node or another company, 403 without scope', async () => {
    const bad = await expand(`entity:${net.U}`, ['ownership', 'astrology']);
    expect(bad.status).toBe(422);
    expect(bad.body.detail[0].loc).toEqual(['body', 'domains', 1]);
    expect((await expand(`entity:${net.U}`, [])).status).toBe(422);
    expect(await expand('entity:999999999', ['ownership'])).toMatchObject({ status: 404, body: { detail: 'graph node not found' } });
    expect((await expand('not-a-key', ['ownership'])).status).toBe(404);
    const other = await createTestTenant();
    expect(await graphOf(other.apiKey)).toMatchObject({ status: 404, body: { detail: 'analysis not found' } });
    expect(await expand(`entity:${net.U}`, ['ownership'], other.apiKey)).toMatchObject({
      status: 404,
      body: { detail: 'analysis not found' },
    });
    expect((await request('GET', '/analyses/00000000-0000-4000-8000-000000000000/graph', { apiKey: tenant.apiKey })).status).toBe(404);
    const readOnly = await createTestKey(tenant, ['analyses:read']);
    expect(await expand(`entity:${net.U}`, ['ownership'], readOnly)).toMatchObject({ status: 403 });
  });
});

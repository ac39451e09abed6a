import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import { persistGraph } from '../../db/repositories/analyses/analysis-run-repository';
import { SYSTEM_ACTOR } from '../../domain/actor';
import { issueApiKey } from '../../usecases/tenancy/issue-api-key';
import { createCompany, upsertPlan } from '../../db/repositories/tenancy/tenancy-repository';
import type { Snapshot } from '../../domain/analysis/snapshot';
import { buildAnalysisGraph } from '../../domain/graph/build-analysis-graph';
import { generateSnapshot } from '../graph';

/**
 * The console bench's data: a company and key, a completed analysis whose graph is built from
 * the graph bench's generated network (≥ 5,000 nodes with the default fan-out), and `expansions`
 * hub nodes in the entity store, each with 20 owned companies outside the graph, so that every
 * expansion adds nodes.
 */
export async function seedExpandableGraph(db: Knex, options: { expansions: number; fanOut: number[] }) {
  const { expansions, fanOut } = options;
  const planCode = `bench-${randomUUID()}`;
  await upsertPlan(db, { code: planCode, features: ['analyses'], quotas: { analyses: 10 }, limits: { requests_per_second: 1_000_000 } });
  const company = await createCompany(db, { name: 'Console bench', planCode });
  const { apiKey } = await issueApiKey({ db: db }, SYSTEM_ACTOR, {
    companyUuid: company.uuid,
    scopes: ['analyses:read', 'analyses:write'],
  });

  // Expandable nodes: hubs in the entity store, each with 20 owned companies outside the graph.
  const hubs: { id: number; name: string }[] = [];
  for (let i = 0; i < expansions; i++) {
    const ids = await db('entities')
      .insert(
        Array.from({ length: 21 }, (_, k) => ({
          entity_type: 'organization',
          display_name: `Bench hub ${i}-${k}`,
          normalized_name: `bench hub ${i} ${k}`,
          source_key: `bench:${randomUUID()}`,
        })),
      )
      .returning('id');
    await db('relationships').insert(
      ids.slice(1).map((row: { id: number }) => ({
        source_entity_id: ids[0].id,
        target_entity_id: row.id,
        relationship_type: 'OWNS',
        ownership_percentage: '100',
        evidence_source: 'bench',
        source_key: `bench:${randomUUID()}`,
      })),
    );
    hubs.push({ id: ids[0].id, name: `Bench hub ${i}-0` });
  }
  const base = generateSnapshot({ fanOut, firstId: 1_000_000, seed: 42 });
  const snapshot: Snapshot = {
    ...base,
    network: {
      ...base.network,
      entities: [
        ...base.network.entities,
        ...hubs.map((h) => ({ ...base.network.entities[1], entity_id: h.id, display_name: h.name, hop: 1 })),
      ],
      relationships: [
        ...base.network.relationships,
        ...hubs.map((h, i) => ({
          ...base.network.relationships[0],
          relationship_id: 9_000_000 + i,
          source_entity_id: h.id,
          target_entity_id: base.subject_entity_id,
          ownership_percentage: null,
        })),
      ],
    },
  };
  const graph = buildAnalysisGraph(snapshot, [], { maxDepth: 4, maxNodes: 20_000, uboThresholdPercent: 25 });
  const uuid = randomUUID();
  await db('analyses').insert({
    uuid,
    company_id: company.id,
    entity_id: snapshot.subject_entity_id,
    mode: 'async',
    status: 'running',
    entry_uuid: randomUUID(),
    as_of: snapshot.as_of,
    verdict: '{}',
    workflow_id: `analysis-${uuid}`,
  });
  await persistGraph(db, uuid, graph, { nodes: graph.graph.nodes.length });
  await db('analyses').where({ uuid }).update({ status: 'completed' });
  return { uuid, apiKey, hubs, graph };
}

import { z } from 'zod';
import { text } from '../../edge/request-fields';
import { EXPANSION_DOMAINS } from '../../../domain/graph/expansion/expansion-domains';
import { analysisGraphExample } from './analysis-examples';

/** docs/graph.md as zod: the OpenAPI document of the graph endpoints is generated from these. */
const date = z.string().nullable();
const entityType = z.enum([
  'person',
  'organization',
  'government_agency',
  'financial_institution',
  'political_party',
  'foreign_entity',
  'vessel',
  'aircraft',
  'notary_office',
  'unknown',
]);
const entityRef = z.object({ entity_id: z.number().int(), display_name: z.string(), entity_type: entityType });
const limitation = z.object({
  code: z.string(),
  message: z.string(),
  details: z.record(z.string(), z.unknown()),
  entity_id: z.number().int().min(1),
});

const graphNodeSchema = z.object({
  key: z.string(),
  label: z.string(),
  canonical_id: z.number().int(),
  canonical_table: z.string(),
  source_id: z.number().int(),
  entity_type: entityType.nullable(),
  display_name: z.string(),
  status: z.string(),
  is_active: z.boolean(),
  is_expanded: z.boolean(),
  is_inferred: z.boolean(),
  signal_severity: z.string(),
  valid_from: date,
  valid_to: date,
  opened_at: date,
  decision_date: date,
  closed_at: date,
  proceeding_number: z.string().nullable(),
  proceeding_type: z.string().nullable(),
});

const graphEdgeSchema = z.object({
  projection_key: z.string(),
  source_canonical_id: z.number().int(),
  target_canonical_id: z.number().int(),
  source_label: z.string(),
  target_label: z.string(),
  canonical_id: z.number().int(),
  canonical_table: z.string(),
  source_id: z.number().int(),
  relationship_type: z.string(),
  relationship_subtype: z.string().nullable(),
  relationship_role: z.string().nullable(),
  display_name: z.string(),
  confidence_level: z.string(),
  evidence_table: z.string().nullable(),
  evidence_type: z.string(),
  evidence_id: z.number().int().nullable(),
  evidence_count: z.number().int(),
  risk_level: z.string(),
  status: z.string(),
  is_active: z.boolean(),
  is_expanded: z.boolean(),
  is_inferred: z.boolean(),
  valid_from: date,
  valid_to: date,
});

const graphPathSchema = z.object({
  path_id: z.string(),
  root_node_key: z.string(),
  target_node_key: z.string(),
  depth: z.number().int(),
  direction: z.string(),
  contains_cycle: z.boolean(),
  node_keys: z.array(z.string()),
  edge_keys: z.array(z.string()),
  equivalent_path_count: z.number().int(),
  truncated: z.boolean(),
});

const uboNodeRef = z.object({ canonical_id: z.number().int(), label: z.string() });
const uboPath = z.object({
  path_id: z.string(),
  root_node_key: uboNodeRef,
  target_node_key: uboNodeRef,
  node_keys: z.array(uboNodeRef),
  edge_keys: z.array(z.string()),
  depth: z.number().int(),
  direction: z.string(),
  contains_cycle: z.boolean(),
  equivalent_path_count: z.number().int(),
  truncated: z.boolean(),
});

export const analysisGraphResponseSchema = z
  .object({
    graph: z
      .object({
        root_entity_id: z.number().int(),
        nodes: z.array(graphNodeSchema),
        edges: z.array(graphEdgeSchema),
        paths: z.array(graphPathSchema),
        limitations: z.array(limitation),
        truncated: z.boolean(),
      })
      .nullable(),
    network_peps: z.array(
      z.object({
        entity: entityRef,
        pep_degree: z.number().int(),
        position_title: z.string().nullable(),
        institution_name: z.string().nullable(),
        start_date: date,
        end_date: date,
        pep_status: z.string(),
        pep_type: z.string(),
      }),
    ),
    signal_graph_index: z.array(
      z.object({ signal_code: z.string(), node_keys: z.array(z.string()), edge_keys: z.array(z.string()), path_ids: z.array(z.string()) }),
    ),
    ubo_findings: z.array(
      z.object({
        beneficial_owner: entityRef,
        organization: entityRef,
        beneficial_ownership_type: z.string(),
        confidence_level: z.string(),
        control_type: z.string(),
        status: z.string(),
        source: z.string(),
        identification_reason: z.string(),
        control_chain_depth: z.number().int(),
        is_direct: z.boolean(),
        ownership_percentage: z.number().nullable(),
        voting_percentage: z.number().nullable(),
        limitations: z.array(limitation),
        paths: z.array(uboPath),
      }),
    ),
    ubo_resolution: z
      .object({
        fully_resolved: z.boolean(),
        has_upstream_ownership: z.boolean(),
        unresolved: z.array(z.object({ entity: entityRef, paths: z.array(uboPath) })),
      })
      .nullable(),
  })
  .meta({
    id: 'AnalysisGraph',
    description: 'The relationship graph (docs/graph.md); `graph` is null until the analysis has built it.',
    examples: [analysisGraphExample],
  });
export type AnalysisGraphResponse = z.infer<typeof analysisGraphResponseSchema>;

const analysisUuid = z.uuid().describe('the analysis uuid');
export const graphParamsSchema = z.object({ analysis_uuid: analysisUuid });
export const expandParamsSchema = z.object({
  analysis_uuid: analysisUuid,
  node_id: text({ max: 64, min: 1 }).describe('the `key` of a node of the graph'),
});
export const expandBodySchema = z
  .object({
    domains: z
      .array(z.enum(EXPANSION_DOMAINS))
      .min(1)
      .max(EXPANSION_DOMAINS.length * 2),
  })
  .strict()
  .meta({ id: 'GraphExpansionRequest', examples: [{ domains: [EXPANSION_DOMAINS[0]] }] });
export type ExpandBody = z.infer<typeof expandBodySchema>;
export const expandResponseSchema = z
  .object({ domains: z.array(z.enum(EXPANSION_DOMAINS)) })
  .meta({ id: 'GraphExpansion', examples: [{ domains: [EXPANSION_DOMAINS[0]] }] });
